import { PostgrestClient as UntypedPostgrestClient } from '@supabase/postgrest-js';
import type { Database } from './database.types.ts';
import { inlinePageData, loadRuntimeConfig } from './config.ts';
import { DEPLOYMENT_HEADER } from './deployment.ts';
import { afterRefusal } from './server/refusals.ts';
import { mayHaveSession } from './session.ts';
import { getSupabase, supabaseStarted } from './supabase.ts';
import { PAGE_READS_ID, readKey, type PageRead } from './pageReads.mjs';

// For remotes: the shell provides the platform's .ts files, so pageReads.mjs reaches them through this one.
export { rpcAsGet } from './pageReads.mjs';

/**
 * Visitor reads of public data (published patterns and their stores, public images) for the
 * pages people land on, through supabase-js's own PostgREST client (≈5 KB gzip) instead of
 * the whole page client (≈57 KB: auth, realtime, storage, functions). The requests
 * carry the anon key only, as a signed-out visitor's do: use it for what every visitor may
 * read alike, and getSupabase() for anything that depends on who is signed in.
 */
/** PostgREST typed by the schema (shared/src/database.types.ts). */
type PostgrestClient = UntypedPostgrestClient<Database>;

/**
 * How long after the page opened its inline reads may stand in for asking: a screen asks within
 * a second or two; a visitor who comes back to it later sees what the backend says then.
 */
const PAGE_READS_FRESH_MS = 20_000;
let pageReads: Map<string, unknown> | undefined;

/** The page's inline answer to this request (pageReads.mjs), taken once; else null. */
function takePageRead(url: string, init: RequestInit | undefined): Response | null {
  if (performance.now() > PAGE_READS_FRESH_MS) return null;
  if (!pageReads) {
    const inline = inlinePageData(PAGE_READS_ID);
    pageReads = new Map(Array.isArray(inline) ? (inline as PageRead[]).map((read) => [read.key, read.data]) : []);
  }
  if (pageReads.size === 0) return null;
  const at = url.indexOf('/rest/v1/');
  if (at < 0) return null;
  const key = readKey(init?.method ?? 'GET', url.slice(at + '/rest/v1/'.length), typeof init?.body === 'string' ? init.body : undefined);
  if (!pageReads.has(key)) return null;
  const data = pageReads.get(key);
  pageReads.delete(key);
  return new Response(JSON.stringify(data), { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

/** Tests: read the page's inline reads anew. */
export function resetPageReads(): void {
  pageReads = undefined;
}

/** fetch for the anon client: a read the page already carries is answered from it; a refusal with the server's words loaded (server/refusals.ts). */
const fetchOrPageRead: typeof fetch = (input, init) => {
  const page = typeof input === 'string' ? takePageRead(input, init) : null;
  return page ? Promise.resolve(page) : fetch(input, init).then(afterRefusal);
};

const KEY = Symbol.for('stitchhouse.publicRest');
type Holder = { [KEY]?: Promise<PostgrestClient> };

export function getPublicRest(): Promise<PostgrestClient> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    // postgrest-js is imported with this module (itself loaded on demand): a lazy import here would be
    // one more round trip after the screen rendered, before its first request.
    const config = await loadRuntimeConfig();
    return new UntypedPostgrestClient<Database>(`${config.supabaseUrl.replace(/\/+$/, '')}/rest/v1`, {
      headers: { apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}`, [DEPLOYMENT_HEADER]: config.deploymentId },
      fetch: fetchOrPageRead,
    });
  })();
  holder[KEY].catch(() => {
    delete holder[KEY]; // the config failed to load: the next call tries again
  });
  return holder[KEY];
}

/** What a read needs of a client: PostgREST tables and functions. */
export type ReadClient = Pick<PostgrestClient, 'from' | 'rpc'>;

/**
 * The client a read of public data goes through: the page's supabase-js client when this
 * browser may hold a session (or the client is already up), so a signed-in reader gets what
 * their role may see; otherwise the anon PostgREST client, which asks exactly what a
 * signed-out visitor's supabase-js would (anon key, no user token) without downloading it.
 */
export async function getReadClient(): Promise<ReadClient> {
  if (!supabaseStarted() && !mayHaveSession()) return getPublicRest();
  const supabase = await getSupabase();
  return { from: supabase.from.bind(supabase), rpc: supabase.rpc.bind(supabase) } as unknown as ReadClient;
}
