import type { AuthError, SupabaseClient } from '@supabase/supabase-js';
import { consumeSignOutIntent } from '@stitchhouse/shared/auth/signOutIntent.ts';
import { SIGNED_OUT_NOTICE, setSessionNotice } from './notice.ts';

// Answers of GET /user that mean the session is gone for good (revoked, user deleted, …).
const DEAD_SESSION_CODES = new Set([
  'session_not_found',
  'session_expired',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'user_not_found',
  'bad_jwt',
  'user_banned',
]);

export function isDeadSessionError(error: Pick<AuthError, 'code' | 'name' | 'status'>): boolean {
  if (error.name === 'AuthSessionMissingError') return true;
  return typeof error.code === 'string' && DEAD_SESSION_CODES.has(error.code);
}

/** How often coming back to the tab may re-check the session with the server. */
const RECHECK_MS = 5_000;

/**
 * Watches the page's session: a SIGNED_OUT nobody in this tab asked for (revoked on the
 * server, expired, or a sign-out in another tab, which auth-js relays over a
 * BroadcastChannel) shows a notice. Coming back to the tab asks the server whether the
 * session is still alive, so a revoked session does not linger until its token expires.
 */
export function watchSession(supabase: SupabaseClient, win: Window = window): () => void {
  let hadSession = false;
  let lastCheck = 0;

  const { data } = supabase.auth.onAuthStateChange((event, session) => {
    if (session) {
      hadSession = true;
      setSessionNotice(null);
      return;
    }
    if (event === 'SIGNED_OUT' && hadSession) {
      hadSession = false;
      if (!consumeSignOutIntent()) setSessionNotice(SIGNED_OUT_NOTICE);
    }
  });

  const recheck = async () => {
    if (Date.now() - lastCheck < RECHECK_MS) return;
    lastCheck = Date.now();
    const { data: current } = await supabase.auth.getSession();
    if (!current.session) return;
    hadSession = true; // whatever order auth-js emits INITIAL_SESSION and SIGNED_OUT in
    const { error } = await supabase.auth.getUser();
    // Network trouble is not a revoked session: keep it, and try again next time.
    if (error && isDeadSessionError(error)) {
      const { data: still } = await supabase.auth.getSession();
      if (still.session) await supabase.auth.signOut({ scope: 'local' }); // emits SIGNED_OUT → notice
    }
  };
  const onVisible = () => {
    if (win.document.visibilityState === 'visible') void recheck().catch(() => undefined);
  };
  void recheck().catch(() => undefined);
  win.addEventListener('focus', onVisible);
  win.document.addEventListener('visibilitychange', onVisible);
  return () => {
    data.subscription.unsubscribe();
    win.removeEventListener('focus', onVisible);
    win.document.removeEventListener('visibilitychange', onVisible);
  };
}
