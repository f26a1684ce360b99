// Demo assets for the seed: generated cover images and real pattern PDFs, no network.
export { makeCoverSvg, escapeXml, wrapTitle, type CoverInput } from './assets/cover.ts';
export { makePatternPdf, patternPdfPageCount, tileGrid, PAGE_SIZES, PT_PER_CM, FRONT_PAGES, type PatternPdfInput } from './assets/pattern-pdf.ts';
