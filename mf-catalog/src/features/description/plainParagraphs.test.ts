import { describe, expect, it } from 'vitest';
import { plainParagraphs } from './plainParagraphs.ts';

describe('plainParagraphs', () => {
  it("splits on blank lines and keeps each paragraph's text", () => {
    expect(plainParagraphs('A **breezy** wrap dress.\nFully lined.\n\n- pockets\n- ties\n  \t\n\n\nSizes XS to XL.\n')).toEqual([
      'A **breezy** wrap dress.\nFully lined.',
      '- pockets\n- ties',
      'Sizes XS to XL.',
    ]);
  });

  it('gives nothing for blank text and one paragraph for a single line', () => {
    expect(plainParagraphs(' \n\n ')).toEqual([]);
    expect(plainParagraphs('One line.')).toEqual(['One line.']);
  });

  it('reads Windows line ends', () => {
    expect(plainParagraphs('First.\r\n\r\nSecond.')).toEqual(['First.', 'Second.']);
  });
});
