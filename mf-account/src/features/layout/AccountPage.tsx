import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useLingui } from '@lingui/react';
import type { Session } from '@supabase/supabase-js';
import { href, useSession } from '@stitchhouse/shared';
import { EmptyState, LinkButton, PageHeading, Spinner } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './account.module.css';

const SECTIONS = [
  { to: href('/account'), label: /*i18n*/ 'account.nav.overview', end: true },
  { to: href('/account/user'), label: /*i18n*/ 'account.nav.profileAndSecurity', end: false },
  { to: href('/account/store'), label: /*i18n*/ 'account.nav.store', end: false },
  { to: href('/account/wholesale'), label: /*i18n*/ 'account.nav.wholesale', end: false },
  { to: href('/account/messages'), label: /*i18n*/ 'account.nav.messages', end: false },
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
  const { i18n } = useLingui();
  return (
    <div className={styles.page}>
      <PageHeading title={title} lead={lead}>
        {title}
      </PageHeading>
      <nav className={styles.nav} aria-label={i18n._('account.nav.label')}>
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} end={s.end}>
                {i18n._(s.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {loading ? (
        <div aria-busy="true">
          <Spinner label={i18n._('account.overview.loading')} showLabel />
        </div>
      ) : session ? (
        children(session)
      ) : (
        <EmptyState
          title={i18n._('account.page.signInTitle')}
          actions={<LinkButton to={href('/sign-in', { next: path })}>{i18n._('account.page.signIn')}</LinkButton>}
        />
      )}
    </div>
  );
}
