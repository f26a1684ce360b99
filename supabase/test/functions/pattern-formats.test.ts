// Every print format from one master, and "print only my sizes", through the real
// pattern-formats and download functions, storage and PostgREST with real tokens:
// - a designer uploads one master (A0 sheets, one layer per size) and the function checks it,
//   makes A4 / US Letter tiles, the copy-shop A0 file with the 36-inch roll, the projector file with
//   its dark variant, and applies them at once; a format the designer uploaded themselves is kept;
// - a buyer's copy for some sizes has only those layers on (view and print), the others still
//   there and off, and leaves out exactly the home tiles that hold nothing of the chosen sizes;
// - bad masters are refused in words and nothing is published.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as kit from '../../../shared/src/testing/kit.ts';
import { PAPERS, TEST_SQUARES, mm, pagesNeeded, planHomeTiles, sheetOffset, type ManifestPage } from '../../../shared/src/catalog/tiling.ts';
import { masterPath, patternFormatsError } from '../../../shared/src/contracts/pattern-formats.ts';
import { makeMasterPdf } from '../../seed/assets/master-pdf.ts';
import { makePatternPdf } from '../catalog-own-pdf.ts';
import { pdfFacts, type PdfFacts } from '../print-formats-pdf.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { serviceClient, signedInMember, storeWithPattern, type Member } from '../../../backend/test/members.ts';

const SIZES = ['0', '2', '4', '6', '8', '10', '12', '14', '16', '18', '20', '22'];
const A0 = { widthPt: mm(841), heightPt: mm(1189) };
/** A mark outside the layers on sheet 1, 300 mm from the left and 100 mm from the top. */
const MARK = { x: mm(300), y: A0.heightPt - mm(100) };

let stack: TestStack;
let designer: Member;
let buyer: Member;
let storeId: string;
let patternId: string;
let version = 0;

const sha = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
const step = (who: Member, body: Record<string, unknown>) => kit.callFunction(stack, 'pattern-formats', who.token, { pattern_id: patternId, ...body });

async function uploadMaster(bytes: Uint8Array): Promise<number> {
  const { data } = await serviceClient(stack).from('pattern_masters').select('version').eq('pattern_id', patternId).maybeSingle();
  version = (data?.version ?? 0) + 1;
  const up = await designer.db.storage
    .from('pattern-files')
    .upload(masterPath(storeId, patternId, version), bytes, { contentType: 'application/pdf', upsert: true });
  if (up.error) throw up.error;
  return version;
}

async function download(query: string): Promise<{ status: number; doc: PdfFacts | null; body: Uint8Array; name: string | null }> {
  const res = await fetch(`${stack.url}/functions/v1/download/${patternId}?${query}`, {
    headers: { apikey: stack.anonKey, authorization: `Bearer ${buyer.token}` },
  });
  const body = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, body, doc: res.status === 200 ? await pdfFacts(body) : null, name: res.headers.get('content-disposition') };
}

const hexOf = (label: string) => `<${Buffer.from(label, 'latin1').toString('hex').toUpperCase()}>`;

/** Runs every step for the uploaded master; the answers. */
async function makeAll(changes?: string) {
  const checked = await step(designer, { step: 'check', master_version: version });
  if (checked.status !== 200) return { checked };
  const formats = [];
  for (const format of ['a4', 'us_letter', 'a0', 'projector']) formats.push(await step(designer, { step: 'format', master_version: version, format }));
  const applied = await step(designer, { step: 'apply', master_version: version, changes });
  return { checked, formats, applied };
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  [designer, buyer] = await Promise.all([signedInMember(stack, 'formats-designer', 'Dana Designer'), signedInMember(stack, 'formats-buyer', 'Bea Buyer')]);
  ({ storeId, patternId } = await storeWithPattern(designer, 'formats'));
  const service = serviceClient(stack);
  const chart = { sizes: SIZES.map((label, i) => ({ label, bust: 76 + 4 * i, waist: 58 + 4 * i, hip: 84 + 4 * i })) };
  const updated = await service.from('patterns').update({ size_chart: chart, status: 'published', size_range: '0–22' }).eq('id', patternId);
  if (updated.error) throw updated.error;
  const granted = await service.from('entitlements').insert({ user_id: buyer.id, pattern_id: patternId, source: 'grant' });
  if (granted.error) throw granted.error;
  // the designer's own US Letter file, uploaded before the master: it wins over the generated one
  const own = await makePatternPdf('Harbour Wrap Dress, Letter', 3);
  const up = await designer.db.storage.from('pattern-files').upload(`${storeId}/${patternId}/us_letter/v1.pdf`, own, { contentType: 'application/pdf' });
  if (up.error) throw up.error;
  const attached = await designer.db.rpc('attach_pattern_file', {
    pattern_id: patternId,
    format: 'us_letter',
    version: 1,
    size_bytes: own.byteLength,
    sha256: sha(own),
    changes: '',
  });
  if (attached.error) throw attached.error;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('a master with one layer per size becomes every format', () => {
  let manifest: ManifestPage[];

  it('checks the master, makes each format within the limits and applies them at once, keeping the designer’s own Letter file', async () => {
    await uploadMaster(await makeMasterPdf({ title: 'Harbour Wrap Dress', sizes: SIZES, sheets: 2, mark: MARK }));
    // a buyer may not make a store's formats
    expect((await step(buyer, { step: 'check', master_version: version })).body.error.code).toBe('not_found');
    const { checked, formats, applied } = await makeAll();
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.layers).toEqual(SIZES.map((size) => ({ name: `Size ${size}`, size })));
    expect(checked.body.unmatched).toEqual([]);
    expect(checked.body.kept_own).toEqual(['us_letter']);
    expect(checked.body.sheets).toHaveLength(2);
    for (const answer of formats!) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(formats![1]!.body).toMatchObject({ format: 'us_letter', kept_own: true });
    expect(formats![2]!.body).toMatchObject({ format: 'a0', pages: 2, variants: { roll36: { pages: 2 } } });
    expect(formats![3]!.body).toMatchObject({ format: 'projector', pages: 1, variants: { dark: { pages: 1 } } });
    expect(applied!.status, JSON.stringify(applied!.body)).toBe(200);
    expect(applied!.body.formats.us_letter.kept_own).toBe(true);

    const { data: files } = await designer.db
      .from('pattern_files')
      .select('format, generated, pages, tiles, variants, layers')
      .eq('pattern_id', patternId)
      .order('format');
    const byFormat = Object.fromEntries((files ?? []).map((f) => [f.format, f]));
    expect(byFormat.us_letter).toMatchObject({ generated: false, pages: null, tiles: null });
    expect(byFormat.a4).toMatchObject({ generated: true, pages: checked.body.pages.a4 });
    expect(byFormat.a0).toMatchObject({ generated: true, pages: 2, variants: { roll36: { pages: 2 } } });
    expect(byFormat.projector).toMatchObject({ generated: true, pages: 1, variants: { dark: { pages: 1 } } });
    manifest = byFormat.a4.tiles as ManifestPage[];
    expect(manifest[0]).toEqual({ kind: 'map' });
    // two A0 sheets of 25 A4 tiles each, blank ones left out
    expect(manifest.length - 1).toBeLessThan(50);
    expect(manifest.length).toBe(checked.body.pages.a4);
  }, 120_000);

  it('gives A4 pages with a 100 mm and a 4 in test square on page 1 and the known mark on tile A2 at its offset', async () => {
    const full = await download('format=a4');
    expect(full.status).toBe(200);
    const doc = full.doc!;
    expect(doc.pages.length).toBe(manifest.length);
    for (const page of doc.pages) {
      expect(page.width).toBeCloseTo(PAPERS.a4.widthPt, 1);
      expect(page.height).toBeCloseTo(PAPERS.a4.heightPt!, 1);
    }
    const first = doc.pages[0]!.content;
    // each square is drawn as a closed path of exactly its side: 100 mm = 283.4645… pt, 4 in = 288 pt
    expect(TEST_SQUARES.map((s) => s.sidePt)).toEqual([mm(100), 288]);
    for (const { sidePt: s } of TEST_SQUARES) expect(first).toContain(`0 0 m\n0 ${s} l\n${s} ${s} l\n${s} 0 l\nh\nS`);
    // the mark is on tile A2 of sheet 1: the page drawing A2 places the sheet at the plan's offset
    const plan = planHomeTiles(A0, 'a4', 0, 2);
    const tile = plan.tiles.find((t) => t.label === '1·A2')!;
    expect(MARK.x).toBeGreaterThan(tile.window.x0);
    expect(MARK.x).toBeLessThan(tile.window.x1);
    const pageIndex = manifest.findIndex((p) => p.kind === 'tile' && p.label === '1·A2');
    expect(pageIndex).toBeGreaterThan(0);
    const stream = doc.pages[pageIndex]!.content;
    expect(stream).toContain(hexOf('1·A2'));
    const offset = sheetOffset(plan, tile);
    const placed = [...stream.matchAll(/1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(
      placed.some(([x, y]) => Math.abs(x! - offset.x) < 0.01 && Math.abs(y! - offset.y) < 0.01),
      JSON.stringify({ placed, offset }),
    ).toBe(true);
    // where the mark lands on that page: inside the printable window
    const onPage = { x: MARK.x + offset.x, y: MARK.y + offset.y };
    expect(onPage.x).toBeGreaterThan(PAPERS.a4.marginPt);
    expect(onPage.y).toBeLessThan(PAPERS.a4.heightPt! - PAPERS.a4.marginPt);
    // every layer is on in the full copy, and it is stamped
    expect(Object.values(doc.layers).every((s) => s.view)).toBe(true);
    expect(doc.subject).toContain('Licensed to Bea Buyer');
  }, 60_000);

  it('prints only the chosen sizes: their layers on for view and print, the others off but there, and fewer pages', async () => {
    const mine = await download('format=a4&sizes=2,4');
    expect(mine.status).toBe(200);
    const states = mine.doc!.layers;
    expect(Object.keys(states)).toHaveLength(12);
    for (const size of SIZES) {
      const on = size === '2' || size === '4';
      expect(states[`Size ${size}`], size).toEqual({ view: on, print: on ? 'ON' : 'OFF' });
    }
    const kept = pagesNeeded(manifest, ['Size 2', 'Size 4']);
    expect(kept.length).toBeLessThan(manifest.length);
    expect(mine.doc!.pages.length).toBe(kept.length);
    // every page still stamped, in the order of the manifest
    kept.forEach((index, at) => {
      const page = manifest[index]!;
      const stream = mine.doc!.pages[at]!.content;
      expect(stream).toContain(hexOf('Licensed to Bea Buyer').slice(0, 12));
      if (page.kind === 'tile') expect(stream).toContain(hexOf(page.label));
    });
    expect(mine.name).toMatch(/-a4-v\d+\.pdf"$/);
  }, 60_000);

  it('leaves out exactly the tiles that are blank when only the chosen sizes are drawn', async () => {
    // the same master with only sizes 2 and 4 drawn, through the same pipeline: its tiles with ink
    const onlyMine = await makeMasterPdf({ title: 'Harbour Wrap Dress', sizes: SIZES, sheets: 2, mark: MARK, only: [1, 2] });
    const { readMaster, inkOf } = await import('../../functions/_shared/master.ts');
    const master = await readMaster(onlyMine);
    const ink = inkOf(master);
    const withInk = new Set<string>();
    master.sheets.forEach((sheet, s) =>
      planHomeTiles(sheet, 'a4', s, 2).tiles.forEach((t) => {
        const layersHere = Object.values(ink[s]!.layers).some((rects) =>
          rects.some((r) => r.x0 < t.window.x1 && t.window.x0 < r.x1 && r.y0 < t.window.y1 && t.window.y0 < r.y1),
        );
        const commonHere = ink[s]!.common.some((r) => r.x0 < t.window.x1 && t.window.x0 < r.x1 && r.y0 < t.window.y1 && t.window.y0 < r.y1);
        if (layersHere || commonHere) withInk.add(t.label);
      }),
    );
    const keptLabels = pagesNeeded(manifest, ['Size 2', 'Size 4'])
      .map((i) => manifest[i]!)
      .filter((p) => p.kind === 'tile')
      .map((p) => (p as { label: string }).label);
    expect(new Set(keptLabels)).toEqual(withInk);
    // and the tiles left out do hold ink of other sizes (they were not blank)
    const left = manifest.filter((p) => p.kind === 'tile' && !keptLabels.includes(p.label));
    expect(left.length).toBeGreaterThan(0);
    for (const page of left) expect(page.kind === 'tile' && page.layers.length > 0 && !page.common).toBe(true);
  }, 60_000);

  it('serves the copy shop’s A0 and 36-inch roll, the projector page and its dark variant, with the layers kept', async () => {
    const a0 = await download('format=a0');
    expect(a0.doc!.pages.length).toBe(2);
    expect(a0.doc!.pages[0]!.width).toBeCloseTo(PAPERS.a0.widthPt, 1);
    const roll = await download('format=a0&variant=roll36');
    expect(roll.status).toBe(200);
    expect(roll.doc!.pages[0]!.width).toBe(2592);
    expect(roll.name).toMatch(/-a0-roll36-v\d+\.pdf"$/);
    const projector = await download('format=projector&sizes=12');
    expect(projector.doc!.pages.length).toBe(1);
    expect(projector.doc!.layers['Size 12']).toEqual({ view: true, print: 'ON' });
    expect(projector.doc!.layers['Size 0']).toEqual({ view: false, print: 'OFF' });
    const dark = await download('format=projector&variant=dark');
    expect(dark.status).toBe(200);
    expect(dark.doc!.pages[0]!.content).toMatch(/\/GS-?\d*|gs/);
    const missing = await download('format=a4&variant=dark');
    expect(missing.status).toBe(404);
    expect(JSON.parse(Buffer.from(missing.body).toString()).error.code).toBe('file_missing');
  }, 60_000);
});

describe('bad masters are refused in words, nothing half-published', () => {
  async function refused(bytes: Uint8Array, code: string, words: RegExp) {
    const before = await serviceClient(stack).from('pattern_files').select('format, version, storage_path').eq('pattern_id', patternId).order('format');
    const masterBefore = await serviceClient(stack).from('pattern_masters').select('version, applied_at').eq('pattern_id', patternId).single();
    await uploadMaster(bytes);
    const answer = await step(designer, { step: 'check', master_version: version });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    const error = patternFormatsError.parse(answer.body).error;
    expect(error.code).toBe(code);
    expect(error.message).toMatch(words);
    // the next step is refused too: the master on record is still the good one
    expect((await step(designer, { step: 'format', master_version: version, format: 'a4' })).body.error.code).toBe('conflict');
    const after = await serviceClient(stack).from('pattern_files').select('format, version, storage_path').eq('pattern_id', patternId).order('format');
    expect(after.data).toEqual(before.data);
    expect((await serviceClient(stack).from('pattern_masters').select('version, applied_at').eq('pattern_id', patternId).single()).data).toEqual(
      masterBefore.data,
    );
    return error;
  }

  it('a master no larger than A3', async () => {
    const error = await refused(
      await makeMasterPdf({ title: 'Tiny', sizes: ['0'], sheet: { widthPt: mm(297), heightPt: mm(420) } }),
      'master_too_small',
      /no larger than A3/,
    );
    // the figures the editor words the refusal with in the designer's language
    expect(error.details).toEqual({ sheet: 1, width_mm: 297, height_mm: 420 });
  });

  it('an encrypted PDF and a broken one', async () => {
    const plain = Buffer.from(await makeMasterPdf({ title: 'Locked', sizes: ['0'] })).toString('latin1');
    const locked = plain.replace(/trailer\s*<</, 'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>');
    expect(locked).not.toBe(plain);
    await refused(Buffer.from(locked, 'latin1'), 'master_encrypted', /encrypted/);
    await refused(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage', 'latin1'), 'master_unreadable', /PDF|no pages/);
  });

  it('a 200 MB master (refused before it is read), 60 sheets, and layers that match no size', async () => {
    const big = new Uint8Array(200 * 1024 * 1024);
    big.set(Buffer.from('%PDF-1.7\n'));
    expect((await refused(big, 'master_too_large', /200 MB.*at most 60 MB/)).details).toEqual({ mb: 200, max_mb: 60 });
    expect(
      (await refused(await makeMasterPdf({ title: 'Long', sizes: ['0'], sheets: 60, detail: 1 }), 'master_too_many_sheets', /60 sheets.*at most 40/)).details,
    ).toEqual({ sheets: 60, max: 40 });
    const error = await refused(
      await makeMasterPdf({ title: 'Odd', sizes: ['Front', 'Back'] }),
      'layers_unmatched',
      /None of the master’s layers \(Size Front, Size Back\)/,
    );
    expect(error.details).toEqual({ layers: ['Size Front', 'Size Back'], sizes: SIZES });
  }, 120_000);
});
