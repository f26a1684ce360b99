import { useSyncExternalStore } from 'react';
import type { Session } from '@supabase/supabase-js';
import { getSupabase } from './supabase.ts';

/**
 * The page's auth session as a tiny external store: one onAuthStateChange
 * subscription for the whole page, however many headers and screens read it.
 */
export interface SessionState {
  /** True until the first answer from the client (stored session or none). */
  loading: boolean;
  session: Session | null;
  /** Set when the client could not start (no config, backend unreachable…). */
  error: unknown;
}

type Store = { state: SessionState; listeners: Set<() => void>; started: boolean };
const KEY = Symbol.for('stitchhouse.session');
const store: Store = ((globalThis as { [KEY]?: Store })[KEY] ??= {
  state: { loading: true, session: null, error: null },
  listeners: new Set(),
  started: false,
});

function publish(next: Partial<SessionState>) {
  store.state = { ...store.state, ...next };
  for (const listener of store.listeners) listener();
}

function start() {
  if (store.started) return;
  store.started = true;
  getSupabase().then(
    (client) => {
      // INITIAL_SESSION arrives first, then SIGNED_IN / SIGNED_OUT / TOKEN_REFRESHED.
      client.auth.onAuthStateChange((_event, session) => publish({ loading: false, session, error: null }));
    },
    (error: unknown) => {
      store.started = false; // a later subscriber may try again
      publish({ loading: false, session: null, error });
    },
  );
}

export function subscribeSession(listener: () => void): () => void {
  store.listeners.add(listener);
  start();
  return () => store.listeners.delete(listener);
}

export function getSessionState(): SessionState {
  return store.state;
}

const SERVER_STATE: SessionState = { loading: true, session: null, error: null };

/** The current session; re-renders on sign-in, sign-out and token refresh. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, () => SERVER_STATE);
}
