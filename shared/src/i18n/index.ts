// Languages: which ones, how a page picks one, and the one runtime every app registers
// its catalog with. Components read messages with `const { i18n } = useLingui()` from '@lingui/react'
// and `i18n._('app.id', values)` or `<Trans id="app.id" …/>`; docs/i18n/README.md has the how-to.
import './catalog.ts';

export * from './locales.ts';
export { activateLocale, activeLocale, catalogLocale, defineCatalog, i18n, loadCatalog, loadCatalogs, pageLocale, rememberLocale } from './runtime.ts';
export type { CatalogModule } from './runtime.ts';
