import { defineCatalog, loadCatalog, pageLocale } from '@stitchhouse/shared/i18n/index.ts';
import english from './locales/en.json';

/** This app's messages (ids start with "payments."); English ships with the code, other languages load on demand. */
export const catalog = defineCatalog('payments', english, (locale) => import(`./locales/${locale}.json`));

// Opened directly on one of this remote's public screens in another language, the catalog can
// register while the shell is still switching to that language (after it read which catalogs to
// load): load the page's language now too; its arrival re-renders the screen.
const opening = pageLocale();
if (opening !== 'en') void loadCatalog(catalog, opening).catch(() => undefined);
