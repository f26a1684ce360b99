import english from '../locales/en.json';
import { defineCatalog } from './runtime.ts';

// The platform package's own messages (UI primitives, error wording, form hints), registered when
// the i18n module first loads.
defineCatalog('shared', english, (locale) => import(`../locales/${locale}.json`));
