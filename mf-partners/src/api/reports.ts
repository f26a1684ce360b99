// Reports: the list the caller's roles allow (row-level security on `reports`), a report's rows
// from its SQL function (run as the caller), and the CSV export streamed from the report-export
// function with progress (supabase-js's functions.invoke has no progress: a plain fetch with the
// session's token, as mf-account's export does).
import type { SupabaseClient } from '@supabase/supabase-js';
import { getRuntimeConfig, getSupabase } from '@stitchhouse/shared';

export interface ReportSummary { slug: string; title: string; description: string; audience: string }
export type Row = Record<string, string | number | null>;

export async function listReports(): Promise<ReportSummary[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('reports').select('slug, title, description, audience').order('sort_order');
  if (error) throw error;
  return data as ReportSummary[];
}

export async function reportRows(rpc: string, from: string, to: string, signal?: AbortSignal): Promise<Row[]> {
  // the report's function is chosen at run time (features/reports/definitions.ts), so untyped here
  const supabase = (await getSupabase()) as unknown as SupabaseClient;
  const query = supabase.rpc(rpc, { p_from: from, p_to: to });
  const { data, error } = await (signal ? query.abortSignal(signal) : query);
  if (error) throw error;
  return (data ?? []) as Row[];
}

/** The currency of the caller's first store (null without one): what an empty money total is shown in. */
export async function myStoreCurrency(): Promise<string | null> {
  const supabase = await getSupabase();
  const { data: session } = await supabase.auth.getSession();
  if (!session.session) return null;
  const { data, error } = await supabase.from('stores').select('currency').eq('owner_id', session.session.user.id).order('created_at').limit(1);
  if (error) throw error;
  return data[0]?.currency ?? null;
}

export interface ExportProgress { rows: number; expectedRows: number | null; bytes: number }

/** The report as a CSV file, read chunk by chunk so the page can show how far it got. */
export async function exportReportCsv(slug: string, from: string, to: string, onProgress: (p: ExportProgress) => void): Promise<{ blob: Blob; filename: string }> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  if (!data.session) throw Object.assign(new Error('Your session has ended. Please sign in again.'), { code: 'P0001' });
  const config = getRuntimeConfig();
  const url = new URL(`${config.supabaseUrl.replace(/\/+$/, '')}/functions/v1/report-export`);
  url.search = new URLSearchParams({ report: slug, from, to }).toString();
  const response = await fetch(url, { headers: { apikey: config.supabaseAnonKey, authorization: `Bearer ${data.session.access_token}` } });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw Object.assign(new Error(body?.error?.message ?? `The export could not be prepared (${response.status}).`), { code: 'P0001' });
  }
  const expectedRows = response.headers.has('x-report-rows') ? Number(response.headers.get('x-report-rows')) : null;
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0; let newlines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    for (const b of value) if (b === 10) newlines++;
    // the first line is the header (quoted fields never hold a newline in these reports)
    onProgress({ rows: Math.max(0, newlines - 1), expectedRows, bytes });
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `stitchhouse-${slug}-${from}-to-${to}.csv`;
  return { blob: new Blob(parts as BlobPart[], { type: 'text/csv' }), filename };
}
