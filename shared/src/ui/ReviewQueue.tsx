// The operator's review queue, one for every kind of application (wholesale accounts in
// mf-account, partner programmes in mf-partners): the filter, the list's states, and the
// approve / reject-with-a-reason decision. Each app renders its own application's details.
import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../errors.ts';
import { Alert } from './Alert.tsx';
import { QueryState } from './QueryState.tsx';
import { Button } from './Button.tsx';
import { cx } from './classNames.ts';
import { EmptyState } from './EmptyState.tsx';
import { Select } from './Select.tsx';
import { Spinner } from './Spinner.tsx';
import { TextArea } from './TextField.tsx';
import { useI18n } from './useI18n.ts';
import * as styles from './ReviewQueue.module.css';
import type { ApplicationStatus } from '../statuses.ts';

export type ReviewStatus = ApplicationStatus;
export type ReviewFilter = ReviewStatus | 'all';
export type ReviewDecisionKind = 'approve' | 'reject';

const FILTERS: Array<{ value: ReviewFilter; label: string }> = [
  { value: 'pending', label: /*i18n*/ 'shared.review.pending' },
  { value: 'approved', label: /*i18n*/ 'shared.review.approved' },
  { value: 'rejected', label: /*i18n*/ 'shared.review.rejected' },
  { value: 'all', label: /*i18n*/ 'shared.review.all' },
];

export interface ReviewQueueProps<T extends { id: string }> {
  /** The filter's id, unique on the page. */
  filterId: string;
  /** Which queue this is (e.g. the programme), so two queues' requests stay apart. */
  queueKey?: string;
  load: (filter: ReviewFilter) => Promise<T[]>;
  listClassName?: string;
  itemClassName?: string;
  /** One application; calling `decided` shows its message and reloads the queue. */
  renderItem: (application: T, decided: (message: string) => void) => ReactNode;
}

/** Operators: the applications waiting for review (or decided), filtered, each from `renderItem`. */
export function ReviewQueue<T extends { id: string }>({ filterId, queueKey = '', load, listClassName, itemClassName, renderItem }: ReviewQueueProps<T>) {
  const i18n = useI18n();
  const [filter, setFilter] = useState<ReviewFilter>('pending');
  const [notice, setNotice] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const queryKey = ['review-queue', queueKey, filter] as const;
  const list = useQuery({ queryKey, queryFn: () => load(filter) });
  const decided = (message: string) => {
    setNotice(message);
    // the queue reads again from scratch: the decided application leaves it while it loads
    void queryClient.resetQueries({ queryKey });
  };

  return (
    <>
      <Select
        id={filterId}
        label={i18n._('shared.review.show')}
        options={FILTERS.map((f) => ({ value: f.value, label: i18n._(f.label) }))}
        value={filter}
        onChange={(e) => setFilter(e.target.value as ReviewFilter)}
      />
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <QueryState
        query={list}
        errorTitle={i18n._('shared.review.loadFailed')}
        skeleton={<Spinner label={i18n._('shared.review.loading')} showLabel />}
        empty={
          <EmptyState title={i18n._('shared.review.emptyTitle')} headingLevel={3}>
            {filter === 'pending' ? i18n._('shared.review.emptyPending') : i18n._('shared.review.emptyFilter')}
          </EmptyState>
        }
      >
        {(applications) => (
          <ul className={cx(styles.list, listClassName)} aria-label={i18n._('shared.review.listLabel')}>
            {applications.map((a) => (
              <li key={a.id} className={itemClassName}>
                {renderItem(a, decided)}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}

export interface ReviewDecisionProps {
  /** The applicant as the operator knows them ("Stoffladen Sabine"): in the message after deciding. */
  name: string;
  /** Sends the decision (shared/review.ts's sendReviewDecision through the app's api). */
  decide: (decision: ReviewDecisionKind, reason: string) => Promise<{ emailed: boolean }>;
  onDecided: (message: string) => void;
  reasonId: string;
  reasonLabel: string;
  reasonRows?: number;
  /** "Approve <name>" as the buttons' names, where several applications are open at once. */
  namedButtons?: boolean;
  actionsClassName?: string;
}

/** A pending application's decision: a reason (needed to reject, the applicant reads it), approve or reject. */
export function ReviewDecision({
  name,
  decide,
  onDecided,
  reasonId,
  reasonLabel,
  reasonRows = 3,
  namedButtons = false,
  actionsClassName,
}: ReviewDecisionProps) {
  const i18n = useI18n();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<ReviewDecisionKind | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function send(decision: ReviewDecisionKind) {
    if (decision === 'reject' && !reason.trim()) {
      setProblem(i18n._('shared.review.reasonRequired'));
      return;
    }
    setBusy(decision);
    setProblem(null);
    try {
      const { emailed } = await decide(decision, reason);
      onDecided(i18n._('shared.review.decided', { name, decision: decision === 'approve' ? 'approved' : 'rejected', emailed: emailed ? 'yes' : 'no' }));
    } catch (error) {
      setProblem(serverMessage(error).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      <TextArea id={reasonId} label={reasonLabel} rows={reasonRows} value={reason} onChange={(e) => setReason(e.target.value)} />
      <div className={cx(styles.actions, actionsClassName)}>
        <Button
          busy={busy === 'approve'}
          busyLabel={i18n._('shared.review.approving')}
          onClick={() => void send('approve')}
          aria-label={namedButtons ? i18n._('shared.review.approveNamed', { name }) : undefined}
        >
          {i18n._('shared.review.approve')}
        </Button>
        <Button
          variant="danger"
          busy={busy === 'reject'}
          busyLabel={i18n._('shared.review.rejecting')}
          onClick={() => void send('reject')}
          aria-label={namedButtons ? i18n._('shared.review.rejectNamed', { name }) : undefined}
        >
          {i18n._('shared.review.reject')}
        </Button>
      </div>
    </>
  );
}
