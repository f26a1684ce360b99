import { useState } from 'react';
import type { PartnerProgramme } from '@stitchhouse/shared/partners/applications.ts';
import { serverMessage } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button, EmptyState, Select, Spinner, TextArea } from '@stitchhouse/shared/ui/index.ts';
import { useAsync } from '@stitchhouse/shared/useAsync.ts';
import { listApplications, reviewApplication, type ApplicationStatus, type PartnerApplication } from '../../api/applications.ts';
import { countryName } from '@stitchhouse/shared/countries.ts';
import { formatDay } from '@stitchhouse/shared/money.ts';
import * as styles from './applications.module.css';

const FILTERS: Array<{ value: ApplicationStatus | 'all'; label: string }> = [
  { value: 'pending', label: 'Waiting for review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

export interface OperatorQueueProps {
  programme: PartnerProgramme;
  /** The signed-in operator: their own application is shown but cannot be decided by them. */
  operatorId: string;
}

/** Operators: a programme's applications, approved or rejected with a reason (emailed to the applicant). */
export function OperatorQueue({ programme, operatorId }: OperatorQueueProps) {
  const [filter, setFilter] = useState<ApplicationStatus | 'all'>('pending');
  const [reload, setReload] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useAsync(`${programme}|${filter}|${reload}`, () => listApplications(programme, filter));
  const id = `${programme}-queue`;

  return (
    <div className={styles.section}>
      <Select id={`${id}-filter`} label="Show" options={FILTERS} value={filter} onChange={(e) => setFilter(e.target.value as ApplicationStatus | 'all')} />
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {list.status === 'error' ? (
        <Alert tone="danger" title="The applications could not be loaded" actions={<Button size="small" onClick={list.retry}>Try again</Button>}>
          {serverMessage(list.error).message}
        </Alert>
      ) : !list.data || list.status === 'loading' ? (
        <div aria-busy="true">
          <Spinner label="Loading applications…" showLabel />
        </div>
      ) : list.data.length === 0 ? (
        <EmptyState title="No applications here" headingLevel={3}>
          Nothing {filter === 'pending' ? 'is waiting for review' : 'matches this filter'}.
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-label="Applications">
          {list.data.map((a) => (
            <li key={a.id} className={styles.item}>
              <ApplicationReview
                application={a}
                own={a.userId === operatorId}
                onDecided={(message) => {
                  setNotice(message);
                  setReload((n) => n + 1);
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ApplicationReview({ application: a, own, onDecided }: { application: PartnerApplication; own: boolean; onDecided: (message: string) => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function decide(decision: 'approve' | 'reject') {
    if (decision === 'reject' && !reason.trim()) {
      setProblem('Say why the application is rejected: the applicant reads it.');
      return;
    }
    setBusy(decision);
    setProblem(null);
    try {
      const { emailed } = await reviewApplication(a.id, decision, reason);
      onDecided(`${a.company} ${decision === 'approve' ? 'approved' : 'rejected'}.${emailed ? ' The applicant has been emailed.' : ' The email could not be sent: tell the applicant yourself.'}`);
    } catch (error) {
      setProblem(serverMessage(error).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <h3 className={styles.muted}>
        <strong>{a.company}</strong> · {a.status === 'pending' ? 'waiting for review' : a.status}
      </h3>
      <dl className={styles.details}>
        <dt>Website</dt>
        <dd><a href={a.website} rel="noopener noreferrer nofollow" target="_blank">{a.website}</a></dd>
        <dt>Audience</dt>
        <dd>{a.audience || 'not given'}</dd>
        <dt>Country</dt>
        <dd>{countryName(a.country) || 'not given'}</dd>
        {a.message ? (<><dt>Message</dt><dd>{a.message}</dd></>) : null}
        <dt>Applied</dt>
        <dd>{formatDay(a.createdAt)}</dd>
        {a.reason ? (<><dt>Reason given</dt><dd>{a.reason}</dd></>) : null}
      </dl>
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      {a.status === 'pending' && own ? (
        <p className={styles.muted}>This is your own application: another operator decides it.</p>
      ) : a.status === 'pending' ? (
        <>
          <TextArea id={`reason-${a.id}`} label={`Reason for ${a.company} (needed to reject; sent to the applicant)`} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
          <div className={styles.actions}>
            <Button busy={busy === 'approve'} busyLabel="Approving…" onClick={() => void decide('approve')} aria-label={`Approve ${a.company}`}>Approve</Button>
            <Button variant="danger" busy={busy === 'reject'} busyLabel="Rejecting…" onClick={() => void decide('reject')} aria-label={`Reject ${a.company}`}>Reject</Button>
          </div>
        </>
      ) : null}
    </>
  );
}
