// Checks made before a pattern file leaves the browser (the bucket and attach_pattern_file
// check again on the server).
export const MAX_PATTERN_FILE_BYTES = 200 * 1024 * 1024;

/** A message for a file that cannot be a pattern file, or null when it may be uploaded. */
export function patternFileProblem(file: { name: string; size: number; type: string }): string | null {
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_PATTERN_FILE_BYTES) return `${file.name} is larger than 200 MB. Compress it or split the layers before uploading.`;
  const pdfType = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!pdfType) return `${file.name} is not a PDF. Export the pattern as PDF and upload that.`;
  return null;
}

/** The first bytes of every PDF, checked so a renamed file is caught before a long upload. */
export async function looksLikePdf(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  const text = new TextDecoder('latin1').decode(head);
  return text.includes('%PDF-');
}
