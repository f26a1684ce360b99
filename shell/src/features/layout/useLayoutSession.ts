import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { getSupabase, useSession } from '@stitchhouse/shared';
import { markSignOutIntended } from '@stitchhouse/shared/auth/signOutIntent.ts';
import type { AccountUser } from './accountLabel.ts';

export interface LayoutSession {
  user: AccountUser | null;
  loading: boolean;
  signOut: () => Promise<void>;
}

/**
 * Who is signed in, for the header, from the page's one shared session store, so
 * signing in or out in any remote updates the header at once. If the backend
 * cannot be reached the visitor simply sees "Sign in".
 */
export function useLayoutSession(): LayoutSession {
  const { session, loading } = useSession();
  const navigate = useNavigate();

  const signOut = useCallback(async () => {
    const supabase = await getSupabase();
    markSignOutIntended(); // asked for here: no "you have been signed out" notice
    const { error } = await supabase.auth.signOut();
    // The server could not be told (offline): still end the session on this device.
    if (error) await supabase.auth.signOut({ scope: 'local' });
    navigate('/');
  }, [navigate]);

  return { user: session?.user ?? null, loading, signOut };
}
