// A zod message in the page's language: `z.string().min(1, say(/*i18n*/ 'shared.form.emailRequired'))`.
// zod calls `error` when it reports the issue, so the message is in the language of that moment
// (a switch between two submits shows the next check's messages in the new language). The id is
// marked for the extractor where it is written; `values` fill its placeholders.
import { i18n } from './i18n/index.ts';

export function say(id: string, values?: Record<string, unknown>): { error: () => string } {
  return { error: () => i18n._(id, values) };
}

/** The same message as a plain string, for a custom issue (`ctx.addIssue({ message: text(…) })`). */
export function text(id: string, values?: Record<string, unknown>): string {
  return i18n._(id, values);
}
