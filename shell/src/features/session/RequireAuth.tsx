import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getSupabase, useSession } from '@stitchhouse/shared';
import { signInHref } from '@stitchhouse/shared/auth/next.ts';
import { RouteSkeleton } from '../layout/RouteSkeleton.tsx';
import { useSessionNotice } from './notice.ts';

type Check = 'checking' | 'ok' | 'second-factor';

/**
 * A contract route that needs a user: signed-out visitors go to /sign-in?next=<here>
 * and come back after signing in; a session that still owes its second factor goes
 * there too (the sign-in screen then asks for the authenticator code).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { session, loading } = useSession();
  const location = useLocation();
  const notice = useSessionNotice();
  const [check, setCheck] = useState<Check>('checking');
  const token = session?.access_token;

  useEffect(() => {
    if (!token) return;
    let active = true;
    setCheck('checking');
    getSupabase()
      .then((supabase) => supabase.auth.mfa.getAuthenticatorAssuranceLevel())
      .then(({ data }) => {
        if (active) setCheck(data && data.nextLevel === 'aal2' && data.currentLevel !== 'aal2' ? 'second-factor' : 'ok');
      })
      .catch(() => active && setCheck('ok')); // the screen's own calls will say what is wrong
    return () => {
      active = false;
    };
  }, [token]);

  const here = location.pathname + location.search + location.hash;
  if (loading) return <RouteSkeleton />;
  if (!session) return <Navigate to={signInHref(here, { reason: notice ? 'session-ended' : 'sign-in-required' })} replace />;
  if (check === 'checking') return <RouteSkeleton />;
  if (check === 'second-factor') return <Navigate to={signInHref(here)} replace />;
  return children;
}
