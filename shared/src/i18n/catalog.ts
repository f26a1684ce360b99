import { followLocale } from '../formatLocale.ts';
import { defineCatalog, i18n } from './runtime.ts';

// The platform package's own messages (UI primitives, error wording, route titles), registered when
// the i18n module first loads, in the page's language only (English too is a chunk of its own: a
// German page does not carry it); the page server hints that chunk with main.js (boot-plan.json
// `catalogs`) and the page renders once it is in (activateLocale). A copy of this module bundled by a remote (a shared file the shell
// does not import itself, such as routeTitles.ts, brings one along) finds it registered already:
// the registry is one per page (runtime.ts), so a switch loads it whichever copy ran first.
// The form words are a catalog of their own, registered by the form code (../form/messages.ts).
defineCatalog('shared', null, (locale) => import(`../locales/${locale}.json`));

// shared's formatters (money.ts, dates) write in the page's active language when a caller names none.
followLocale(
  () => i18n.locale,
  (id) => i18n._(id),
);
