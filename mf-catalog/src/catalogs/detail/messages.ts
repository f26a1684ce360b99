import { defineCatalog } from '@stitchhouse/shared/i18n/index.ts';
import english from './locales/en.json';

// A pattern page's own words (the page, its reviews and kits; lingui.config.js CATALOG_DETAIL_SOURCES):
// the pattern page imports this, so English arrives with its code and the catalog's list never
// carries it; in another language the runtime loads it as the page opens (the shell's loader waits).
defineCatalog('catalog.detail', english, (locale) => import(`./locales/${locale}.json`));
