// Every print format from one master: the store uploads its master PDF to its own
// folder of pattern-files, then the pattern-formats function checks it, makes each format and
// applies them (shared/src/contracts/pattern-formats.ts). What was made is read back from
// pattern_masters (the owning store only) and pattern_files.
import { getSupabase } from '@stitchhouse/shared';
import type { PatternFormat } from '@stitchhouse/shared/catalog/index.ts';
import type { LayerMatch, ManifestPage } from '@stitchhouse/shared/catalog/tiling.ts';
import { masterPath, type ApplyAnswer, type CheckAnswer, type FormatAnswer } from '@stitchhouse/shared/contracts/pattern-formats.ts';
import type { PatternUpdatedAnswer } from '@stitchhouse/shared/contracts/pattern-updated.ts';
import { FunctionCallError, invokeFunction } from '@stitchhouse/shared/functions.ts';
import { signUpload, uploadWithProgress } from '@stitchhouse/shared/storage/uploadWithProgress.ts';
import { publishingKeys } from './publish.ts';

/** Query keys of a pattern's master and generated formats, under the editor's. */
export const printFormatKeys = {
  master: (patternId: string) => [...publishingKeys.all, 'print-formats', patternId] as const,
  /** A generated file's first tile, drawn (storage paths carry the file's version, so it never goes stale). */
  firstTile: (storagePath: string) => [...publishingKeys.all, 'print-formats', 'first-tile', storagePath] as const,
};

export interface GeneratedFileRow {
  format: PatternFormat;
  generated: boolean;
  pages: number | null;
  storagePath: string;
  variants: Record<string, { pages: number }>;
  tiles: ManifestPage[] | null;
}

export interface MasterState {
  version: number;
  sheets: { width_pt: number; height_pt: number }[];
  layers: LayerMatch[];
  appliedAt: string | null;
  files: GeneratedFileRow[];
}

const fail = (error: { message: string }, status?: number): never => {
  throw Object.assign(error, { status });
};

/** The pattern's master and its files as the store sees them; null before a master was uploaded. */
export async function loadMaster(patternId: string): Promise<MasterState | null> {
  const supabase = await getSupabase();
  const [master, files] = await Promise.all([
    supabase.from('pattern_masters').select('version, sheets, layers, applied_at').eq('pattern_id', patternId).maybeSingle(),
    supabase.from('pattern_files').select('format, generated, pages, storage_path, variants, tiles').eq('pattern_id', patternId),
  ]);
  if (master.error) fail(master.error, master.status);
  if (files.error) fail(files.error, files.status);
  if (!master.data) return null;
  return {
    version: master.data.version,
    sheets: master.data.sheets as MasterState['sheets'],
    layers: master.data.layers as unknown as LayerMatch[],
    appliedAt: master.data.applied_at,
    files: (files.data ?? []).map((f) => ({
      format: f.format as PatternFormat,
      generated: f.generated,
      pages: f.pages,
      storagePath: f.storage_path,
      variants: f.variants as GeneratedFileRow['variants'],
      tiles: f.tiles as unknown as ManifestPage[] | null,
    })),
  };
}

export type FormatsProgress =
  | { step: 'uploading'; sent: number; total: number }
  | { step: 'checking' }
  | { step: 'checked'; check: CheckAnswer }
  | { step: 'making'; format: PatternFormat }
  | { step: 'applying' };

export interface FormatsResult {
  check: CheckAnswer;
  formats: FormatAnswer[];
  applied: ApplyAnswer;
  notified: number | null;
  notifyRefused: string | null;
}

const ORDER: PatternFormat[] = ['a4', 'us_letter', 'a0', 'projector'];

/**
 * Uploads the master as the next version and runs every step; refusals throw FunctionCallError
 * with the function's words (nothing is applied unless every format was made).
 */
export async function makeFormats(
  pattern: { id: string; storeId: string },
  master: Blob,
  currentVersion: number | null,
  changes: string,
  onProgress: (p: FormatsProgress) => void,
): Promise<FormatsResult> {
  const version = (currentVersion ?? 0) + 1;
  const path = masterPath(pattern.storeId, pattern.id, version);
  const target = await signUpload('pattern-files', path);
  await uploadWithProgress(target, master, (sent, total) => onProgress({ step: 'uploading', sent, total }), { contentType: 'application/pdf' });
  onProgress({ step: 'checking' });
  const check = await invokeFunction<CheckAnswer>('pattern-formats', { pattern_id: pattern.id, step: 'check', master_version: version });
  onProgress({ step: 'checked', check });
  const formats: FormatAnswer[] = [];
  for (const format of ORDER) {
    onProgress({ step: 'making', format });
    formats.push(await invokeFunction<FormatAnswer>('pattern-formats', { pattern_id: pattern.id, step: 'format', master_version: version, format }));
  }
  onProgress({ step: 'applying' });
  const applied = await invokeFunction<ApplyAnswer>('pattern-formats', {
    pattern_id: pattern.id,
    step: 'apply',
    master_version: version,
    changes: changes.trim() || undefined,
  });
  let notified: number | null = null;
  let notifyRefused: string | null = null;
  if (applied.notify && applied.pattern_version) {
    try {
      notified = (await invokeFunction<PatternUpdatedAnswer>('pattern-updated', { pattern_id: pattern.id, version: applied.pattern_version })).sent ?? 0;
    } catch (err) {
      if (!(err instanceof FunctionCallError)) throw err;
      notifyRefused = err.message;
    }
  }
  return { check, formats, applied, notified, notifyRefused };
}

/** A link (ten minutes) to a generated file opened at `page` (its first tile), for the store's own look. */
export async function firstTileLink(storagePath: string, page: number): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.storage.from('pattern-files').createSignedUrl(storagePath, 600);
  if (error || !data) throw error ?? new Error('No link to the file');
  return `${data.signedUrl}#page=${page}`;
}

/** A generated file's bytes, read as its store (the editor draws its first tile from them). */
export async function generatedFileBytes(storagePath: string): Promise<Uint8Array> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.storage.from('pattern-files').download(storagePath);
  if (error) throw error;
  return new Uint8Array(await data.arrayBuffer());
}
