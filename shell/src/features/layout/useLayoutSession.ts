import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { getSessionState, getSupabase, href, type SessionState, subscribeSession } from '@stitchhouse/shared';
import { afterFirstPaint } from '@stitchhouse/shared/afterPaint.ts';
import { markSignOutIntended } from '@stitchhouse/shared/auth/signOutIntent.ts';
import type { AccountUser } from './accountLabel.ts';

export interface LayoutSession {
  user: AccountUser | null;
  loading: boolean;
  signOut: () => Promise<void>;
}

const LOADING: SessionState = { loading: true, session: null, error: null };

/**
 * The shared session store, subscribed once the page has painted: subscribing starts
 * supabase-js (≈57 KB gzip), which the header must not hold the first paint for.
 */
function subscribeAfterPaint(listener: () => void): () => void {
  let stop: (() => void) | undefined;
  let active = true;
  void afterFirstPaint().then(() => {
    if (!active) return;
    stop = subscribeSession(listener);
    listener(); // the store may have changed before we subscribed
  });
  return () => {
    active = false;
    stop?.();
  };
}

/**
 * Who is signed in, for the header, from the page's one shared session store, so
 * signing in or out in any remote updates the header at once. If the backend
 * cannot be reached the visitor simply sees "Sign in".
 */
export function useLayoutSession(): LayoutSession {
  const { session, loading } = useSyncExternalStore(subscribeAfterPaint, getSessionState, () => LOADING);
  const navigate = useNavigate();

  const signOut = useCallback(async () => {
    const supabase = await getSupabase();
    markSignOutIntended(); // asked for here: no "you have been signed out" notice
    const { error } = await supabase.auth.signOut();
    // The server could not be told (offline): still end the session on this device.
    if (error) await supabase.auth.signOut({ scope: 'local' });
    void navigate(href('/'));
  }, [navigate]);

  // a guest (anonymous sign-in from guest checkout) is not a named member: Sign in / Sign up stay
  const user = session?.user && !session.user.is_anonymous ? session.user : null;
  return { user, loading, signOut };
}
