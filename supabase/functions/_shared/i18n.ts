// Emails in the recipient's saved language: the functions' own Lingui catalog
// (`locales/<locale>.po`, ids `email.…`, compiled to JSON by scripts/i18n.mjs), one I18n instance
// per message, never the module-wide one (a function may write to a German and a Dutch member in
// one call). The language is the member's `profiles.locale`, else what the request names, else English.
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { SupabaseClient } from '@supabase/supabase-js';
import { escapeHtml } from '@stitchhouse/shared/html.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@stitchhouse/shared/i18n/locales.ts';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };

const CATALOGS: Record<Locale, { messages: Record<string, unknown> }> = { en, de, fr, es, nl };

/** The messages of one email in `locale` (an unknown or missing language is English). */
export function mailI18n(locale: string | null | undefined): I18n {
  const chosen = isLocale(locale) ? locale : DEFAULT_LOCALE;
  return setupI18n({ locale: chosen, messages: { [chosen]: CATALOGS[chosen].messages as Messages } });
}

/**
 * The saved language of the member `userId` (read with the service client), or `fallback`
 * (the language the request was made in) when they have none. A database without the column
 * answers the fallback too: a mail is never lost to its language.
 */
export async function memberLocale(admin: SupabaseClient, userId: string | null | undefined, fallback?: string | null): Promise<Locale> {
  const requested = isLocale(fallback) ? fallback : DEFAULT_LOCALE;
  if (!userId) return requested;
  const { data, error } = await admin.from('profiles').select('locale').eq('id', userId).maybeSingle();
  if (error) return requested;
  const saved = (data as { locale?: unknown } | null)?.locale;
  return isLocale(saved) ? saved : requested;
}

/**
 * The titles the store wrote in `locale` (pattern_translations) for those of `patternIds` that have
 * one; a pattern without one keeps its own title. Read with the service client.
 */
export async function translatedTitles(admin: SupabaseClient, patternIds: readonly string[], locale: string | null | undefined): Promise<Map<string, string>> {
  if (!isLocale(locale) || patternIds.length === 0) return new Map();
  const { data, error } = await admin
    .from('pattern_translations')
    .select('pattern_id, title')
    .eq('locale', locale)
    .in('pattern_id', [...patternIds]);
  if (error) throw error;
  return new Map((data as { pattern_id: string; title: string }[]).map((row) => [row.pattern_id, row.title]));
}

/**
 * A translated sentence for an HTML mail: its text escaped, its `<0>…</0>`, `<1>…</1>` parts made
 * links to `hrefs[0]`, `hrefs[1]` (the catalog keeps the words around a link in one sentence).
 */
export function htmlWithLinks(message: string, hrefs: readonly string[]): string {
  return message
    .split(/(<\d+>[\s\S]*?<\/\d+>)/)
    .map((part) => {
      const tag = /^<(\d+)>([\s\S]*?)<\/\1>$/.exec(part);
      const href = tag ? hrefs[Number(tag[1])] : undefined;
      return tag && href ? `<a href="${escapeHtml(href)}">${escapeHtml(tag[2]!)}</a>` : escapeHtml(part);
    })
    .join('');
}

/** A day as the recipient writes it (23 November 2026 / 23. November 2026 / 23 novembre 2026…). */
export function mailDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
}
