import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { href } from '@stitchhouse/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryState } from '@stitchhouse/shared/ui/index.ts';
import { payoutStage, type PayoutStatus } from '../../api/payouts.ts';
import { formatAmount } from '@stitchhouse/shared/money.ts';
import { ConnectButton } from './ConnectButton.tsx';
import { requirementWords } from './requirements.ts';
import * as styles from '../shared/Hub.module.css';

/** Catalog ids of each stage's label and sentence. */
const STAGE_TEXT = {
  not_connected: { label: /*i18n*/ 'payments.payout.notConnected', text: /*i18n*/ 'payments.payout.notConnectedText' },
  needs_details: { label: /*i18n*/ 'payments.payout.needsDetails', text: /*i18n*/ 'payments.payout.needsDetailsText' },
  enabled: { label: /*i18n*/ 'payments.payout.enabled', text: /*i18n*/ 'payments.payout.enabledText' },
} as const;

/** Where the person stands with payouts, what is held and what was paid, and the next step. */
export function PayoutSummary({ status, showConnect = true }: { status: UseQueryResult<PayoutStatus>; showConnect?: boolean }) {
  const { i18n } = useLingui();
  return (
    <QueryState query={status} loadingLabel={i18n._('payments.payout.loading')} rows={2} errorTitle={i18n._('payments.payout.error')}>
      {(data) => <PayoutDetails status={data} showConnect={showConnect} />}
    </QueryState>
  );
}

function PayoutDetails({ status, showConnect }: { status: PayoutStatus; showConnect: boolean }) {
  const { i18n } = useLingui();
  const { account, held_cents_by_currency: held, paid_cents_by_currency: paid } = status;
  const stage = payoutStage(account);
  const amounts = [
    ...Object.entries(held ?? {})
      .filter(([, cents]) => cents > 0)
      .map(([currency, cents]) => ({ key: `held-${currency}`, label: i18n._('payments.payout.held', { currency }), value: formatAmount(cents, currency) })),
    ...Object.entries(paid ?? {})
      .filter(([, cents]) => cents > 0)
      .map(([currency, cents]) => ({ key: `paid-${currency}`, label: i18n._('payments.payout.paid', { currency }), value: formatAmount(cents, currency) })),
  ];
  return (
    <div className={styles.section} data-payout-stage={stage}>
      <p>
        <span className={styles.status} data-status={stage === 'enabled' ? 'enabled' : 'pending'}>
          {i18n._(STAGE_TEXT[stage].label)}
        </span>{' '}
        {i18n._(STAGE_TEXT[stage].text)}
      </p>
      {stage === 'needs_details' && account && account.requirements_due.length > 0 ? (
        <p className={styles.meta} data-testid="payout-requirements">
          {i18n._('payments.payout.stillNeeded', {
            list: new Intl.ListFormat(i18n.locale === 'en' ? 'en-GB' : i18n.locale, { type: 'conjunction' }).format(requirementWords(account.requirements_due)),
          })}
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
          <ConnectButton label={stage === 'not_connected' ? i18n._('payments.payout.connect') : i18n._('payments.payout.finish')} />
          <Link to={href('/payment/receive')}>{i18n._('payments.payout.how')}</Link>
        </div>
      ) : null}
    </div>
  );
}
