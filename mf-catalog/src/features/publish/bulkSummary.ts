import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import type { PatternStatus, StatusResult } from '../../api/publish.ts';

/** "2 patterns published. 1 could not be: Tote — needs a cover image" for the bulk result banner. */
export function bulkSummary(results: readonly StatusResult[], status: PatternStatus): { ok: number; failed: StatusResult[]; text: string } {
  const ok = results.filter((r) => r.ok).length;
  const failed = results.filter((r) => !r.ok);
  const parts = [i18n._('catalog.publish.bulk.done', { count: ok, status })];
  if (failed.length > 0) {
    const list = failed
      .map((f) =>
        i18n._('catalog.publish.bulk.failure', {
          title: f.title ?? i18n._('catalog.publish.bulk.unknownPattern'),
          reason: f.message ?? i18n._('catalog.publish.bulk.notChanged'),
        }),
      )
      .join('; ');
    parts.push(i18n._('catalog.publish.bulk.failed', { count: failed.length, list }));
  }
  return { ok, failed, text: parts.join(' ') };
}
