import { Link } from 'react-router';
import { href } from '@stitchhouse/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryState } from '@stitchhouse/shared/ui/index.ts';
import { payoutStage, type PayoutStatus } from '../../api/payouts.ts';
import { formatAmount } from '@stitchhouse/shared/money.ts';
import { ConnectButton } from './ConnectButton.tsx';
import { requirementWords } from './requirements.ts';
import * as styles from '../shared/Hub.module.css';

const STAGE_TEXT = {
  not_connected: { label: 'Not connected', text: 'Connect a payout account to receive the money from your sales. Until then your share is held for you.' },
  needs_details: { label: 'Needs details', text: 'Your payout account still needs some details before money can be paid out. Your share is held until then.' },
  enabled: { label: 'Payouts enabled', text: 'Your share of each sale is transferred to your payout account.' },
} as const;

/** Where the person stands with payouts, what is held and what was paid, and the next step. */
export function PayoutSummary({ status, showConnect = true }: { status: UseQueryResult<PayoutStatus>; showConnect?: boolean }) {
  return (
    <QueryState query={status} loadingLabel="Loading your payout status" rows={2} errorTitle="Your payout status could not be loaded">
      {(data) => <PayoutDetails status={data} showConnect={showConnect} />}
    </QueryState>
  );
}

function PayoutDetails({ status, showConnect }: { status: PayoutStatus; showConnect: boolean }) {
  const { account, held_cents_by_currency: held, paid_cents_by_currency: paid } = status;
  const stage = payoutStage(account);
  const amounts = [
    ...Object.entries(held ?? {})
      .filter(([, cents]) => cents > 0)
      .map(([currency, cents]) => ({ key: `held-${currency}`, label: `Held for you (${currency})`, value: formatAmount(cents, currency) })),
    ...Object.entries(paid ?? {})
      .filter(([, cents]) => cents > 0)
      .map(([currency, cents]) => ({ key: `paid-${currency}`, label: `Paid out (${currency})`, value: formatAmount(cents, currency) })),
  ];
  return (
    <div className={styles.section} data-payout-stage={stage}>
      <p>
        <span className={styles.status} data-status={stage === 'enabled' ? 'enabled' : 'pending'}>
          {STAGE_TEXT[stage].label}
        </span>{' '}
        {STAGE_TEXT[stage].text}
      </p>
      {stage === 'needs_details' && account && account.requirements_due.length > 0 ? (
        <p className={styles.meta} data-testid="payout-requirements">
          Still needed: {new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(requirementWords(account.requirements_due))}.
        </p>
      ) : null}
      {amounts.length > 0 ? (
        <dl className={styles.amounts}>
          {amounts.map((a) => (
            <div key={a.key}>
              <dt>{a.label}</dt>
              <dd>{a.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {showConnect && stage !== 'enabled' ? (
        <div className={styles.actions}>
          <ConnectButton label={stage === 'not_connected' ? 'Connect a payout account' : 'Finish payout setup'} />
          <Link to={href('/payment/receive')}>How payouts work</Link>
        </div>
      ) : null}
    </div>
  );
}
