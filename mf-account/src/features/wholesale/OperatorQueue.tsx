import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { serverMessage } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button, Card } from '@stitchhouse/shared/ui/index.ts';
import { ReviewDecision, ReviewQueue } from '@stitchhouse/shared/ui/ReviewQueue.tsx';
import { useLive } from '@stitchhouse/shared/query/live.ts';
import { certificateUrl, listApplications, reviewApplication, type Application } from '../../api/wholesale.ts';
import * as styles from '../layout/account.module.css';

/** Operators: the queue of applications, each opened with its certificate, approved or rejected with a reason. */
export function OperatorQueue() {
  const { i18n } = useLingui();
  const [open, setOpen] = useState<string | null>(null);
  // live: a new application or another operator's decision shows at once (wholesale_accounts is
  // published for Realtime; RLS lets operators read the rows); ReviewQueue's query is ['review-queue', queueKey, filter]
  useLive({ topic: 'wholesale-queue', changes: [{ table: 'wholesale_accounts' }], invalidate: [['review-queue', '']] });

  return (
    <Card as="section" className={styles.section} aria-labelledby="queue-title">
      <h2 id="queue-title">{i18n._('account.queue.title')}</h2>
      <ReviewQueue<Application>
        filterId="queue-filter"
        load={listApplications}
        listClassName={styles.list}
        renderItem={(a, decided) => (
          <>
            <Button variant="ghost" size="small" aria-expanded={open === a.id} onClick={() => setOpen(open === a.id ? null : a.id)}>
              {i18n._('account.queue.item', { business: a.businessName, country: a.country, status: a.status })}
            </Button>
            {open === a.id ? (
              <ApplicationReview
                application={a}
                onDecided={(message) => {
                  setOpen(null);
                  decided(message);
                }}
              />
            ) : null}
          </>
        )}
      />
    </Card>
  );
}

function ApplicationReview({ application: a, onDecided }: { application: Application; onDecided: (message: string) => void }) {
  const { i18n } = useLingui();
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function openDocument() {
    if (!a.documentPath) return;
    setOpening(true);
    setProblem(null);
    try {
      window.open(await certificateUrl(a.documentPath), '_blank', 'noopener');
    } catch (error) {
      setProblem(serverMessage(error).message);
    } finally {
      setOpening(false);
    }
  }

  return (
    <div className={styles.preview}>
      <dl>
        <dt>{i18n._('account.wholesaleForm.taxId')}</dt>
        <dd>{a.taxId}</dd>
        <dt>{i18n._('account.queue.address')}</dt>
        <dd>{[a.addressLine1, a.addressLine2, `${a.postalCode} ${a.city}`, a.region, a.country].filter(Boolean).join(', ')}</dd>
        <dt>{i18n._('account.wholesaleForm.website')}</dt>
        <dd>
          {a.website ? (
            <a href={a.website} rel="noopener noreferrer nofollow" target="_blank">
              {a.website}
            </a>
          ) : (
            i18n._('account.queue.noWebsite')
          )}
        </dd>
        <dt>{i18n._('account.queue.applied')}</dt>
        <dd>{new Date(a.createdAt).toLocaleDateString(i18n.locale)}</dd>
        {a.reason ? (
          <>
            <dt>{i18n._('account.queue.reason')}</dt>
            <dd>{a.reason}</dd>
          </>
        ) : null}
      </dl>
      {a.documentPath ? (
        <Button variant="secondary" size="small" busy={opening} busyLabel={i18n._('account.queue.opening')} onClick={() => void openDocument()}>
          {i18n._('account.queue.openCertificate')}
        </Button>
      ) : (
        <p className={styles.muted}>{i18n._('account.queue.noCertificate')}</p>
      )}
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      {a.status === 'pending' ? (
        <ReviewDecision
          name={a.businessName}
          decide={(decision, reason) => reviewApplication(a.id, decision, reason)}
          onDecided={onDecided}
          reasonId={`reason-${a.id}`}
          reasonLabel={i18n._('account.queue.reasonLabel')}
          actionsClassName={styles.actions}
        />
      ) : null}
    </div>
  );
}
