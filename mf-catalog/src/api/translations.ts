// A pattern's title and description in other languages (pattern_translations): the owning store
// adds, edits and removes them; row-level security and the table's trigger decide (only the
// pattern's store writes, never in the pattern's own language, 1–200 characters of title) and
// answer a refusal in words.
import { getSupabase } from '@stitchhouse/shared';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import { publishingKeys } from './publish.ts';

/** Under the store's own catalog (publishingKeys): patternsChanged() reads them again after a write. */
export const translationKeys = {
  pattern: (patternId: string) => [...publishingKeys.all, 'translations', patternId] as const,
};

export interface PatternTranslation {
  locale: string;
  title: string;
  description: string;
  updatedAt: string;
}

const fail = (error: { message: string }, status?: number): never => {
  throw Object.assign(error, { status });
};

/** The pattern's translations, by language code. */
export async function listPatternTranslations(patternId: string, signal?: AbortSignal): Promise<PatternTranslation[]> {
  const supabase = await getSupabase();
  let request = supabase.from('pattern_translations').select('locale, title, description, updated_at').eq('pattern_id', patternId).order('locale');
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) fail(error, status);
  return (data ?? []).map((t) => ({ locale: t.locale, title: t.title, description: t.description, updatedAt: t.updated_at }));
}

/**
 * Adds the translation (`exists` false) or changes its title and description. Two calls, not an
 * upsert: the store may update only title and description, never move a row to another pattern
 * or language.
 */
export async function savePatternTranslation(patternId: string, locale: string, text: { title: string; description: string }, exists: boolean): Promise<void> {
  const supabase = await getSupabase();
  if (!exists) {
    const { error, status } = await supabase.from('pattern_translations').insert({ pattern_id: patternId, locale, ...text });
    if (error) fail(error, status);
    return;
  }
  const { data, error, status } = await supabase.from('pattern_translations').update(text).eq('pattern_id', patternId).eq('locale', locale).select('locale');
  if (error) fail(error, status);
  // removed meanwhile (another tab): nothing was changed, and the person is told so
  if (!data?.length) throw new Error(i18n._('catalog.publish.translations.gone'));
}

export async function deletePatternTranslation(patternId: string, locale: string): Promise<void> {
  const supabase = await getSupabase();
  const { error, status } = await supabase.from('pattern_translations').delete().eq('pattern_id', patternId).eq('locale', locale);
  if (error) fail(error, status);
}
