// The account export: the export function builds the ZIP; the page reads it with progress
// (supabase-js's functions.invoke has no progress, so a plain fetch with the session's token).
import { getRuntimeConfig, getSupabase } from '@stitchhouse/shared';

/** The ZIP, and how many owned patterns are not in it (their reasons: patterns_not_included in the JSON). */
export async function exportAccount(onProgress: (received: number, total: number | null) => void): Promise<{ zip: Blob; skipped: number }> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  if (!data.session) throw Object.assign(new Error('Your session has ended. Please sign in again.'), { code: 'P0001' });
  const config = getRuntimeConfig();
  const response = await fetch(`${config.supabaseUrl.replace(/\/+$/, '')}/functions/v1/export`, {
    method: 'POST',
    headers: { apikey: config.supabaseAnonKey, authorization: `Bearer ${data.session.access_token}` },
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw Object.assign(new Error(body?.message ?? `The export could not be prepared (${response.status}).`), { code: 'P0001' });
  }
  const total = Number(response.headers.get('content-length')) || null;
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  return { zip: new Blob(parts as BlobPart[], { type: 'application/zip' }), skipped: Number(response.headers.get('x-export-skipped')) || 0 };
}
