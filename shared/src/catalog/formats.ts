// The four file formats a pattern can come in. Labels say what the buyer does with the
// file, because "A0" and "copy shop" are often misused and beginners get lost.
// Its zod schema is in schemas.ts. Labels and descriptions read in the page's language (shared's
// catalog; English where no runtime is loaded, as in the functions).
import { sharedText } from '../formatLocale.ts';

export const PATTERN_FORMATS = ['a4', 'us_letter', 'a0', 'projector'] as const;
export type PatternFormat = (typeof PATTERN_FORMATS)[number];

export interface FormatInfo {
  format: PatternFormat;
  label: string;
  shortLabel: string;
  description: string;
  /** Sheet size in PDF points (1/72 in); null where the page is as large as the layout. */
  sheet: { widthPt: number; heightPt: number } | null;
}

export const FORMATS: Record<PatternFormat, FormatInfo> = {
  a4: {
    format: 'a4',
    get label() {
      return sharedText(/*i18n*/ 'shared.format.a4.label', 'A4 (print at home)');
    },
    shortLabel: 'A4',
    get description() {
      return sharedText(
        /*i18n*/ 'shared.format.a4.description',
        'Tiled pages for a home printer on A4 paper. Print at 100 % ("actual size"), check the test square, then tape the pages together by their labels.',
      );
    },
    sheet: { widthPt: 595, heightPt: 842 },
  },
  us_letter: {
    format: 'us_letter',
    get label() {
      return sharedText(/*i18n*/ 'shared.format.usLetter.label', 'US Letter (print at home)');
    },
    shortLabel: 'US Letter',
    get description() {
      return sharedText(
        /*i18n*/ 'shared.format.usLetter.description',
        'Tiled pages for a home printer on US Letter paper (8.5 × 11 in). Print at 100 % ("actual size"), check the test square, then tape the pages together by their labels.',
      );
    },
    sheet: { widthPt: 612, heightPt: 792 },
  },
  a0: {
    format: 'a0',
    get label() {
      return sharedText(/*i18n*/ 'shared.format.a0.label', 'A0 (copy shop)');
    },
    shortLabel: 'A0',
    get description() {
      return sharedText(
        /*i18n*/ 'shared.format.a0.description',
        'Large sheets (841 × 1189 mm) for a copy shop or plotter service. No taping: take the file to the shop and ask for a print at 100 % scale.',
      );
    },
    sheet: { widthPt: 2384, heightPt: 3370 },
  },
  projector: {
    format: 'projector',
    get label() {
      return sharedText(/*i18n*/ 'shared.format.projector.label', 'Projector');
    },
    get shortLabel() {
      return sharedText(/*i18n*/ 'shared.format.projector.shortLabel', 'Projector');
    },
    get description() {
      return sharedText(
        /*i18n*/ 'shared.format.projector.description',
        'One long page at 1:1 scale for projecting the pieces straight onto fabric. Calibrate your projector with the grid before cutting.',
      );
    },
    sheet: null,
  },
};

export function formatLabel(format: PatternFormat): string {
  return FORMATS[format].label;
}

/** Private bucket `pattern-files`: `<store_id>/<pattern_id>/<format>/v<version>.pdf`. */
export function patternFilePath(storeId: string, patternId: string, format: PatternFormat, version: number): string {
  if (!Number.isInteger(version) || version < 1) throw new RangeError(`File version must be a whole number from 1, got ${version}`);
  return `${storeId}/${patternId}/${format}/v${version}.pdf`;
}
