import { useState } from 'react';
import type { PartnerProgramme } from '@stitchhouse/shared/partners/applications.ts';
import { serverMessage } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button } from '@stitchhouse/shared/ui/index.ts';
import { withdrawApplication, type PartnerApplication } from '../../api/applications.ts';
import { ApplicationForm } from './ApplicationForm.tsx';
import { countryName } from '@stitchhouse/shared/countries.ts';
import { formatDay } from '@stitchhouse/shared/money.ts';
import * as styles from './applications.module.css';

export interface ApplicantPanelProps {
  programme: PartnerProgramme;
  application: PartnerApplication | null;
  onChanged: () => void;
}

/** The applicant's side: apply; while pending see, edit or withdraw it; once decided see the outcome (and re-apply after a rejection). */
export function ApplicantPanel({ programme, application, onChanged }: ApplicantPanelProps) {
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const done = () => {
    setEditing(false);
    onChanged();
  };

  if (!application) {
    return <ApplicationForm programme={programme} existing={null} onSubmitted={done} />;
  }
  if (editing) {
    return <ApplicationForm programme={programme} existing={application} onSubmitted={done} onCancel={() => setEditing(false)} />;
  }

  async function withdraw() {
    if (!application || !window.confirm(`Withdraw the application of ${application.company}? You can apply again later.`)) return;
    setBusy(true);
    setProblem(null);
    try {
      await withdrawApplication(application.id);
      onChanged();
    } catch (error) {
      setProblem(serverMessage(error).message);
    } finally {
      setBusy(false);
    }
  }

  const summary = (
    <dl className={styles.details}>
      <dt>Company</dt>
      <dd>{application.company}</dd>
      <dt>Website</dt>
      <dd>{application.website}</dd>
      <dt>Audience</dt>
      <dd>{application.audience || 'not given'}</dd>
      <dt>Country</dt>
      <dd>{countryName(application.country) || 'not given'}</dd>
      <dt>Applied</dt>
      <dd>{formatDay(application.createdAt)}</dd>
    </dl>
  );

  if (application.status === 'pending') {
    return (
      <div className={styles.section}>
        <Alert tone="info" title="Your application is waiting for review">
          We usually answer within two working days, by email. You can change or withdraw it until then.
        </Alert>
        {summary}
        {problem ? <Alert tone="danger">{problem}</Alert> : null}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit application
          </Button>
          <Button variant="danger" busy={busy} busyLabel="Withdrawing…" onClick={() => void withdraw()}>
            Withdraw application
          </Button>
        </div>
      </div>
    );
  }
  if (application.status === 'approved') {
    return (
      <Alert tone="success" title="You are an approved partner">
        {application.company} was approved on {formatDay(application.reviewedAt ?? application.createdAt)}.
      </Alert>
    );
  }
  return (
    <div className={styles.section}>
      <Alert tone="warning" title="Your application was not approved">
        Reason: {application.reason}
      </Alert>
      {summary}
      <div className={styles.actions}>
        <Button onClick={() => setEditing(true)}>Correct and apply again</Button>
      </div>
    </div>
  );
}
