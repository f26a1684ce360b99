import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import type { Session } from '@supabase/supabase-js';
import { Card, QueryState, Spinner, type QueryStateQuery } from '@stitchhouse/shared/ui/index.ts';
import { ROLE_LABELS } from '../api/profile.ts';
import { AccountPage } from '../features/layout/AccountPage.tsx';
import { useProfile } from '../features/profile/useProfile.ts';
import { useMyStore } from '../features/store/useMyStore.ts';
import { DeleteAccount } from '../features/security/DeleteAccount.tsx';
import { ExportAccount } from '../features/security/ExportAccount.tsx';
import { SessionsSection } from '../features/security/SessionsSection.tsx';
import * as styles from '../features/layout/account.module.css';

/** /account: who I am, my roles, where to go next, and the danger zone. */
export default function AccountOverview() {
  return (
    <AccountPage title="Your account" path={href('/account')}>
      {(session) => <Overview session={session} />}
    </AccountPage>
  );
}

function Overview({ session }: { session: Session }) {
  const me = useProfile(session);
  const mine = useMyStore(session);
  const waiting = (query: QueryStateQuery<unknown>) => (
    <QueryState query={query} errorTitle="Your account could not be loaded" skeleton={<Spinner label="Loading your account…" showLabel />}>
      {() => null}
    </QueryState>
  );
  if (me.data === undefined) return waiting(me);
  if (mine.data === undefined) return waiting(mine);
  const { profile, avatarUrl } = me.data;
  const { store } = mine.data;
  const sells = !!store;
  const reports = profile.roles.some((r) => ['designer', 'retailer', 'supplier', 'reseller', 'operator'].includes(r));
  return (
    <div className={styles.stack}>
      <Card as="section" className={styles.section} aria-labelledby="who-title">
        <h2 id="who-title">You</h2>
        <div className={styles.row}>
          {avatarUrl ? <img className={styles.avatar} src={avatarUrl} alt="" /> : null}
          <div>
            <p className={styles.status}>{profile.displayName}</p>
            <p className={styles.muted}>{profile.email}</p>
            <p>Roles: {profile.roles.map((r) => ROLE_LABELS[r] ?? r).join(', ') || 'none yet'}</p>
            <Link to={href('/account/user')}>Edit profile and security</Link>
          </div>
        </div>
      </Card>
      <Card as="section" className={styles.section} aria-labelledby="links-title">
        <h2 id="links-title">Go to</h2>
        <ul className={styles.list}>
          <li>
            <Link to={href('/patterns/my-patterns')}>Your pattern library</Link>: everything you bought, ready to download.
          </li>
          <li>
            <Link to={href('/account/messages')}>Messages</Link>:{' '}
            {sells ? 'buyers’ questions to your store and your questions to designers.' : 'your questions to designers and their answers.'}
          </li>
          <li>
            {sells ? <Link to={href('/account/store')}>Your store settings ({store.name})</Link> : <Link to={href('/account/store')}>Open a store</Link>}
            {sells ? (
              <>
                {' '}
                · <Link to={href('/patterns/my-store')}>Your patterns for sale</Link>
              </>
            ) : null}
          </li>
          {sells ? (
            <li>
              <Link to={href('/payment')}>Payouts and sales</Link>: {store.payoutsEnabled ? 'payouts are on.' : 'set up payouts to get paid.'}
            </li>
          ) : null}
          {reports ? (
            <li>
              <Link to={href('/reports')}>Reports</Link>
            </li>
          ) : null}
          <li>
            <Link to={href('/account/wholesale')}>{profile.roles.includes('operator') ? 'Wholesale applications to review' : 'Wholesale account'}</Link>
          </li>
        </ul>
      </Card>
      <ExportAccount />
      <section aria-labelledby="danger-title" className={styles.stack}>
        <h2 id="danger-title">Danger zone</h2>
        <SessionsSection />
        <DeleteAccount />
      </section>
    </div>
  );
}
