import { describe, expect, it } from 'vitest';
import '../../messages.ts';
import '../../catalogs/owner/messages.ts';
import { looksLikePdf, MAX_PATTERN_FILE_BYTES, patternFileProblem } from './fileRules.ts';

describe('pattern file rules', () => {
  it('accepts PDFs up to 200 MB', () => {
    expect(patternFileProblem({ name: 'dress.pdf', size: 1000, type: 'application/pdf' })).toBeNull();
    expect(patternFileProblem({ name: 'dress.pdf', size: MAX_PATTERN_FILE_BYTES, type: '' })).toBeNull();
  });
  it('refuses other types, empty and oversized files', () => {
    expect(patternFileProblem({ name: 'dress.png', size: 10, type: 'image/png' })).toMatch(/not a PDF/);
    expect(patternFileProblem({ name: 'dress.pdf', size: 0, type: 'application/pdf' })).toMatch(/empty/);
    expect(patternFileProblem({ name: 'dress.pdf', size: MAX_PATTERN_FILE_BYTES + 1, type: 'application/pdf' })).toMatch(/200 MB/);
  });
  it('reads the PDF signature', async () => {
    expect(await looksLikePdf(new Blob(['%PDF-1.7\n…']))).toBe(true);
    expect(await looksLikePdf(new Blob(['PK\u0003\u0004 zip']))).toBe(false);
  });
});
