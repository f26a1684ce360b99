// Reports: the list the caller's roles allow (row-level security on `reports`), a report's rows
// from its SQL function (run as the caller), and the CSV export streamed from the report-export
// function with progress (shared streamFunction: supabase-js's functions.invoke has no progress).
import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from '@stitchhouse/shared';
import { streamFunction } from '@stitchhouse/shared/streamingFetch.ts';

export interface ReportSummary {
  slug: string;
  title: string;
  description: string;
  audience: string;
}
export type Row = Record<string, string | number | null>;

/** Query keys of reports (shared/src/query/client.ts): the list is read once for every report page. */
export const reportKeys = {
  all: ['partners', 'reports'] as const,
  list: () => [...reportKeys.all, 'list'] as const,
  rows: (rpc: string, from: string, to: string) => [...reportKeys.all, 'rows', rpc, from, to] as const,
  storeCurrency: () => [...reportKeys.all, 'store-currency'] as const,
  /** The caller's stores: whose sales (store-sales:<store>, Realtime) make an open report read again. */
  storeIds: () => [...reportKeys.all, 'store-ids'] as const,
};

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

/** The ids of the caller's stores (none for a visitor or a member without one). */
export async function myStoreIds(): Promise<string[]> {
  const supabase = await getSupabase();
  const { data: session } = await supabase.auth.getSession();
  if (!session.session) return [];
  const { data, error } = await supabase.from('stores').select('id').eq('owner_id', session.session.user.id).order('created_at');
  if (error) throw error;
  return data.map((s) => s.id);
}

export interface ExportProgress {
  rows: number;
  expectedRows: number | null;
  bytes: number;
}

/** The report as a CSV file, read chunk by chunk so the page can show how far it got. */
export async function exportReportCsv(
  slug: string,
  from: string,
  to: string,
  onProgress: (p: ExportProgress) => void,
): Promise<{ blob: Blob; filename: string }> {
  let newlines = 0;
  let expectedRows: number | null = null;
  // a refusal is a FunctionCallError with the function's code and words (describeError keeps them)
  const answer = await streamFunction('report-export', {
    query: { report: slug, from, to },
    type: 'text/csv',
    onChunk: (chunk, bytes, _total, headers) => {
      if (bytes === 0) expectedRows = headers.has('x-report-rows') ? Number(headers.get('x-report-rows')) : null;
      for (const b of chunk) if (b === 10) newlines++;
      // the first line is the header (quoted fields never hold a newline in these reports)
      onProgress({ rows: Math.max(0, newlines - 1), expectedRows, bytes });
    },
  });
  return { blob: answer.blob, filename: answer.fileName ?? `stitchhouse-${slug}-${from}-to-${to}.csv` };
}
