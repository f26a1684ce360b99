import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { Session } from '@supabase/supabase-js';
import { href, useSession } from '@stitchhouse/shared';
import { EmptyState, LinkButton, PageHeading, Spinner } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './account.module.css';

const SECTIONS = [
  { to: href('/account'), label: 'Overview', end: true },
  { to: href('/account/user'), label: 'Profile and security', end: false },
  { to: href('/account/store'), label: 'Store', end: false },
  { to: href('/account/wholesale'), label: 'Wholesale', end: false },
  { to: href('/account/messages'), label: 'Messages', end: false },
];

export interface AccountPageProps {
  /** The contract's title: the h1 and the document title. */
  title: string;
  lead?: ReactNode;
  /** This page's path, for the sign-in link when the session is gone. */
  path: string;
  children: (session: Session) => ReactNode;
}

/** Every account screen: its heading, the section links, and the signed-in member's content. */
export function AccountPage({ title, lead, path, children }: AccountPageProps) {
  const { session, loading } = useSession();
  return (
    <div className={styles.page}>
      <PageHeading title={title} lead={lead}>
        {title}
      </PageHeading>
      <nav className={styles.nav} aria-label="Account sections">
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} end={s.end}>
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {loading ? (
        <div aria-busy="true">
          <Spinner label="Loading your account…" showLabel />
        </div>
      ) : session ? (
        children(session)
      ) : (
        <EmptyState title="Sign in to see your account" actions={<LinkButton to={href('/sign-in', { next: path })}>Sign in</LinkButton>} />
      )}
    </div>
  );
}
