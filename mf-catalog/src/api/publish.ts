// A store's own catalog: its patterns, drafts, edits, images, pattern files and versions.
// Every call runs as the signed-in owner; row-level security and the RPCs
// attach_pattern_file / change_patterns_status enforce who may do what.
import { getSupabase } from '@stitchhouse/shared';
import type { PatternFormat, SizeChart, YardageEntry } from '@stitchhouse/shared/catalog/index.ts';
import type { Json, TablesUpdate } from '@stitchhouse/shared/database.types.ts';
import { signUpload, uploadWithProgress } from '@stitchhouse/shared/storage/uploadWithProgress.ts';
import type { PatternUpdatedAnswer } from '@stitchhouse/shared/contracts/pattern-updated.ts';
import { FunctionCallError, invokeFunction } from '@stitchhouse/shared/functions.ts';
import { getPattern, isUuid, type PatternDetail } from './detail.ts';
import { storeKeys } from './storefront.ts';
import type { PatternStatus } from '@stitchhouse/shared/statuses.ts';
import { loadServerWords, serverWords } from '@stitchhouse/shared/server/words.ts';

export type { PatternStatus };

/**
 * Query keys of a store's own catalog, under the storefronts' (storeKeys.all): a change to the
 * store's patterns (features/publish/patternsChanged.ts) reads the manager, the editor and the
 * storefront again.
 */
export const publishingKeys = {
  all: [...storeKeys.all, 'publishing'] as const,
  /** The member's stores (myStores). */
  myStores: (userId: string | null) => [...publishingKeys.all, 'mine', userId] as const,
  /** The store manager: the first store, its patterns and, for a shop, its stock. */
  manager: (userId: string | null) => [...publishingKeys.all, 'manager', userId] as const,
  editable: (patternId: string, userId: string | null) => [...publishingKeys.all, 'pattern', patternId, userId] as const,
};

export interface OwnStore {
  id: string;
  slug: string;
  name: string;
  kind: 'designer' | 'retailer' | 'supplier';
  currency: string;
}

export interface StorePatternRow {
  id: string;
  title: string;
  status: PatternStatus;
  priceCents: number;
  currency: string;
  coverPath: string | null;
  formats: string[];
  currentVersion: number;
  updatedAt: string;
}

export interface PatternFileRow {
  format: PatternFormat;
  version: number;
  sizeBytes: number;
  changelog: string;
  updatedAt: string;
}

export interface PatternVersionRow {
  version: number;
  changes: string;
  createdAt: string;
}

export interface EditablePattern extends PatternDetail {
  files: PatternFileRow[];
  versions: PatternVersionRow[];
  wholesale: { priceCents: number; minQuantity: number } | null;
}

const fail = (error: { message: string }, status?: number): never => {
  throw Object.assign(error, { status });
};

async function currentUserId(): Promise<string | null> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  return data.session?.user.id ?? null;
}

/** The stores the signed-in person owns, oldest first (most people have one). */
export async function myStores(): Promise<OwnStore[]> {
  const userId = await currentUserId();
  if (!userId) return [];
  const supabase = await getSupabase();
  const { data, error, status } = await supabase.from('stores').select('id, slug, name, kind, currency').eq('owner_id', userId).order('created_at');
  if (error) fail(error, status);
  return (data ?? []) as OwnStore[];
}

export async function listStorePatterns(storeId: string): Promise<StorePatternRow[]> {
  const supabase = await getSupabase();
  const { data, error, status } = await supabase
    .from('patterns')
    .select('id, title, status, price_cents, currency, cover_path, formats, current_version, updated_at')
    .eq('store_id', storeId)
    .order('updated_at', { ascending: false })
    .limit(1000);
  if (error) fail(error, status);
  return (data ?? []).map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status as PatternStatus,
    priceCents: r.price_cents,
    currency: r.currency,
    coverPath: r.cover_path,
    formats: r.formats,
    currentVersion: r.current_version,
    updatedAt: r.updated_at,
  }));
}

/** Patterns a retail shop carries (store_stock), with their designers' titles. */
export async function listStockedPatterns(storeId: string): Promise<{ id: string; title: string; printedCopies: number }[]> {
  const supabase = await getSupabase();
  const { data, error, status } = await supabase.from('store_stock').select('printed_copies, patterns(id, title)').eq('store_id', storeId);
  if (error) fail(error, status);
  return (data ?? []).flatMap((r) => {
    const p = r.patterns as unknown as { id: string; title: string } | null;
    return p ? [{ id: p.id, title: p.title, printedCopies: r.printed_copies }] : [];
  });
}

/**
 * A new draft from the editor's first save, with what the designer typed: nothing is stored
 * before that (no "Untitled pattern" rows from a click on "New pattern"). Returns its id.
 */
export async function createPattern(store: OwnStore, fields: PatternFields, wholesaleCents: number | null): Promise<string> {
  const supabase = await getSupabase();
  const { data, error, status } = await supabase
    .from('patterns')
    .insert({ ...patternRow(fields), store_id: store.id, currency: store.currency })
    .select('id')
    .single();
  if (error) fail(error, status);
  const id = (data as { id: string }).id;
  if (wholesaleCents !== null) await savePattern({ id, storeId: store.id, currency: store.currency }, fields, wholesaleCents);
  return id;
}

export interface StatusResult {
  id: string;
  ok: boolean;
  title?: string;
  message?: string;
}

/**
 * Changes the status of each pattern; a pattern it could not change carries the database's reason
 * in the page's language (the server's words, loaded here: a refusal inside a 200 does not load them).
 */
export async function changeStatus(ids: readonly string[], status: PatternStatus): Promise<StatusResult[]> {
  const supabase = await getSupabase();
  const { data, error, status: http } = await supabase.rpc('change_patterns_status', { pattern_ids: [...ids], status });
  if (error) fail(error, http);
  const results = data as unknown as StatusResult[]; // a jsonb result: its shape is the function's
  if (!results.some((result) => result.message)) return results;
  await loadServerWords();
  return results.map((result) => (result.message ? { ...result, message: serverWords(result.message) ?? result.message } : result));
}

/** The pattern with its files and versions when the caller owns its store, else null (same as unknown). */
export async function loadEditablePattern(id: string, signal?: AbortSignal): Promise<EditablePattern | null> {
  if (!isUuid(id)) return null;
  const [pattern, userId] = await Promise.all([getPattern(id, signal), currentUserId()]);
  if (!pattern || !userId || pattern.store.ownerId !== userId) return null;
  const supabase = await getSupabase();
  const [files, versions, wholesale] = await Promise.all([
    supabase.from('pattern_files').select('format, version, size_bytes, changelog, updated_at').eq('pattern_id', id),
    supabase.from('pattern_versions').select('version, changes, created_at').eq('pattern_id', id).order('version', { ascending: false }),
    supabase.from('pattern_wholesale_prices').select('price_cents, min_quantity').eq('pattern_id', id).maybeSingle(),
  ]);
  for (const r of [files, versions, wholesale]) if (r.error) fail(r.error, r.status);
  return {
    ...pattern,
    // the editor edits the pattern itself, never a translation read for the page's language
    title: pattern.originalTitle,
    description: pattern.originalDescription,
    translatedTo: null,
    files: (files.data ?? []).map((f) => ({
      format: f.format as PatternFormat,
      version: f.version,
      sizeBytes: Number(f.size_bytes),
      changelog: f.changelog,
      updatedAt: f.updated_at,
    })),
    versions: (versions.data ?? []).map((v) => ({ version: v.version, changes: v.changes, createdAt: v.created_at })),
    wholesale: wholesale.data ? { priceCents: wholesale.data.price_cents, minQuantity: wholesale.data.min_quantity } : null,
  };
}

/** The columns of `patterns` the edit form writes (already validated by the form's schema). */
export interface PatternFields {
  title: string;
  description: string;
  craft: string;
  category: string;
  difficulty: number;
  size_range: string;
  size_chart: SizeChart;
  yardage: YardageEntry[];
  notions: string[];
  languages: string[];
  tags: string[];
  licence: 'personal' | 'small_business';
  price_cents: number;
  /** Knitting and crochet facets (null for other crafts: the database refuses them there). */
  yarn_weight: number | null;
  needle_mm: number | null;
  gauge_stitches_10cm: number | null;
  gauge_rows_10cm: number | null;
  yarn_min_m: number | null;
  yarn_max_m: number | null;
}

/** The form's fields as `patterns` columns: size chart and yardage are jsonb (shaped by the form's zod schema). */
function patternRow(fields: PatternFields): TablesUpdate<'patterns'> & { title: string; craft: string; category: string } {
  return { ...fields, size_chart: fields.size_chart as unknown as NonNullable<Json>, yardage: fields.yardage as unknown as NonNullable<Json> };
}

export async function savePattern(
  pattern: { id: string; storeId: string; currency: string },
  fields: PatternFields,
  wholesaleCents: number | null,
): Promise<void> {
  const supabase = await getSupabase();
  const saved = await supabase.from('patterns').update(patternRow(fields)).eq('id', pattern.id);
  if (saved.error) fail(saved.error, saved.status);
  const wholesale =
    wholesaleCents === null
      ? await supabase.from('pattern_wholesale_prices').delete().eq('pattern_id', pattern.id)
      : await supabase
          .from('pattern_wholesale_prices')
          .upsert({ pattern_id: pattern.id, store_id: pattern.storeId, price_cents: wholesaleCents, currency: pattern.currency });
  if (wholesale.error) fail(wholesale.error, wholesale.status);
}

export async function setImages(patternId: string, coverPath: string | null, galleryPaths: string[]): Promise<void> {
  const supabase = await getSupabase();
  const { error, status } = await supabase.from('patterns').update({ cover_path: coverPath, gallery_paths: galleryPaths }).eq('id', patternId);
  if (error) fail(error, status);
}

/** Uploads a cover or gallery photo to the public bucket; returns its object path. */
export async function uploadImage(pattern: { id: string; storeId: string }, file: File): Promise<string> {
  const ext = (file.name.split('.').pop() ?? 'jpg').toLowerCase().replace(/[^a-z0-9]/g, '') || 'jpg';
  const path = `${pattern.storeId}/${pattern.id}/${crypto.randomUUID()}.${ext}`;
  const supabase = await getSupabase();
  const { error } = await supabase.storage.from('pattern-images').upload(path, file, { contentType: file.type, upsert: false });
  if (error) throw error;
  return path;
}

export { UploadFailure } from '@stitchhouse/shared/storage/uploadWithProgress.ts';

export interface UploadTarget {
  format: PatternFormat;
  version: number;
  path: string;
  signedUrl: string;
  apiKey: string;
}

/**
 * Where the next version of a format's file goes, with a signed upload URL (valid two hours):
 * a failed transfer retries against the same URL without choosing the file again.
 */
export async function prepareFileUpload(pattern: { id: string; storeId: string }, format: PatternFormat, currentVersion: number | null): Promise<UploadTarget> {
  const version = (currentVersion ?? 0) + 1;
  const path = `${pattern.storeId}/${pattern.id}/${format}/v${version}.pdf`;
  return { format, version, path, ...(await signUpload('pattern-files', path)) };
}

/** PUTs the PDF with upload progress; a cancelled or dropped transfer can resume on the same target. */
export function sendFile(target: UploadTarget, file: Blob, onProgress: (sent: number, total: number) => void, signal?: AbortSignal): Promise<void> {
  return uploadWithProgress(target, file, onProgress, { contentType: 'application/pdf', signal });
}

export async function sha256Hex(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface AttachResult {
  format: PatternFormat;
  version: number;
  pattern_version: number | null;
  notify: boolean;
}

/**
 * Registers the uploaded file; on a published pattern this is a new version buyers are told
 * about. `notified` is how many were emailed (null when the mail was not sent), `notifyRefused`
 * the function's reason when it refused (at most one update email per pattern a day).
 */
export async function attachFile(
  patternId: string,
  target: UploadTarget,
  file: Blob,
  digest: string,
  changes: string,
): Promise<AttachResult & { notified: number | null; notifyRefused: string | null }> {
  const supabase = await getSupabase();
  const { data, error, status } = await supabase.rpc('attach_pattern_file', {
    pattern_id: patternId,
    format: target.format,
    version: target.version,
    size_bytes: file.size,
    sha256: digest,
    changes,
  });
  if (error) fail(error, status);
  const result = data as unknown as AttachResult; // a jsonb result: its shape is the function's
  let notified: number | null = null;
  let notifyRefused: string | null = null;
  if (result.notify && result.pattern_version) {
    try {
      notified = (await invokeFunction<PatternUpdatedAnswer>('pattern-updated', { pattern_id: patternId, version: result.pattern_version })).sent ?? 0;
    } catch (err) {
      // the function's refusal in its own words (429 rate_limited: one update email per pattern a day)
      if (!(err instanceof FunctionCallError)) throw err;
      notifyRefused = err.message;
    }
  }
  return { ...result, notified, notifyRefused };
}
