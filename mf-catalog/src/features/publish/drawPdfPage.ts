// One page of a PDF drawn to a bitmap with PDF.js, for the editor's look at a generated file's first
// tile. MasterFormats imports this module only when it shows that preview, so PDF.js (and its
// worker, a file of its own) never enters another screen's bundle.
//
// The legacy build: the modern one needs this year's browsers (Map.getOrInsert, Math.sumPrecise),
// the apps support back to Safari 16.4 and Chrome 111 (shared/build/app-config.mjs BROWSER_TARGETS).
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// Emitted beside mf-catalog's chunks; the URL is on mf-catalog's origin, not the page's.
const WORKER_SCRIPT = new URL('pdfjs-dist/legacy/build/pdf.worker.min.mjs', import.meta.url).href;

// A page may not start a worker from another origin, so PDF.js's worker starts as a blob: module
// of one line that imports the script (the CSP allows workers from blob: only: scripts/csp.mjs).
// Always this way, whichever origin mf-catalog is served from, so the policy needs nothing else.
// If the worker cannot start, PDF.js's main-thread fallback would import the blob: as a script,
// which script-src refuses: the preview then fails in words instead of drawing on the main thread.
GlobalWorkerOptions.workerSrc = URL.createObjectURL(new Blob([`await import(${JSON.stringify(WORKER_SCRIPT)});`], { type: 'text/javascript' }));

export interface DrawnPage {
  bitmap: ImageBitmap;
  /** The page's pixels are `width` CSS pixels wide at the device's pixel ratio. */
  width: number;
  pages: number;
}

/** Page `pageNumber` (1-based) of `bytes` drawn `width` CSS pixels wide. */
export async function drawPdfPage(bytes: Uint8Array, pageNumber: number, width: number): Promise<DrawnPage> {
  // fonts the file does not embed (the tiles' labels are Helvetica) come from the system
  const task = getDocument({ data: bytes, useSystemFonts: true });
  try {
    const doc = await task.promise;
    const page = await doc.getPage(pageNumber);
    const scale = (width * Math.min(2, window.devicePixelRatio || 1)) / page.getViewport({ scale: 1 }).width;
    const viewport = page.getViewport({ scale });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, viewport, background: 'white' }).promise;
    return { bitmap: await createImageBitmap(canvas), width, pages: doc.numPages };
  } finally {
    await task.destroy();
  }
}
