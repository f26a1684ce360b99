import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@stitchhouse/shared';
import { needsSecondFactor } from '../../api/auth.ts';

export type SignInPhase = 'idle' | 'second-factor';

/**
 * What happens once a session exists on a sign-in screen (from the form, a link or a
 * code): ask for the second factor when the account has one, else go to `next`.
 */
export function useAfterSignIn(next: string, onError: (error: unknown) => void) {
  const { session, loading } = useSession();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<SignInPhase>('idle');
  const checking = useRef(false);

  const done = useCallback(() => navigate(next, { replace: true }), [navigate, next]);

  useEffect(() => {
    if (loading || !session || phase !== 'idle' || checking.current) return;
    checking.current = true;
    needsSecondFactor()
      .then((needed) => (needed ? setPhase('second-factor') : done()))
      .catch(onError)
      .finally(() => {
        checking.current = false;
      });
  }, [loading, session, phase, done, onError]);

  return { phase, setPhase, done, signedIn: !!session, loading };
}
