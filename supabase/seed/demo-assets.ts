// Cover images and pattern PDFs for the demo catalog, drawn by supabase/seed/assets
// (pdf-lib). Loaded at run time so the seed still works, without files, when that module
// is absent. Every PDF is drawn for its own pattern: its title on the cover, the instructions
// and every page, its designer and its sizes (about 10 ms a file).
import { createHash } from 'node:crypto';
import type { DemoPattern, Format } from './catalog.ts';

export interface SeedAsset {
  bytes: Uint8Array;
  contentType: string;
  sha256: string;
}

export interface AssetSource {
  cover(pattern: DemoPattern): Promise<SeedAsset & { fileName: string }>;
  /** The pattern's file in `format`; `extraSheets` more pages for a later version (it changed). */
  pdf(pattern: DemoPattern, format: Format, designer: string, extraSheets?: number): Promise<SeedAsset>;
}

type MakePdf = (input: { title: string; designer: string; format: Format; sizes?: string[]; pages?: number }) => Promise<Uint8Array>;
type MakeCover = (input: { title: string; craft: string; seed: string | number }) => string;

function asset(bytes: Uint8Array, contentType: string): SeedAsset {
  return { bytes, contentType, sha256: createHash('sha256').update(bytes).digest('hex') };
}

async function tryImport(specifier: string): Promise<Record<string, unknown> | null> {
  try {
    return (await import(specifier)) as Record<string, unknown>;
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') return null;
    throw err;
  }
}

/** The asset source, or null when the assets module is not there yet. */
export async function loadAssetSource(): Promise<AssetSource | null> {
  const pdfModule = await tryImport(new URL('./assets/pattern-pdf.ts', import.meta.url).href);
  const coverModule = await tryImport(new URL('./assets/cover.ts', import.meta.url).href);
  const makePdf = pdfModule?.makePatternPdf as MakePdf | undefined;
  const makeCover = coverModule?.makeCoverSvg as MakeCover | undefined;
  if (typeof makePdf !== 'function' || typeof makeCover !== 'function') return null;

  const encoder = new TextEncoder();
  return {
    async cover(pattern) {
      const svg = makeCover({ title: pattern.title, craft: pattern.craft, seed: pattern.id });
      return { ...asset(encoder.encode(svg), 'image/svg+xml'), fileName: 'cover.svg' };
    },
    async pdf(pattern, format, designer, extraSheets = 0) {
      const sizes = pattern.size_chart.sizes.map((s) => s.label).slice(0, 16);
      const pages = (format === 'a0' ? 2 : 6) + extraSheets;
      return asset(await makePdf({ title: pattern.title, designer, format, sizes, pages }), 'application/pdf');
    },
  };
}
