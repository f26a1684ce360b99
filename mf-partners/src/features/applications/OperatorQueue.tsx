import type { PartnerProgramme } from '@stitchhouse/shared/partners/applications.ts';
import { ReviewDecision, ReviewQueue } from '@stitchhouse/shared/ui/ReviewQueue.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useLive } from '@stitchhouse/shared/query/live.ts';
import { applicationKeys, listApplications, reviewApplication, type PartnerApplication } from '../../api/applications.ts';
import { countryName } from '@stitchhouse/shared/countries.ts';
import { formatDay } from '@stitchhouse/shared/money.ts';
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
  return (
    <>
      <h3 className={styles.muted}>
        <strong>{a.company}</strong> · {a.status === 'pending' ? 'waiting for review' : a.status}
      </h3>
      <dl className={styles.details}>
        <dt>Website</dt>
        <dd>
          <a href={a.website} rel="noopener noreferrer nofollow" target="_blank">
            {a.website}
          </a>
        </dd>
        <dt>Audience</dt>
        <dd>{a.audience || 'not given'}</dd>
        <dt>Country</dt>
        <dd>{countryName(a.country) || 'not given'}</dd>
        {a.message ? (
          <>
            <dt>Message</dt>
            <dd>{a.message}</dd>
          </>
        ) : null}
        <dt>Applied</dt>
        <dd>{formatDay(a.createdAt)}</dd>
        {a.reason ? (
          <>
            <dt>Reason given</dt>
            <dd>{a.reason}</dd>
          </>
        ) : null}
      </dl>
      {a.status === 'pending' && own ? (
        <p className={styles.muted}>This is your own application: another operator decides it.</p>
      ) : a.status === 'pending' ? (
        <ReviewDecision
          name={a.company}
          decide={(decision, reason) => reviewApplication(a.id, decision, reason)}
          onDecided={onDecided}
          reasonId={`reason-${a.id}`}
          reasonLabel={`Reason for ${a.company} (needed to reject; sent to the applicant)`}
          reasonRows={2}
          namedButtons
          actionsClassName={styles.actions}
        />
      ) : null}
    </>
  );
}
