import { defineCatalog } from '@stitchhouse/shared/i18n/index.ts';
import english from './locales/en.json';

/** This app's messages (ids start with "partners."); English ships with the code, other languages load on demand. */
export const catalog = defineCatalog('partners', english, (locale) => import(`./locales/${locale}.json`));
