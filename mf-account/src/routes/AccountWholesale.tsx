import { href } from '@stitchhouse/shared';
import { useState } from 'react';
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
  return (
    <AccountPage title="Wholesale account" path={href('/account/wholesale')} lead="Shops buy printed copies at wholesale prices once approved.">
      {(session) => <Wholesale session={session} />}
    </AccountPage>
  );
}

function Wholesale({ session }: { session: Session }) {
  const me = useProfile(session);
  const application = useQuery({ queryKey: wholesaleKeys.mine(session.user.id), queryFn: () => myApplication(session.user.id) });
  const waiting = (query: QueryStateQuery<unknown>) => (
    <QueryState query={query} errorTitle="Your wholesale account could not be loaded" skeleton={<Spinner label="Loading…" showLabel />}>
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
  const [reapplying, setReapplying] = useState(false);
  return (
    <Card as="section" className={styles.section} aria-labelledby="application-title">
      <h2 id="application-title">Your application</h2>
      {!application ? (
        <>
          <p>Tell us about your business. We check the details and the certificate, usually within two working days, and email you the answer.</p>
          <ApplicationForm userId={userId} existing={null} onSubmitted={onChanged} />
        </>
      ) : application.status === 'pending' ? (
        <Alert tone="info" title="Waiting for review">
          We received the application of {application.businessName} on {new Date(application.createdAt).toLocaleDateString()}. We email you when it is reviewed.
        </Alert>
      ) : application.status === 'approved' ? (
        <Alert tone="success" title="Approved">
          {application.businessName} buys at wholesale prices: they show on every pattern that offers printed copies.
        </Alert>
      ) : (
        <>
          <Alert tone="warning" title="Not approved">
            Reason: {application.reason}
          </Alert>
          {reapplying ? (
            <ApplicationForm userId={userId} existing={application} onSubmitted={onChanged} />
          ) : (
            <div className={styles.actions}>
              <Button onClick={() => setReapplying(true)}>Correct and apply again</Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
