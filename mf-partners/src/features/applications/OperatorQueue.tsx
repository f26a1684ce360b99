import { useLingui } from '@lingui/react';
import type { PartnerProgramme } from '@stitchhouse/shared/partners/applications.ts';
import { ReviewDecision, ReviewQueue } from '@stitchhouse/shared/ui/ReviewQueue.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useLive } from '@stitchhouse/shared/query/live.ts';
import { applicationKeys, listApplications, reviewApplication, type PartnerApplication } from '../../api/applications.ts';
import { countryName } from '@stitchhouse/shared/countries.ts';
import { formatDay } from '../shared/format.ts';
import * as styles from './applications.module.css';

export interface OperatorQueueProps {
  programme: PartnerProgramme;
  /** The signed-in operator: their own application is shown but cannot be decided by them. */
  operatorId: string;
}

/** Operators: a programme's applications, approved or rejected with a reason (emailed to the applicant). */
export function OperatorQueue({ programme, operatorId }: OperatorQueueProps) {
  const queryClient = useQueryClient();
  // live: new applications and other operators' decisions show at once (partner_applications is
  // published for Realtime; RLS lets operators read the rows); ReviewQueue's query is ['review-queue', queueKey, filter]
  useLive({
    topic: `partner-queue-${programme}`,
    changes: [{ table: 'partner_applications', filter: `kind=eq.${programme}` }],
    invalidate: [['review-queue', programme], applicationKeys.directory(programme)],
  });
  return (
    <div className={styles.section}>
      <ReviewQueue<PartnerApplication>
        filterId={`${programme}-queue-filter`}
        queueKey={programme}
        load={(filter) => listApplications(programme, filter)}
        listClassName={styles.list}
        itemClassName={styles.item}
        renderItem={(a, decided) => (
          <ApplicationReview
            application={a}
            own={a.userId === operatorId}
            onDecided={(message) => {
              decided(message);
              // the programme's directory on this page reads again (a newly approved partner appears)
              void queryClient.invalidateQueries({ queryKey: applicationKeys.directory(programme) });
            }}
          />
        )}
      />
    </div>
  );
}

function ApplicationReview({ application: a, own, onDecided }: { application: PartnerApplication; own: boolean; onDecided: (message: string) => void }) {
  const { i18n } = useLingui();
  return (
    <>
      <h3 className={styles.muted}>
        <strong>{a.company}</strong> · {i18n._('partners.review.status', { status: a.status })}
      </h3>
      <dl className={styles.details}>
        <dt>{i18n._('partners.apply.website')}</dt>
        <dd>
          <a href={a.website} rel="noopener noreferrer nofollow" target="_blank">
            {a.website}
          </a>
        </dd>
        <dt>{i18n._('partners.apply.audience')}</dt>
        <dd>{a.audience || i18n._('partners.apply.notGiven')}</dd>
        <dt>{i18n._('partners.apply.country')}</dt>
        <dd>{countryName(a.country) || i18n._('partners.apply.notGiven')}</dd>
        {a.message ? (
          <>
            <dt>{i18n._('partners.review.message')}</dt>
            <dd>{a.message}</dd>
          </>
        ) : null}
        <dt>{i18n._('partners.apply.applied')}</dt>
        <dd>{formatDay(a.createdAt)}</dd>
        {a.reason ? (
          <>
            <dt>{i18n._('partners.review.reason')}</dt>
            <dd>{a.reason}</dd>
          </>
        ) : null}
      </dl>
      {a.status === 'pending' && own ? (
        <p className={styles.muted}>{i18n._('partners.review.own')}</p>
      ) : a.status === 'pending' ? (
        <ReviewDecision
          name={a.company}
          decide={(decision, reason) => reviewApplication(a.id, decision, reason)}
          onDecided={onDecided}
          reasonId={`reason-${a.id}`}
          reasonLabel={i18n._('partners.review.reasonLabel', { company: a.company })}
          reasonRows={2}
          namedButtons
          actionsClassName={styles.actions}
        />
      ) : null}
    </>
  );
}
