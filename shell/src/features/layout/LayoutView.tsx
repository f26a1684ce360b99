import { Outlet } from 'react-router';
import '@stitchhouse/shared/ui/tokens.css';
import { ScrollMemory } from './ScrollMemory.tsx';
import type { AccountUser } from './accountLabel.ts';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';
import * as styles from './Layout.module.css';
import { useLingui } from '@lingui/react';

export interface LayoutViewProps {
  user: AccountUser | null;
  sessionLoading: boolean;
  onSignOut: () => Promise<void>;
}

/**
 * The page frame every route renders in: skip link, header, `<main id="main">`
 * with the route's content, footer. Session-agnostic so it renders without a
 * backend; `Layout` wires it to the session.
 */
export function LayoutView({ user, sessionLoading, onSignOut }: LayoutViewProps) {
  const { i18n } = useLingui();
  return (
    <div className={styles.page}>
      <ScrollMemory />
      <a href="#main" className={styles.skipLink}>
        {i18n._('shell.layout.skipToMain')}
      </a>
      <SiteHeader user={user} sessionLoading={sessionLoading} onSignOut={onSignOut} />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
