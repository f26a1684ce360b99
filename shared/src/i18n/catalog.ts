import english from '../locales/en.json';
import { followLocale } from '../formatLocale.ts';
import { isLocale } from './locales.ts';
import { defineCatalog, i18n, loadCatalog } from './runtime.ts';

// The platform package's own messages (UI primitives, error wording, form hints), registered when
// the i18n module first loads.
const shared = defineCatalog('shared', english, (locale) => import(`../locales/${locale}.json`));

// A remote may bundle its own copy of this module (a shared file the shell does not import itself,
// such as routeTitles.ts, brings one along), whose registry the shell's activateLocale does not see:
// whichever copy runs also follows the one runtime's language, so shared's words are there in it
// (loaded once per language; Lingui's provider re-renders when they arrive).
const follow = () => {
  if (isLocale(i18n.locale)) loadCatalog(shared, i18n.locale).catch((error: unknown) => console.error("shared's messages could not be loaded", error));
};
i18n.on('change', follow);
follow();

// shared's formatters (money.ts, dates) write in the page's active language when a caller names none.
followLocale(
  () => i18n.locale,
  (id) => i18n._(id),
);
