// Checks made before a pattern file leaves the browser (the bucket and attach_pattern_file
// check again on the server). The messages are in the page's language, read when called.
import { i18n } from '@stitchhouse/shared/i18n/index.ts';

export const MAX_PATTERN_FILE_BYTES = 200 * 1024 * 1024;

/** A message for a file that cannot be a pattern file, or null when it may be uploaded. */
export function patternFileProblem(file: { name: string; size: number; type: string }): string | null {
  if (file.size === 0) return i18n._('catalog.publish.file.empty', { file: file.name });
  if (file.size > MAX_PATTERN_FILE_BYTES) return i18n._('catalog.publish.file.tooLarge', { file: file.name });
  const pdfType = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!pdfType) return i18n._('catalog.publish.file.notPdf', { file: file.name });
  return null;
}

/** Said of a file whose first bytes are no PDF's. */
export const notPdfHeader = (name: string) => i18n._('catalog.publish.file.noHeader', { file: name });

/** The first bytes of every PDF, checked so a renamed file is caught before a long upload. */
export async function looksLikePdf(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  const text = new TextDecoder('latin1').decode(head);
  return text.includes('%PDF-');
}
