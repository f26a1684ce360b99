import { href } from '@stitchhouse/shared';
import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useLingui } from '@lingui/react';
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { CartLink } from './CartLink.tsx';
import type { AccountUser } from './accountLabel.ts';
import { PRIMARY_NAV, SIGN_IN_PATH, SIGN_UP_PATH, currentPrimaryLink } from './navigation.ts';
import * as styles from './SiteHeader.module.css';

// The account menu (and TanStack Query, which reads whether the member has a store) loads once
// someone is signed in: a visitor's page, home first, downloads neither.
const AccountMenu = lazy(() => import('./AccountMenu.tsx'));

export interface SiteHeaderProps {
  /** The signed-in user, or null for visitors. */
  user: AccountUser | null;
  /** True while the session is being restored: the sign-in area stays blank instead of flashing "Sign in". */
  sessionLoading: boolean;
  onSignOut: () => Promise<void>;
}

export function SiteHeader({ user, sessionLoading, onSignOut }: SiteHeaderProps) {
  const { i18n } = useLingui();
  const [menuOpen, setMenuOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const current = currentPrimaryLink(pathname);

  // The mobile panel folds away after each navigation.
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Focus inside the panel would vanish with it: hand it back to the toggle.
      if (panelRef.current?.contains(document.activeElement)) toggleRef.current?.focus();
      setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={href('/')} className={styles.logo}>
          <span className={styles.logoMark} aria-hidden="true">
            <svg viewBox="0 0 32 32" width="32" height="32" focusable="false">
              <circle cx="16" cy="16" r="15" fill="currentColor" />
              <path d="M8 20c4-8 12-8 16 0" stroke="#fff" strokeWidth="2.2" fill="none" strokeDasharray="3 2.5" strokeLinecap="round" />
              <circle cx="16" cy="11" r="2.4" fill="#fff" />
            </svg>
          </span>
          <span className={styles.logoText}>{BRAND_NAME}</span>
          <span className={styles.srOnly}>{i18n._('shell.header.homeSuffix')}</span>
        </Link>

        <button
          ref={toggleRef}
          type="button"
          className={styles.menuToggle}
          aria-expanded={menuOpen}
          aria-controls={panelId}
          onClick={() => setMenuOpen((was) => !was)}
        >
          <span className={styles.burger} aria-hidden="true" />
          {menuOpen ? i18n._('shell.header.close') : i18n._('shell.header.menu')}
        </button>

        <div id={panelId} ref={panelRef} className={styles.panel} data-open={menuOpen}>
          <nav aria-label={i18n._('shell.header.mainNav')} className={styles.nav}>
            <ul className={styles.navList}>
              {PRIMARY_NAV.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={item.to === current ? 'page' : undefined}
                    className={item.to === current ? `${styles.navLink} ${styles.active}` : styles.navLink}
                  >
                    {i18n._(item.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <div className={styles.account}>
            <CartLink />
            {sessionLoading ? (
              <span className={styles.sessionPending} aria-hidden="true" />
            ) : user ? (
              <Suspense fallback={<span className={styles.sessionPending} aria-hidden="true" />}>
                <AccountMenu user={user} onSignOut={onSignOut} />
              </Suspense>
            ) : (
              <>
                <Link to={SIGN_IN_PATH} className={styles.signIn}>
                  {i18n._('shell.header.signIn')}
                </Link>
                <Link to={SIGN_UP_PATH} className={styles.signUp}>
                  {i18n._('shell.header.signUp')}
                </Link>
              </>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
