import { defineCatalog } from '@stitchhouse/shared/i18n/index.ts';
import english from './locales/en.json';

// The words of the screens for designers, stores and buyers' downloads (publishing, the pattern
// editor, the store manager, library, downloads; lingui.config.js CATALOG_OWNER_SOURCES): those
// screens import this, so English arrives with their code and the catalog and a pattern page never
// carry it; in another language the runtime loads it as they open (the shell's loader waits for it).
defineCatalog('catalog.owner', english, (locale) => import(`./locales/${locale}.json`));
