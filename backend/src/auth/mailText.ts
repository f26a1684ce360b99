// The auth emails' words in the user's language: the auth mails' own Lingui catalog
// (`locales/<locale>.po`, ids `authmail.…`, compiled by scripts/i18n.mjs), one I18n per message.
// Hosted Supabase writes these mails from its templates, which read the same `.Data.locale`.
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../shared/src/i18n/locales.mjs';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };

const CATALOGS: Record<Locale, { messages: Record<string, unknown> }> = { en, de, fr, es, nl };

/** The messages of one auth email in `locale` (unknown or missing: English). */
export function authMailI18n(locale: string | null | undefined): I18n {
  const chosen = isLocale(locale) ? locale : DEFAULT_LOCALE;
  return setupI18n({ locale: chosen, messages: { [chosen]: CATALOGS[chosen].messages as Messages } });
}
