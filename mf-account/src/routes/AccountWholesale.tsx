import { href } from '@stitchhouse/shared';
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import type { Session } from '@supabase/supabase-js';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '@stitchhouse/shared/query/client.ts';
import { Alert, Button, Card, QueryState, Spinner, type QueryStateQuery } from '@stitchhouse/shared/ui/index.ts';
import { myApplication, wholesaleKeys, type Application } from '../api/wholesale.ts';
import { AccountPage } from '../features/layout/AccountPage.tsx';
import { useProfile } from '../features/profile/useProfile.ts';
import { ApplicationForm } from '../features/wholesale/ApplicationForm.tsx';
import { OperatorQueue } from '../features/wholesale/OperatorQueue.tsx';
import * as styles from '../features/layout/account.module.css';

/** /account/wholesale: a shop applies and follows its application; operators review the queue. */
export default function AccountWholesale() {
  const { i18n } = useLingui();
  return (
    <AccountPage title={i18n._('account.wholesale.title')} path={href('/account/wholesale')} lead={i18n._('account.wholesale.lead')}>
      {(session) => <Wholesale session={session} />}
    </AccountPage>
  );
}

function Wholesale({ session }: { session: Session }) {
  const { i18n } = useLingui();
  const me = useProfile(session);
  const application = useQuery({ queryKey: wholesaleKeys.mine(session.user.id), queryFn: () => myApplication(session.user.id) });
  const waiting = (query: QueryStateQuery<unknown>) => (
    <QueryState query={query} errorTitle={i18n._('account.wholesale.loadError')} skeleton={<Spinner label={i18n._('account.wholesale.loading')} showLabel />}>
      {() => null}
    </QueryState>
  );
  if (me.data === undefined) return waiting(me);
  if (me.data.profile.roles.includes('operator')) return <OperatorQueue />;
  if (application.data === undefined) return waiting(application);
  return (
    <Applicant userId={session.user.id} application={application.data} onChanged={() => void queryClient.invalidateQueries({ queryKey: wholesaleKeys.all })} />
  );
}

function Applicant({ userId, application, onChanged }: { userId: string; application: Application | null; onChanged: () => void }) {
  const { i18n } = useLingui();
  const [reapplying, setReapplying] = useState(false);
  return (
    <Card as="section" className={styles.section} aria-labelledby="application-title">
      <h2 id="application-title">{i18n._('account.wholesale.applicationTitle')}</h2>
      {!application ? (
        <>
          <p>{i18n._('account.wholesale.intro')}</p>
          <ApplicationForm userId={userId} existing={null} onSubmitted={onChanged} />
        </>
      ) : application.status === 'pending' ? (
        <Alert tone="info" title={i18n._('account.wholesale.pendingTitle')}>
          {i18n._('account.wholesale.pending', { business: application.businessName, day: new Date(application.createdAt).toLocaleDateString(i18n.locale) })}
        </Alert>
      ) : application.status === 'approved' ? (
        <Alert tone="success" title={i18n._('account.wholesale.approvedTitle')}>
          {i18n._('account.wholesale.approved', { business: application.businessName })}
        </Alert>
      ) : (
        <>
          <Alert tone="warning" title={i18n._('account.wholesale.rejectedTitle')}>
            {i18n._('account.wholesale.reason', { reason: application.reason })}
          </Alert>
          {reapplying ? (
            <ApplicationForm userId={userId} existing={application} onSubmitted={onChanged} />
          ) : (
            <div className={styles.actions}>
              <Button onClick={() => setReapplying(true)}>{i18n._('account.wholesale.reapply')}</Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
