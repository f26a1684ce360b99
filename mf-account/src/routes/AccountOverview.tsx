import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
  return (
    <AccountPage title={i18n._('account.overview.title')} path={href('/account')}>
      {(session) => <Overview session={session} />}
    </AccountPage>
  );
}

function Overview({ session }: { session: Session }) {
  const { i18n } = useLingui();
  const me = useProfile(session);
  const mine = useMyStore(session);
  const waiting = (query: QueryStateQuery<unknown>) => (
    <QueryState query={query} errorTitle={i18n._('account.overview.loadError')} skeleton={<Spinner label={i18n._('account.overview.loading')} showLabel />}>
      {() => null}
    </QueryState>
  );
  if (me.data === undefined) return waiting(me);
  if (mine.data === undefined) return waiting(mine);
  const { profile, avatarUrl } = me.data;
  const { store } = mine.data;
  const sells = !!store;
  const reports = profile.roles.some((r) => ['designer', 'retailer', 'supplier', 'reseller', 'operator'].includes(r));
  const roles = new Intl.ListFormat(i18n.locale, { type: 'unit', style: 'short' }).format(
    profile.roles.map((r) => (ROLE_LABELS[r] ? i18n._(ROLE_LABELS[r]) : r)),
  );
  return (
    <div className={styles.stack}>
      <Card as="section" className={styles.section} aria-labelledby="who-title">
        <h2 id="who-title">{i18n._('account.overview.you')}</h2>
        <div className={styles.row}>
          {avatarUrl ? <img className={styles.avatar} src={avatarUrl} alt="" /> : null}
          <div>
            <p className={styles.status}>{profile.displayName}</p>
            <p className={styles.muted}>{profile.email}</p>
            <p>{roles ? i18n._('account.overview.roles', { roles }) : i18n._('account.overview.noRoles')}</p>
            <Link to={href('/account/user')}>{i18n._('account.overview.editProfile')}</Link>
          </div>
        </div>
      </Card>
      <Card as="section" className={styles.section} aria-labelledby="links-title">
        <h2 id="links-title">{i18n._('account.overview.goTo')}</h2>
        <ul className={styles.list}>
          <li>
            <Trans id="account.overview.library" components={{ 0: <Link to={href('/patterns/my-patterns')} /> }} />
          </li>
          <li>
            {sells ? (
              <Trans id="account.overview.messagesSeller" components={{ 0: <Link to={href('/account/messages')} /> }} />
            ) : (
              <Trans id="account.overview.messagesBuyer" components={{ 0: <Link to={href('/account/messages')} /> }} />
            )}
          </li>
          <li>
            {sells ? (
              <Link to={href('/account/store')}>{i18n._('account.overview.storeSettings', { store: store.name })}</Link>
            ) : (
              <Link to={href('/account/store')}>{i18n._('account.overview.openStore')}</Link>
            )}
            {sells ? (
              <>
                {' '}
                · <Link to={href('/patterns/my-store')}>{i18n._('account.overview.patternsForSale')}</Link>
              </>
            ) : null}
          </li>
          {sells ? (
            <li>
              {store.payoutsEnabled ? (
                <Trans id="account.overview.payoutsOn" components={{ 0: <Link to={href('/payment')} /> }} />
              ) : (
                <Trans id="account.overview.payoutsOff" components={{ 0: <Link to={href('/payment')} /> }} />
              )}
            </li>
          ) : null}
          {reports ? (
            <li>
              <Link to={href('/reports')}>{i18n._('account.overview.reports')}</Link>
            </li>
          ) : null}
          <li>
            <Link to={href('/account/wholesale')}>
              {profile.roles.includes('operator') ? i18n._('account.overview.wholesaleReview') : i18n._('account.overview.wholesale')}
            </Link>
          </li>
        </ul>
      </Card>
      <ExportAccount />
      <section aria-labelledby="danger-title" className={styles.stack}>
        <h2 id="danger-title">{i18n._('account.overview.dangerZone')}</h2>
        <SessionsSection />
        <DeleteAccount />
      </section>
    </div>
  );
}
