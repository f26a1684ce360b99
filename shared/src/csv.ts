/**
 * The one CSV writer. Every CSV the product writes goes through it: the report
 * exports (supabase/functions/report-export), the till's catalog feed (pos-catalog) and the
 * settlement statement the browser builds (mf-partners). RFC 4180 quoting and CRLF line ends by
 * papaparse. Cells come from other people (a designer names a pattern, a shop names itself), so a
 * text cell a spreadsheet would run as a formula — one that starts with = + - @, a tab or a
 * carriage return, or the full-width = + - @ some spreadsheets also accept, also after leading
 * spaces (a spreadsheet that trims them on import) — is written with a
 * leading apostrophe, quoted (OWASP, "CSV injection"). Numbers are written as they are (-5 stays a
 * number). papaparse's own `escapeFormulae: true` misses a formula cell with a line break in it,
 * hence the pattern here.
 */
import Papa from 'papaparse';

/** A text cell that starts like this is neutralised (a leading apostrophe). */
export const CSV_FORMULA_LEAD = /^[\t\r]|^[ \u00A0\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

export interface CsvOptions {
  /** Write the header row (the column names) first; default true. A stream's later pages pass false. */
  header?: boolean;
}

/**
 * Rows → CSV text in the order of `columns`, each line ending in CRLF; a missing or null value is an
 * empty cell. With no rows and no header the text is empty.
 */
export function writeCsv<T extends object>(rows: readonly T[], columns: readonly (keyof T & string)[], options: CsvOptions = {}): string {
  const lines: unknown[][] = [
    ...(options.header === false ? [] : [[...columns]]),
    ...rows.map((row) => columns.map((column) => (row as Record<string, unknown>)[column] ?? '')),
  ];
  if (lines.length === 0) return '';
  return Papa.unparse(lines, { newline: '\r\n', escapeFormulae: CSV_FORMULA_LEAD }) + '\r\n';
}
