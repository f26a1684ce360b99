import { useState } from 'react';
import { serverMessage } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button, Card, EmptyState, Select, Spinner, TextArea } from '@stitchhouse/shared/ui/index.ts';
import { useAsync } from '@stitchhouse/shared/useAsync.ts';
import { certificateUrl, listApplications, reviewApplication, type Application, type ApplicationStatus } from '../../api/wholesale.ts';
import * as styles from '../layout/account.module.css';

const FILTERS: Array<{ value: ApplicationStatus | 'all'; label: string }> = [
  { value: 'pending', label: 'Waiting for review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

/** Operators: the queue of applications, each opened with its certificate, approved or rejected with a reason. */
export function OperatorQueue() {
  const [filter, setFilter] = useState<ApplicationStatus | 'all'>('pending');
  const [reload, setReload] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useAsync(`${filter}|${reload}`, () => listApplications(filter));

  return (
    <Card as="section" className={styles.section} aria-labelledby="queue-title">
      <h2 id="queue-title">Wholesale applications</h2>
      <Select id="queue-filter" label="Show" options={FILTERS} value={filter} onChange={(e) => setFilter(e.target.value as ApplicationStatus | 'all')} />
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
            <li key={a.id}>
              <Button variant="ghost" size="small" aria-expanded={open === a.id} onClick={() => setOpen(open === a.id ? null : a.id)}>
                {a.businessName} ({a.country}) · {a.status}
              </Button>
              {open === a.id ? (
                <ApplicationReview
                  application={a}
                  onDecided={(message) => {
                    setNotice(message);
                    setOpen(null);
                    setReload((n) => n + 1);
                  }}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ApplicationReview({ application: a, onDecided }: { application: Application; onDecided: (message: string) => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<'approve' | 'reject' | 'document' | null>(null);
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
      onDecided(`${a.businessName} ${decision === 'approve' ? 'approved' : 'rejected'}.${emailed ? ' The applicant has been emailed.' : ' The email could not be sent: tell the applicant yourself.'}`);
    } catch (error) {
      setProblem(serverMessage(error).message);
    } finally {
      setBusy(null);
    }
  }

  async function openDocument() {
    if (!a.documentPath) return;
    setBusy('document');
    try {
      window.open(await certificateUrl(a.documentPath), '_blank', 'noopener');
    } catch (error) {
      setProblem(serverMessage(error).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className={styles.preview}>
      <dl>
        <dt>VAT or tax number</dt>
        <dd>{a.taxId}</dd>
        <dt>Address</dt>
        <dd>{[a.addressLine1, a.addressLine2, `${a.postalCode} ${a.city}`, a.region, a.country].filter(Boolean).join(', ')}</dd>
        <dt>Website</dt>
        <dd>{a.website ? <a href={a.website} rel="noopener noreferrer nofollow" target="_blank">{a.website}</a> : 'none given'}</dd>
        <dt>Applied</dt>
        <dd>{new Date(a.createdAt).toLocaleDateString()}</dd>
        {a.reason ? (
          <>
            <dt>Reason given</dt>
            <dd>{a.reason}</dd>
          </>
        ) : null}
      </dl>
      {a.documentPath ? (
        <Button variant="secondary" size="small" busy={busy === 'document'} busyLabel="Opening…" onClick={() => void openDocument()}>
          Open the resale certificate
        </Button>
      ) : (
        <p className={styles.muted}>No certificate attached.</p>
      )}
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      {a.status === 'pending' ? (
        <>
          <TextArea id={`reason-${a.id}`} label="Reason (needed to reject; sent to the applicant)" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
          <div className={styles.actions}>
            <Button busy={busy === 'approve'} busyLabel="Approving…" onClick={() => void decide('approve')}>
              Approve
            </Button>
            <Button variant="danger" busy={busy === 'reject'} busyLabel="Rejecting…" onClick={() => void decide('reject')}>
              Reject
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
