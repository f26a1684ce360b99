/**
 * CSV in for the point of sale (papaparse): the shop's sales file read in the browser. CSV out
 * (the catalog feed, the settlement statement) is the one writer in shared/src/csv.ts.
 */
import Papa from 'papaparse';
import { sharedText } from '../formatLocale.ts';
import { MAX_CSV_ROWS, REQUIRED_CSV_COLUMNS } from './sales.ts';

export interface SalesFile {
  /** Data rows keyed by lower-case column name, in file order (line 1 = first data row). */
  rows: Record<string, string>[];
  /** A problem with the file as a whole (no header, missing columns, too many rows), or null. */
  problem: string | null;
}

/** Reads a sales CSV (header row first; comma, semicolon or tab separated). */
export function readSalesCsv(text: string): SalesFile {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const columns = parsed.meta.fields ?? [];
  const missing = REQUIRED_CSV_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    return {
      rows: [],
      problem: sharedText(/*i18n*/ 'shared.pos.csv.missingColumns', 'The first row must name the columns; missing: {columns}.', {
        columns: missing.join(', '),
      }),
    };
  }
  if (parsed.data.length === 0) return { rows: [], problem: sharedText(/*i18n*/ 'shared.pos.csv.noSales', 'The file has a header but no sales.') };
  if (parsed.data.length > MAX_CSV_ROWS) {
    return {
      rows: [],
      problem: sharedText(/*i18n*/ 'shared.pos.csv.tooMany', 'The file has {count} sales; upload at most {max} at a time.', {
        count: parsed.data.length,
        max: MAX_CSV_ROWS,
      }),
    };
  }
  return { rows: parsed.data, problem: null };
}
