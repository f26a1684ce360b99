import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { getSupabase } from '@stitchhouse/shared/supabase.ts';
import type { AccountUser } from './accountLabel.ts';

export interface LayoutSession {
  user: AccountUser | null;
  loading: boolean;
  signOut: () => Promise<void>;
}

/**
 * Who is signed in, for the header. Follows the shared client's auth events so
 * signing in or out in any remote updates the header at once. If the backend
 * cannot be reached the visitor simply sees "Sign in".
 */
export function useLayoutSession(): LayoutSession {
  const [user, setUser] = useState<AccountUser | null>(null);
  const [loading, setLoading] = useState(true);
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    getSupabase().then(
      async (supabase) => {
        const { data } = supabase.auth.onAuthStateChange((_event, session) => {
          if (active) setUser(session?.user ?? null);
        });
        unsubscribe = () => data.subscription.unsubscribe();
        if (!active) unsubscribe();
        const { data: current } = await supabase.auth.getSession();
        if (active) {
          setUser(current.session?.user ?? null);
          setLoading(false);
        }
      },
      () => {
        if (active) setLoading(false);
      },
    );
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, []);

  const signOut = useCallback(async () => {
    const supabase = await getSupabase();
    const { error } = await supabase.auth.signOut();
    // The server could not be told (offline): still end the session on this device.
    if (error) await supabase.auth.signOut({ scope: 'local' });
    setUser(null);
    navigate('/');
  }, [navigate]);

  return { user, loading, signOut };
}
