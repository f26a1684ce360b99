// A refused master in the designer's language: the pattern-formats contract's codes, worded from
// the catalog with the figures the function sends in `details` (its own message is English).
// Read when called, so the page's language at that moment speaks.
import { errorMessage } from '@stitchhouse/shared';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import { MAX_MASTER_BYTES } from '@stitchhouse/shared/catalog/tiling.ts';
import { patternFormatsError } from '@stitchhouse/shared/contracts/pattern-formats.ts';
import { FunctionCallError } from '@stitchhouse/shared/functions.ts';

const MB = 1024 * 1024;

const list = (names: readonly string[]) => new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(names);

/** Said of a master over the size one call of the function can read, before it is uploaded. */
export function masterTooLarge(bytes: number): string | null {
  if (bytes <= MAX_MASTER_BYTES) return null;
  return i18n._('catalog.publish.master.problem.tooLarge', { mb: Math.round(bytes / MB), max: MAX_MASTER_BYTES / MB });
}

function refusalWords(error: FunctionCallError): string | null {
  const parsed = patternFormatsError.safeParse({ error: { code: error.code, message: error.message, details: error.details ?? null } });
  if (!parsed.success) return null;
  const refusal = parsed.data.error;
  switch (refusal.code) {
    case 'master_too_small':
      return i18n._('catalog.publish.master.problem.tooSmall', {
        sheet: refusal.details.sheet,
        width: refusal.details.width_mm,
        height: refusal.details.height_mm,
      });
    case 'master_encrypted':
      return i18n._('catalog.publish.master.problem.encrypted');
    case 'master_unreadable':
      return i18n._('catalog.publish.master.problem.unreadable');
    case 'master_too_many_sheets':
      return i18n._('catalog.publish.master.problem.tooManySheets', { sheets: refusal.details.sheets, max: refusal.details.max });
    case 'master_too_large':
      return i18n._('catalog.publish.master.problem.tooLarge', { mb: refusal.details.mb, max: refusal.details.max_mb });
    case 'layers_unmatched':
      return refusal.details.sizes.length
        ? i18n._('catalog.publish.master.problem.layersUnmatched', { layers: list(refusal.details.layers), sizes: list(refusal.details.sizes) })
        : i18n._('catalog.publish.master.problem.layersNoSizes', { layers: list(refusal.details.layers) });
    case 'master_missing':
      return i18n._('catalog.publish.master.problem.missing');
    case 'conflict':
      return i18n._('catalog.publish.master.problem.replaced');
    default:
      return null;
  }
}

/** What the editor says when making the formats failed; nothing was published (the function applies all formats at once or none). */
export function masterProblem(error: unknown): string {
  const words = error instanceof FunctionCallError ? (refusalWords(error) ?? error.message) : errorMessage(error);
  return i18n._('catalog.publish.master.failed', { problem: words });
}
