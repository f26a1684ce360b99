// POST /pattern-formats: every print format from one master PDF, one step a call so
// each call stays inside hosted Edge Function limits (2 s CPU, 256 MB): check the master, make one
// format, apply them all. The store owner calls it with their session; who may is decided as the
// caller (row-level security: only the owning store reads its pattern's store and master), the
// writes go through the service-only record_pattern_master / record_generated_format /
// apply_generated_formats. The wire is shared/src/contracts/pattern-formats.ts.
import { FunctionError, handler, type Context, type Db } from '../_shared/handler.ts';
import { MasterError, checkMasterSize, inkOf, readMaster, type Master } from '../_shared/master.ts';
import { generateFormat } from '../_shared/print-formats.ts';
import { asJson } from '../_shared/clients.ts';
import { sha256Hex as sha256 } from '../_shared/pos.ts';
import { PATTERN_FORMATS, type PatternFormat } from '@stitchhouse/shared/catalog/formats.ts';
import { inkOnTile, matchLayers, planA0, planHomeTiles, type LayerMatch } from '@stitchhouse/shared/catalog/tiling.ts';
import {
  checkAnswer,
  masterPath,
  patternFormatsRequest,
  type ApplyAnswer,
  type CheckAnswer,
  type FormatAnswer,
} from '@stitchhouse/shared/contracts/pattern-formats.ts';

interface OwnedPattern {
  id: string;
  store_id: string;
  title: string;
  sizes: string[];
}

/** The caller's own pattern, read as the caller: another store's (or none) is 404. */
async function ownPattern(db: Db, patternId: string, userId: string): Promise<OwnedPattern> {
  const { data } = await db
    .from('patterns')
    .select('id, store_id, title, size_chart, stores!patterns_store_id_fkey!inner(owner_id)')
    .eq('id', patternId)
    .maybeSingle();
  const owner = (data?.stores as unknown as { owner_id: string } | undefined)?.owner_id;
  if (!data || owner !== userId) throw new FunctionError('not_found', 'Pattern not found in your store.', 404);
  const chart = data.size_chart as { sizes?: { label?: unknown }[] } | null;
  const sizes = (chart?.sizes ?? []).map((s) => (typeof s.label === 'string' ? s.label : '')).filter(Boolean);
  return { id: data.id, store_id: data.store_id, title: data.title, sizes };
}

function refusal(error: unknown): never {
  if (error instanceof MasterError) throw new FunctionError(error.code, error.message, 422, error.details);
  throw error;
}

async function loadMaster(ctx: Context, path: string): Promise<{ bytes: Uint8Array; master: Master }> {
  const storage = ctx.service().storage.from('pattern-files');
  const folder = path.slice(0, path.lastIndexOf('/'));
  const { data: listed } = await storage.list(folder, { search: path.slice(path.lastIndexOf('/') + 1) });
  const entry = listed?.find((o) => `${folder}/${o.name}` === path);
  if (!entry) throw new FunctionError('master_missing', 'The master was not found; upload it again.', 404);
  // refuse a master too large for one worker before reading it
  try {
    checkMasterSize(Number((entry.metadata as { size?: number } | null)?.size ?? 0));
  } catch (error) {
    refusal(error);
  }
  const { data: blob, error } = await storage.download(path);
  if (error || !blob) throw new FunctionError('master_missing', 'The master was not found; upload it again.', 404);
  const bytes = new Uint8Array(await blob.arrayBuffer());
  try {
    return { bytes, master: await readMaster(bytes) };
  } catch (err) {
    refusal(err);
  }
}

async function rpcFailure(error: { code?: string; message: string; hint?: string | null }): Promise<never> {
  if (error.code === 'PT409') throw new FunctionError('conflict', `${error.message}. ${error.hint ?? ''}`.trim(), 409);
  if (error.code === 'PT404') throw new FunctionError('master_missing', error.message, 404);
  if (error.code === '23514' || error.code === '22023') throw new FunctionError('not_ready', `${error.message}. ${error.hint ?? ''}`.trim(), 422);
  throw new Error(`pattern-formats: ${error.code ?? ''} ${error.message}`);
}

/** The designer's own files: formats with a file that was not generated. */
async function ownFormats(ctx: Context, patternId: string): Promise<{ own: PatternFormat[]; versions: Map<string, number> }> {
  const { data } = await ctx.service().from('pattern_files').select('format, version, generated').eq('pattern_id', patternId);
  return {
    own: (data ?? []).filter((f) => !f.generated).map((f) => f.format as PatternFormat),
    versions: new Map((data ?? []).map((f) => [f.format, f.version])),
  };
}

async function check(ctx: Context, pattern: OwnedPattern, version: number): Promise<CheckAnswer> {
  const path = masterPath(pattern.store_id, pattern.id, version);
  const { bytes, master } = await loadMaster(ctx, path);
  const matches = matchLayers(master.layers, pattern.sizes);
  const unmatched = matches.filter((m) => m.size === null).map((m) => m.name);
  if (master.layers.length > 0 && unmatched.length === master.layers.length) {
    throw new FunctionError(
      'layers_unmatched',
      `None of the master’s layers (${master.layers.join(', ')}) is named after a size of this pattern (${pattern.sizes.join(', ') || 'no sizes in the size chart yet'}). Name each layer after its size, e.g. “Size 12”, or add the sizes to the size chart.`,
      422,
      { layers: master.layers, sizes: pattern.sizes },
    );
  }
  // the page counts: home tiles need the ink (blank tiles are left out)
  const ink = inkOf(master);
  const tiles = (paper: 'a4' | 'us_letter') =>
    1 + master.sheets.reduce((sum, sheet, i) => sum + planHomeTiles(sheet, paper, i).tiles.filter((t) => inkOnTile(t.window, ink[i]!) !== null).length, 0);
  const pages = { a4: tiles('a4'), us_letter: tiles('us_letter'), a0: master.sheets.reduce((sum, sheet) => sum + planA0(sheet).tiles.length, 0), projector: 1 };
  const { error } = await ctx.service().rpc('record_pattern_master', {
    p_pattern_id: pattern.id,
    p_version: version,
    p_size_bytes: bytes.byteLength,
    p_sha256: await sha256(bytes),
    p_sheets: asJson(master.sheets.map((s) => ({ width_pt: s.widthPt, height_pt: s.heightPt }))),
    p_layers: asJson(matches),
  });
  if (error) await rpcFailure(error);
  const { own } = await ownFormats(ctx, pattern.id);
  return checkAnswer.parse({
    sheets: master.sheets.map((s) => ({ width_pt: s.widthPt, height_pt: s.heightPt })),
    layers: matches,
    unmatched,
    pages,
    kept_own: own,
  });
}

async function makeFormat(ctx: Context, pattern: OwnedPattern, version: number, format: PatternFormat): Promise<FormatAnswer> {
  const service = ctx.service();
  const { data: recorded } = await service.from('pattern_masters').select('version, storage_path, layers').eq('pattern_id', pattern.id).maybeSingle();
  if (!recorded || recorded.version !== version)
    throw new FunctionError('conflict', 'The master was replaced meanwhile. Reload the page and upload again.', 409);
  const { own, versions } = await ownFormats(ctx, pattern.id);
  const fileVersion = (versions.get(format) ?? 0) + 1;
  if (own.includes(format)) {
    const { error } = await service.rpc('record_generated_format', {
      p_pattern_id: pattern.id,
      p_master_version: version,
      p_format: format,
      p_file: { kept_own: true, pages: null },
    });
    if (error) await rpcFailure(error);
    return { format, pages: 0, variants: {}, kept_own: true };
  }
  const { master } = await loadMaster(ctx, recorded.storage_path);
  const matches = recorded.layers as unknown as LayerMatch[];
  const ink = format === 'a4' || format === 'us_letter' ? inkOf(master) : null;
  const files = await generateFormat(master, ink, format, pattern.title, matches);
  const base = `${pattern.store_id}/${pattern.id}/${format}/v${fileVersion}`;
  const storage = service.storage.from('pattern-files');
  const variants: Record<string, { pages: number }> = {};
  let main: { path: string; size_bytes: number; sha256: string; pages: number; tiles: unknown } | null = null;
  for (const file of files) {
    const path = file.variant ? `${base}-${file.variant}.pdf` : `${base}.pdf`;
    const { error } = await storage.upload(path, new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), {
      contentType: 'application/pdf',
      upsert: true,
    });
    if (error) throw new Error(`pattern-formats: storing ${path}: ${error.message}`);
    if (file.variant) variants[file.variant] = { pages: file.pages };
    else main = { path, size_bytes: file.bytes.byteLength, sha256: await sha256(file.bytes), pages: file.pages, tiles: file.manifest };
  }
  const { error } = await service.rpc('record_generated_format', {
    p_pattern_id: pattern.id,
    p_master_version: version,
    p_format: format,
    p_file: asJson({ ...main!, version: fileVersion, variants }),
  });
  if (error) await rpcFailure(error);
  return { format, pages: main!.pages, variants, kept_own: false };
}

async function apply(ctx: Context, pattern: OwnedPattern, version: number, changes: string | undefined, userId: string): Promise<ApplyAnswer> {
  const { data, error } = await ctx
    .service()
    .rpc('apply_generated_formats', { p_pattern_id: pattern.id, p_master_version: version, p_changes: changes ?? '', p_user: userId });
  if (error) await rpcFailure(error);
  const result = data as unknown as { formats: Record<string, { kept_own: boolean; pages: number | null }>; pattern_version: number | null; notify: boolean };
  for (const format of PATTERN_FORMATS) result.formats[format] ??= { kept_own: false, pages: null };
  return result;
}

async function patternFormats(_req: Request, ctx: Context): Promise<Response> {
  const caller = await ctx.member('Sign in to make your pattern’s formats.');
  const request = await ctx.body(patternFormatsRequest);
  const pattern = await ownPattern(ctx.caller(caller.token), request.pattern_id, caller.user.id);
  switch (request.step) {
    case 'check':
      return ctx.json(await check(ctx, pattern, request.master_version));
    case 'format':
      return ctx.json(await makeFormat(ctx, pattern, request.master_version, request.format));
    case 'apply':
      return ctx.json(await apply(ctx, pattern, request.master_version, request.changes, caller.user.id));
  }
}

Deno.serve(handler({ name: 'pattern-formats', methods: ['POST'], invalidCode: 'bad_request' }, patternFormats));
