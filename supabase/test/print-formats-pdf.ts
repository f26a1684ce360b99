// Test helper for the print-format suites (backend and e2e import it by path, so pdf-lib
// resolves from this package): a PDF's pages, the state of its layers, a page's decoded content.
export { makeMasterPdf } from '../seed/assets/master-pdf.ts';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream, type PDFRef } from 'pdf-lib';

export interface PdfFacts {
  pages: { width: number; height: number; content: string }[];
  /** Each layer's name: on in the default view, and its print state. */
  layers: Record<string, { view: boolean; print: string | undefined }>;
  subject: string | undefined;
}

export async function pdfFacts(bytes: Uint8Array): Promise<PdfFacts> {
  const doc = await PDFDocument.load(bytes);
  const layers: PdfFacts['layers'] = {};
  const props = doc.catalog.lookupMaybe(PDFName.of('OCProperties'), PDFDict);
  const groups = props?.lookupMaybe(PDFName.of('OCGs'), PDFArray);
  const d = props?.lookupMaybe(PDFName.of('D'), PDFDict);
  const off = new Set((d?.lookupMaybe(PDFName.of('OFF'), PDFArray)?.asArray() ?? []).map((r) => (r as PDFRef).toString()));
  for (let i = 0; i < (groups?.size() ?? 0); i++) {
    const ref = groups!.get(i) as PDFRef;
    const group = groups!.lookup(i, PDFDict);
    const name = (group.get(PDFName.of('Name')) as unknown as { decodeText(): string }).decodeText();
    const print = group.lookupMaybe(PDFName.of('Usage'), PDFDict)?.lookupMaybe(PDFName.of('Print'), PDFDict)?.get(PDFName.of('PrintState'))?.toString();
    layers[name] = { view: !off.has(ref.toString()), print: print?.replace(/^\//, '') };
  }
  const pages = doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    const content = streams
      .map((s) => Buffer.from(s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : new Uint8Array()).toString('latin1'))
      .join('\n');
    return { width: page.getWidth(), height: page.getHeight(), content };
  });
  return { pages, layers, subject: doc.getSubject() };
}
