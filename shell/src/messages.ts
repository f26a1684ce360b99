import { defineCatalog } from '@stitchhouse/shared/i18n/index.ts';
import english from './locales/en.json';

// This app's messages (ids start with "shell."); English ships with the code, other languages load on demand.
defineCatalog('shell', english, (locale) => import(`./locales/${locale}.json`));
