import type { PatternStatus, StatusResult } from '../../api/publishing.ts';

const DONE: Record<PatternStatus, string> = { published: 'published', archived: 'archived', draft: 'moved back to draft' };

/** "2 patterns published. 1 could not be: Tote — needs a cover image" for the bulk result banner. */
export function bulkSummary(results: readonly StatusResult[], status: PatternStatus): { ok: number; failed: StatusResult[]; text: string } {
  const ok = results.filter((r) => r.ok).length;
  const failed = results.filter((r) => !r.ok);
  const parts = [`${ok} pattern${ok === 1 ? '' : 's'} ${DONE[status]}.`];
  if (failed.length > 0)
    parts.push(`${failed.length} could not be: ${failed.map((f) => `${f.title ?? 'Unknown pattern'} — ${f.message ?? 'not changed'}`).join('; ')}`);
  return { ok, failed, text: parts.join(' ') };
}
