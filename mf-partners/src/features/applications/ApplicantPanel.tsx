import { useState } from 'react';
import { useLingui } from '@lingui/react';
import type { PartnerProgramme } from '@stitchhouse/shared/partners/applications.ts';
import { serverMessage } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button } from '@stitchhouse/shared/ui/index.ts';
import { withdrawApplication, type PartnerApplication } from '../../api/applications.ts';
import { ApplicationForm } from './ApplicationForm.tsx';
import { countryName } from '@stitchhouse/shared/countries.ts';
import { formatDay } from '../shared/format.ts';
import * as styles from './applications.module.css';

export interface ApplicantPanelProps {
  programme: PartnerProgramme;
  application: PartnerApplication | null;
  onChanged: () => void;
}

/** The applicant's side: apply; while pending see, edit or withdraw it; once decided see the outcome (and re-apply after a rejection). */
export function ApplicantPanel({ programme, application, onChanged }: ApplicantPanelProps) {
  const { i18n } = useLingui();
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
    if (!application || !window.confirm(i18n._('partners.apply.withdraw.confirm', { company: application.company }))) return;
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
      <dt>{i18n._('partners.apply.company')}</dt>
      <dd>{application.company}</dd>
      <dt>{i18n._('partners.apply.website')}</dt>
      <dd>{application.website}</dd>
      <dt>{i18n._('partners.apply.audience')}</dt>
      <dd>{application.audience || i18n._('partners.apply.notGiven')}</dd>
      <dt>{i18n._('partners.apply.country')}</dt>
      <dd>{countryName(application.country) || i18n._('partners.apply.notGiven')}</dd>
      <dt>{i18n._('partners.apply.applied')}</dt>
      <dd>{formatDay(application.createdAt)}</dd>
    </dl>
  );

  if (application.status === 'pending') {
    return (
      <div className={styles.section}>
        <Alert tone="info" title={i18n._('partners.apply.pending.title')}>
          {i18n._('partners.apply.pending.body')}
        </Alert>
        {summary}
        {problem ? <Alert tone="danger">{problem}</Alert> : null}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {i18n._('partners.apply.edit')}
          </Button>
          <Button variant="danger" busy={busy} busyLabel={i18n._('partners.apply.withdrawing')} onClick={() => void withdraw()}>
            {i18n._('partners.apply.withdraw')}
          </Button>
        </div>
      </div>
    );
  }
  if (application.status === 'approved') {
    return (
      <Alert tone="success" title={i18n._('partners.apply.approved.title')}>
        {i18n._('partners.apply.approved.body', { company: application.company, day: formatDay(application.reviewedAt ?? application.createdAt) })}
      </Alert>
    );
  }
  return (
    <div className={styles.section}>
      <Alert tone="warning" title={i18n._('partners.apply.rejected.title')}>
        {i18n._('partners.apply.rejected.reason', { reason: application.reason })}
      </Alert>
      {summary}
      <div className={styles.actions}>
        <Button onClick={() => setEditing(true)}>{i18n._('partners.apply.correct')}</Button>
      </div>
    </div>
  );
}
