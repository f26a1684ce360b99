import { href } from '@stitchhouse/shared';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onSupabaseStarted } from '@stitchhouse/shared/supabase.ts';
import { afterFirstPaint } from '@stitchhouse/shared/afterPaint.ts';
// Subpath imports: the shell's first paint must not carry zod (auth/index.ts has the form schemas).
import { expiredLinkHref, linkErrorFromUrl } from '@stitchhouse/shared/auth/links.ts';
import { setSessionNotice, useSessionNotice } from './notice.ts';
import { watchSession } from './watchSession.ts';
import * as styles from './SessionGate.module.css';
import { useLingui } from '@lingui/react';

// The address the page was opened with, read before auth-js or the router touch it: an
// email link that failed comes back with error_code=… in its hash or query.
const openedWith = typeof window === 'undefined' ? '' : window.location.href;

/**
 * Page-wide session duties around the layout: failed email links go to /expired-link,
 * the session is watched for revocation, and a signed-out notice is shown.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const notice = useSessionNotice();

  useEffect(() => {
    const failed = linkErrorFromUrl(openedWith);
    if (failed && !window.location.pathname.startsWith(href('/expired-link'))) void navigate(expiredLinkHref(failed), { replace: true });
  }, [navigate]);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let active = true;
    // supabase-js (≈57 KB) is not needed to paint the page: watch the session once the page
    // client is up. The session store starts it when this browser may hold a session; a
    // signed-out visitor's page starts it only when a screen needs it (sign-in, data).
    void afterFirstPaint().then(() =>
      onSupabaseStarted((supabase) => {
        if (active && !stop) stop = watchSession(supabase);
      }),
    );
    return () => {
      active = false;
      stop?.();
    };
  }, []);

  const onSignIn = location.pathname === href('/sign-in');
  return (
    <>
      {notice && !onSignIn ? (
        <section className={styles.notice} aria-label={i18n._('shell.session.label')}>
          <p role="alert" className={styles.text}>
            {i18n._(notice)}
          </p>
          <div className={styles.actions}>
            <a
              href={href('/sign-in', { next: location.pathname + location.search })}
              onClick={(event) => {
                event.preventDefault();
                void navigate(href('/sign-in', { next: location.pathname + location.search }));
              }}
            >
              {i18n._('shell.session.signInAgain')}
            </a>
            <button type="button" className={styles.dismiss} onClick={() => setSessionNotice(null)}>
              {i18n._('shell.session.dismiss')}
            </button>
          </div>
        </section>
      ) : null}
      {children}
    </>
  );
}
