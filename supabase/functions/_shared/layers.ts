// "Print only my sizes", applied to a buyer's copy before it is stamped: the chosen
// sizes' layers (and every layer that is not a size) visible and printable, the other sizes'
// layers off in the default view and for print — still in the file, to switch on in a reader's
// layer panel — and the home tiles only other sizes need left out (pattern_files.tiles).
import { PDFArray, PDFDict, PDFName, PDFRef, type PDFDocument } from 'pdf-lib';

/** Every optional content group of the document with its name. */
function groups(doc: PDFDocument): { ref: PDFRef; dict: PDFDict; name: string }[] {
  const list = doc.catalog.lookupMaybe(PDFName.of('OCProperties'), PDFDict)?.lookupMaybe(PDFName.of('OCGs'), PDFArray);
  const out: { ref: PDFRef; dict: PDFDict; name: string }[] = [];
  if (!list) return out;
  for (let i = 0; i < list.size(); i++) {
    const ref = list.get(i);
    const dict = list.lookupMaybe(i, PDFDict);
    if (!(ref instanceof PDFRef) || !dict) continue;
    const raw = dict.get(PDFName.of('Name'));
    const name = raw && 'decodeText' in raw ? (raw as unknown as { decodeText(): string }).decodeText().trim() : '';
    out.push({ ref, dict, name });
  }
  return out;
}

/** Turns the layers not in `on` off, for viewing and for printing (/D /OFF, /Usage, /AS). */
export function showOnlyLayers(doc: PDFDocument, on: readonly string[]): void {
  const all = groups(doc);
  if (all.length === 0) return;
  const visible = new Set(on);
  const ctx = doc.context;
  const onRefs = all.filter((g) => visible.has(g.name)).map((g) => g.ref);
  const offRefs = all.filter((g) => !visible.has(g.name)).map((g) => g.ref);
  for (const group of all) {
    const state = visible.has(group.name) ? 'ON' : 'OFF';
    group.dict.set(PDFName.of('Usage'), ctx.obj({ View: { ViewState: state }, Print: { PrintState: state }, Export: { ExportState: state } }));
  }
  const refs = all.map((g) => g.ref);
  const props = doc.catalog.lookup(PDFName.of('OCProperties'), PDFDict);
  const previous = props.lookupMaybe(PDFName.of('D'), PDFDict);
  const order = previous?.get(PDFName.of('Order')) ?? ctx.obj(refs);
  props.set(
    PDFName.of('D'),
    ctx.obj({
      Name: 'Your sizes',
      Order: order,
      ON: onRefs,
      OFF: offRefs,
      BaseState: 'ON',
      AS: [
        { Event: 'View', OCGs: refs, Category: ['View'] },
        { Event: 'Print', OCGs: refs, Category: ['Print'] },
        { Event: 'Export', OCGs: refs, Category: ['Export'] },
      ],
    }),
  );
}

/** Removes every page whose index is not in `keep`. */
export function keepPages(doc: PDFDocument, keep: readonly number[]): void {
  const kept = new Set(keep);
  for (let i = doc.getPageCount() - 1; i >= 0; i--) if (!kept.has(i)) doc.removePage(i);
}
