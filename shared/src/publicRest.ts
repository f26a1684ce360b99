import { PostgrestClient as UntypedPostgrestClient } from '@supabase/postgrest-js';
import type { Database } from './database.types.ts';
import { loadRuntimeConfig } from './config.ts';
import { DEPLOYMENT_HEADER } from './deployment.ts';
import { mayHaveSession } from './session.ts';
import { getSupabase, supabaseStarted } from './supabase.ts';

/**
 * Visitor reads of public data (published patterns and their stores, public images) for the
 * pages people land on, through supabase-js's own PostgREST client (≈5 KB gzip) instead of
 * the whole page client (≈57 KB: auth, realtime, storage, functions) — issue 13. The requests
 * carry the anon key only, as a signed-out visitor's do: use it for what every visitor may
 * read alike, and getSupabase() for anything that depends on who is signed in.
 */
/** PostgREST typed by the schema (shared/src/database.types.ts). */
type PostgrestClient = UntypedPostgrestClient<Database>;

const KEY = Symbol.for('stitchhouse.publicRest');
type Holder = { [KEY]?: Promise<PostgrestClient> };

export function getPublicRest(): Promise<PostgrestClient> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    // postgrest-js is imported with this module (itself loaded on demand): a lazy import here was
    // one more round trip after the screen rendered, before its first request (issue 13).
    const config = await loadRuntimeConfig();
    return new UntypedPostgrestClient<Database>(`${config.supabaseUrl.replace(/\/+$/, '')}/rest/v1`, {
      headers: { apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}`, [DEPLOYMENT_HEADER]: config.deploymentId },
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
