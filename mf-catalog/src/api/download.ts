// Downloads of owned patterns: the file list, the hourly allowance, and the stamped PDF
// from the download function (fetched with the session token so progress can be shown).
import { getSupabase } from '@stitchhouse/shared';
import { PATTERN_FORMATS, type PatternFormat } from '@stitchhouse/shared/catalog/index.ts';
import type { LayerMatch, ManifestPage } from '@stitchhouse/shared/catalog/tiling.ts';
import { DOWNLOAD_ERROR_CODES, downloadError, type DownloadVariant } from '@stitchhouse/shared/contracts/download.ts';
import type { SizeChart } from '@stitchhouse/shared/catalog/sizing.ts';
import { FunctionCallError, streamFunction } from '@stitchhouse/shared/streamingFetch.ts';
import { patternKeys } from './catalog.ts';

/** Query keys of the download page, under what the member owns; a finished download invalidates its overview (the count). */
export const downloadKeys = {
  all: [...patternKeys.owned(), 'downloads'] as const,
  overview: (patternId: string, userId: string | null) => [...downloadKeys.all, patternId, userId] as const,
};

/** Why a download failed: the download contract's codes, and `network` when the function could not be reached (features/download/reasons.ts words them). */
export const DOWNLOAD_REASONS = [...DOWNLOAD_ERROR_CODES, 'network'] as const;
export type DownloadReason = (typeof DOWNLOAD_REASONS)[number];

export function isDownloadReason(value: string): value is DownloadReason {
  return (DOWNLOAD_REASONS as readonly string[]).includes(value);
}

export interface DownloadableFile {
  format: PatternFormat;
  version: number;
  sizeBytes: number;
  changelog: string;
  updatedAt: string;
  /** A file made from the master: its pages, the layers matched to sizes, the home tiles' manifest, its variants. */
  pages: number | null;
  layers: LayerMatch[];
  tiles: ManifestPage[] | null;
  variants: Record<string, { pages: number }>;
}

export interface DownloadOverview {
  patternId: string;
  title: string;
  currentVersion: number;
  /** The pattern's sizes (its size chart's labels, in grading order), and the chart for "your size". */
  sizeChart: SizeChart;
  files: DownloadableFile[];
  /** Downloads left in the rolling hour (null for the store's own members: not limited). */
  remaining: number | null;
  downloadsSoFar: number;
  lastDownloadedAt: string | null;
}

const fail = (error: { message: string }, status?: number): never => {
  throw Object.assign(error, { status });
};

/** What an entitled person (or the store) may download; null when they may not. */
export async function downloadOverview(patternId: string): Promise<DownloadOverview | null> {
  const supabase = await getSupabase();
  const { data: session } = await supabase.auth.getSession();
  const user = session.session?.user;
  if (!user) return null;
  const [patternResult, owned] = await Promise.all([
    supabase.from('patterns').select('id, title, current_version, size_chart, stores!patterns_store_id_fkey!inner(owner_id)').eq('id', patternId).maybeSingle(),
    supabase.rpc('has_entitlement', { p_pattern_id: patternId }),
  ]);
  if (patternResult.error) fail(patternResult.error, patternResult.status);
  const pattern = patternResult.data;
  if (!pattern) return null;
  const isStore = (pattern.stores as unknown as { owner_id: string }).owner_id === user.id;
  if (owned.error) fail(owned.error, owned.status);
  if (!owned.data && !isStore) return null;
  const [files, allowance, downloads] = await Promise.all([
    supabase.from('pattern_files').select('format, version, size_bytes, changelog, updated_at, pages, layers, tiles, variants').eq('pattern_id', patternId),
    supabase.rpc('download_allowance', { pattern_id: patternId }),
    supabase
      .from('downloads')
      .select('created_at', { count: 'exact' })
      .eq('pattern_id', patternId)
      .eq('user_id', user.id)
      .order('created_at', { ascending: false })
      .limit(1),
  ]);
  for (const r of [files, allowance, downloads]) if (r.error) fail(r.error, r.status);
  const order: readonly PatternFormat[] = PATTERN_FORMATS;
  return {
    patternId,
    title: pattern.title,
    currentVersion: pattern.current_version,
    sizeChart: (pattern.size_chart as unknown as SizeChart | null) ?? { sizes: [] },
    files: (files.data ?? [])
      .map((f) => ({
        format: f.format as PatternFormat,
        version: f.version,
        sizeBytes: Number(f.size_bytes),
        changelog: f.changelog,
        updatedAt: f.updated_at,
        pages: f.pages,
        layers: f.layers as unknown as LayerMatch[],
        tiles: f.tiles as unknown as ManifestPage[] | null,
        variants: f.variants as DownloadableFile['variants'],
      }))
      .sort((a, b) => order.indexOf(a.format) - order.indexOf(b.format)),
    remaining: isStore ? null : allowance.data,
    downloadsSoFar: downloads.count ?? 0,
    lastDownloadedAt: downloads.data?.[0]?.created_at ?? null,
  };
}

export class DownloadProblem extends Error {
  constructor(
    readonly reason: DownloadReason,
    message: string,
    readonly retryAfterMinutes?: number,
  ) {
    super(message);
    this.name = 'DownloadProblem';
  }
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * Fetches the stamped PDF. `onProgress(received, total)` reports bytes as they arrive (total is
 * null while the server is still stamping). Failures throw DownloadProblem with the reason code.
 */
export async function fetchStampedPdf(
  patternId: string,
  format: PatternFormat | null,
  options: {
    expires?: string | null;
    onProgress?: (received: number, total: number | null) => void;
    sizes?: readonly string[];
    variant?: DownloadVariant;
  } = {},
): Promise<DownloadedFile> {
  try {
    const answer = await streamFunction(`download/${encodeURIComponent(patternId)}`, {
      query: { format, expires: options.expires, sizes: options.sizes?.length ? options.sizes.join(',') : undefined, variant: options.variant },
      type: 'application/pdf',
      onChunk: (_chunk, received, total) => options.onProgress?.(received, total),
    });
    return { blob: answer.blob, fileName: answer.fileName ?? `pattern-${format ?? 'file'}.pdf` };
  } catch (err) {
    if (!(err instanceof FunctionCallError)) throw err;
    if (err.code === 'network') throw new DownloadProblem('network', err.message);
    // the download contract's envelope; anything else (a proxy's page, a drifted answer) is a server error
    const parsed = downloadError.safeParse({ error: { code: err.code, message: err.message, details: err.details } });
    if (!parsed.success)
      throw new DownloadProblem(
        err.status === 401 ? 'not_signed_in' : 'server_error',
        err.status === 401 ? err.message : 'The download could not be prepared.',
      );
    const { error } = parsed.data;
    throw new DownloadProblem(error.code, error.message, error.code === 'rate_limited' ? error.details.retry_after_minutes : undefined);
  }
}

/** Hands the file to the browser's downloads. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
