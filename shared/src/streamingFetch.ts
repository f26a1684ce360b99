// The one reader for function answers a page streams with progress (a stamped PDF from `download`,
// the account export, a report's CSV from `report-export`): supabase-js's functions.invoke reads
// the whole body with no progress, so this is a plain fetch with the session's token and apikey.
// A failed answer is read as the functions' one error shape ({ error: { code, message, details } },
// contracts/envelope.ts) and thrown as a FunctionCallError.
import { getRuntimeConfig } from './config.ts';
import { readFunctionError, type FunctionErrorBody } from './contracts/functionError.ts';
import { afterRefusal } from './server/refusals.ts';
import { getSupabase } from './supabase.ts';

/** A function's refusal (its contract's code, message and details), a network failure (`network`) or no session (`not_signed_in`). */
export class FunctionCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details: FunctionErrorBody['details'] = null,
  ) {
    super(message);
    this.name = 'FunctionCallError';
  }
}

export interface StreamedAnswer {
  blob: Blob;
  /** The file name of the answer's Content-Disposition, if it has one. */
  fileName: string | null;
  headers: Headers;
}

export interface StreamOptions {
  method?: 'GET' | 'POST';
  /** Query parameters. */
  query?: Record<string, string | null | undefined>;
  /** A JSON body (POST). */
  body?: unknown;
  /** The blob's type. */
  type: string;
  /** Each chunk as it arrives; `total` is the Content-Length (null while unknown). */
  onChunk?: (chunk: Uint8Array, received: number, total: number | null, headers: Headers) => void;
  signal?: AbortSignal;
}

const NO_SESSION = 'Your session has ended. Please sign in again.';
const OFFLINE = 'We could not reach Stitchhouse. Check your connection and try again.';

export function functionUrl(path: string): URL {
  return new URL(`${getRuntimeConfig().supabaseUrl.replace(/\/+$/, '')}/functions/v1/${path.replace(/^\/+/, '')}`);
}

/** Calls `/functions/v1/<path>` as the signed-in person and reads the answer chunk by chunk. */
export async function streamFunction(path: string, options: StreamOptions): Promise<StreamedAnswer> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new FunctionCallError('not_signed_in', NO_SESSION, 401);
  const url = functionUrl(path);
  for (const [key, value] of Object.entries(options.query ?? {})) if (value) url.searchParams.set(key, value);
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, apikey: getRuntimeConfig().supabaseAnonKey };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new FunctionCallError('network', OFFLINE, 0);
  }
  if (!res.ok || !res.body) {
    await afterRefusal(res); // the server's words in the page's language, for whoever describes the refusal
    const error = await readFunctionError(res);
    throw new FunctionCallError(error.code, error.message, res.status, error.details);
  }
  const total = Number(res.headers.get('content-length')) || null;
  const parts: Uint8Array[] = [];
  let received = 0;
  options.onChunk?.(new Uint8Array(0), 0, total, res.headers);
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.byteLength;
      options.onChunk?.(value, received, total, res.headers);
    }
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new FunctionCallError('network', OFFLINE, 0);
  }
  // a redirect to a signed storage URL names the file in its `download` parameter too
  const fileName =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
    (res.redirected ? new URL(res.url).searchParams.get('download') : null) ??
    null;
  return { blob: new Blob(parts as BlobPart[], { type: options.type }), fileName, headers: res.headers };
}
