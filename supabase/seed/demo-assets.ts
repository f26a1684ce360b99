// Cover images and pattern PDFs for the demo catalog, drawn by supabase/seed/assets
// (pdf-lib). Loaded at run time so the seed still works, without files, when that module
// is absent; PDFs are cached per template so 300 patterns seed in seconds.
import { createHash } from 'node:crypto';
import type { DemoPattern, Format } from './catalog.ts';

export interface SeedAsset {
  bytes: Uint8Array;
  contentType: string;
  sha256: string;
}

export interface AssetSource {
  cover(pattern: DemoPattern): Promise<SeedAsset & { fileName: string }>;
  pdf(pattern: DemoPattern, format: Format, designer: string): Promise<SeedAsset>;
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

  // One PDF per craft × category × format × size set: the file a buyer gets shows the
  // pattern type, the designer's name and the pattern's own sizes.
  const pdfCache = new Map<string, Promise<SeedAsset>>();
  const encoder = new TextEncoder();
  return {
    async cover(pattern) {
      const svg = makeCover({ title: pattern.title, craft: pattern.craft, seed: pattern.id });
      return { ...asset(encoder.encode(svg), 'image/svg+xml'), fileName: 'cover.svg' };
    },
    pdf(pattern, format, designer) {
      const sizes = pattern.size_chart.sizes.map((s) => s.label).slice(0, 16);
      const key = [designer, pattern.category, format, sizes.join(',')].join('|');
      let cached = pdfCache.get(key);
      if (!cached) {
        const title = `${designer}: ${pattern.category.replace(/-/g, ' ')} pattern`;
        cached = makePdf({ title, designer, format, sizes, pages: format === 'a0' ? 2 : 6 }).then((b) => asset(b, 'application/pdf'));
        pdfCache.set(key, cached);
      }
      return cached;
    },
  };
}
