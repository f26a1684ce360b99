import type { SupabaseClient as UntypedClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';
import { loadRuntimeConfig } from './config.ts';
import { DEPLOYMENT_HEADER } from './deployment.ts';
import { fetchWithServerWords } from './server/refusals.ts';

/**
 * The one Supabase client of the page. Every remote gets it from here (the shared
 * package is a Module Federation singleton), so there is one session, one token
 * refresh timer and one auth listener set. supabase-js is loaded on first use, not
 * in the first paint of marketing pages.
 */
/** The page's client, typed by the schema (shared/src/database.types.ts, generated from the migrations). */
export type SupabaseClient = UntypedClient<Database>;

const KEY = Symbol.for('stitchhouse.supabase');
const STARTED = Symbol.for('stitchhouse.supabase.started');
type Holder = { [KEY]?: Promise<SupabaseClient>; [STARTED]?: Set<(client: SupabaseClient) => void> };

export function getSupabase(): Promise<SupabaseClient> {
  // Kept on globalThis too: even a second copy of this module must not make a second client.
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    holder[KEY] = createPageClient();
    holder[KEY].then(
      (client) => holder[STARTED]?.forEach((listener) => listener(client)),
      () => undefined,
    );
  }
  holder[KEY].catch(() => {
    delete holder[KEY]; // config or chunk failed to load: the next call tries again
  });
  return holder[KEY];
}

async function createPageClient(): Promise<SupabaseClient> {
  const [config, { createClient }] = await Promise.all([loadRuntimeConfig(), import('@supabase/supabase-js')]);
  return createClient<Database>(config.supabaseUrl, config.supabaseAnonKey, {
    // a refusal arrives with the server's words in the page's language (server/refusals.ts)
    global: { headers: { [DEPLOYMENT_HEADER]: config.deploymentId }, fetch: fetchWithServerWords() },
    auth: { persistSession: typeof window !== 'undefined', autoRefreshToken: typeof window !== 'undefined', detectSessionInUrl: typeof window !== 'undefined' },
  });
}

/**
 * Calls `listener` with the page client once something creates it (at once if it exists),
 * without creating it: the session store follows the client a sign-in screen starts.
 */
export function onSupabaseStarted(listener: (client: SupabaseClient) => void): void {
  const holder = globalThis as Holder;
  (holder[STARTED] ??= new Set()).add(listener);
  holder[KEY]?.then(listener, () => undefined);
}

/** Whether the page client has been created (supabase-js loaded or loading). */
export function supabaseStarted(): boolean {
  return (globalThis as Holder)[KEY] !== undefined;
}

/** Test helper: drop the page client. */
export function resetSupabase(): void {
  delete (globalThis as Holder)[KEY];
}
