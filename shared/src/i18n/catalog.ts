import english from '../locales/en.json';
import { followLocale } from '../formatLocale.ts';
import { defineCatalog, i18n } from './runtime.ts';

// The platform package's own messages (UI primitives, error wording, form hints), registered when
// the i18n module first loads.
defineCatalog('shared', english, (locale) => import(`../locales/${locale}.json`));
// shared's formatters (money.ts, dates) write in the page's active language when a caller names none.
followLocale(
  () => i18n.locale,
  (id) => i18n._(id),
);
