import { useSyncExternalStore } from 'react';
import type { Session } from '@supabase/supabase-js';
import { getSupabase, onSupabaseStarted } from './supabase.ts';

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

/** supabase-js's default storage key (`sb-<host label>-auth-token`), where a session is kept. */
const STORED_SESSION = /^sb-.+-auth-token$/;
/** What an email link or OAuth redirect brings for auth-js to turn into a session. */
const SESSION_IN_URL = /[?#&](access_token|refresh_token|code|token_hash|error_description)=/;

/** Whether this browser may have a session: one is stored, or the URL carries one. */
export function mayHaveSession(): boolean {
  if (typeof window === 'undefined') return true;
  try {
    if (SESSION_IN_URL.test(window.location.search + window.location.hash)) return true;
    for (let i = 0; i < window.localStorage.length; i++) if (STORED_SESSION.test(window.localStorage.key(i) ?? '')) return true;
    return false;
  } catch {
    return true; // storage blocked: let auth-js decide
  }
}

const attached = new WeakSet<object>();
function attach(client: Awaited<ReturnType<typeof getSupabase>>) {
  if (attached.has(client)) return;
  attached.add(client);
  // INITIAL_SESSION arrives first, then SIGNED_IN / SIGNED_OUT / TOKEN_REFRESHED.
  client.auth.onAuthStateChange((_event, session) => publish({ loading: false, session, error: null }));
}

function startClient() {
  getSupabase().catch((error: unknown) => {
    store.started = false; // a later subscriber may try again
    publish({ loading: false, session: null, error });
  });
}

function start() {
  if (store.started) return;
  store.started = true;
  // The store follows the page client whoever starts it (a sign-in screen, a data read).
  onSupabaseStarted(attach);
  if (mayHaveSession()) {
    startClient();
    return;
  }
  // Nothing stored and nothing in the URL: signed out, known without loading supabase-js
  // (≈57 KB gzip) on every page a visitor opens. Signing in in another tab
  // stores a session: start the client then.
  publish({ loading: false, session: null, error: null });
  const onStorage = (event: StorageEvent) => {
    if (!event.key || !STORED_SESSION.test(event.key) || !event.newValue) return;
    window.removeEventListener('storage', onStorage);
    startClient();
  };
  window.addEventListener('storage', onStorage);
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

/**
 * The session once the page knows it: at once, or when the client's first answer arrives. For a
 * button pressed while a phone is still reading the session: a member is not sent to sign in.
 */
export function settledSession(): Promise<Session | null> {
  if (!store.state.loading) return Promise.resolve(store.state.session);
  return new Promise((resolve) => {
    const unsubscribe = subscribeSession(() => {
      if (store.state.loading) return;
      unsubscribe();
      resolve(store.state.session);
    });
  });
}

/** The signed-in member's id, waiting for the session if the page is still reading it (null: signed out). */
export async function memberOnceKnown(): Promise<string | null> {
  return (await settledSession())?.user.id ?? null;
}
