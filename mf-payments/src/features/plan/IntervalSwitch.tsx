import { useState } from 'react';
import { PLANS, formatMoney, type Currency } from '@stitchhouse/shared/pricing.ts';
import { formatDay } from '@stitchhouse/shared/money.ts';
import { Alert, Button } from '@stitchhouse/shared/ui/index.ts';
import { PaymentProblem } from '../../api/functions.ts';
import { switchInterval } from '../../api/stores.ts';
import type { BillingSwitchAnswer } from '@stitchhouse/shared/contracts/billing.ts';
import * as styles from './Plan.module.css';

type Interval = 'month' | 'year';
const WORD: Record<Interval, string> = { month: 'monthly', year: 'yearly' };

/**
 * Pro billed monthly or yearly, and the switch to the other (as the provider's portal does it: the
 * card is charged at once for the new period, less the unused part of the current one; going to
 * monthly, the unused year is kept as credit for the next invoices). Asks before it charges.
 */
export function IntervalSwitch({
  storeId,
  currency,
  interval,
  onSwitched,
}: {
  storeId: string;
  currency: Currency;
  interval: Interval;
  onSwitched(answer: BillingSwitchAnswer): void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<BillingSwitchAnswer | null>(null);
  const other: Interval = interval === 'month' ? 'year' : 'month';
  const price = (i: Interval) => formatMoney(i === 'month' ? PLANS.pro.monthlyPrice[currency] : PLANS.pro.yearlyPrice![currency], currency);
  const per = (i: Interval) => `${price(i)} a ${i}`;

  async function go() {
    setBusy(true);
    setError(null);
    try {
      const answer = await switchInterval(storeId, other);
      setDone(answer);
      setConfirming(false);
      onSwitched(answer);
    } catch (caught) {
      setError(caught instanceof PaymentProblem ? caught.message : 'The switch did not go through. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.switch} aria-labelledby="interval-title" role="group">
      <h3 id="interval-title" className={styles.switchTitle}>
        Billing: {WORD[interval]}, {per(interval)}
      </h3>
      {done ? (
        <Alert tone="success" title={`Pro is now billed ${WORD[done.interval]}`}>
          {done.charged_cents > 0
            ? `Charged ${formatMoney(done.charged_cents, currency)} now (${price(done.interval)} less ${formatMoney(done.credit_cents, currency)} for the unused time). `
            : `Nothing was charged: the unused ${formatMoney(done.credit_cents, currency)} is credit that pays your next invoices. `}
          The next renewal is on {formatDay(done.current_period_end)}.
        </Alert>
      ) : null}
      {confirming ? (
        <div className={styles.confirm}>
          <p>
            {other === 'year'
              ? `Switch to yearly: ${per('year')}, charged now to your card, less the unused part of this month. Your yearly period starts today.`
              : `Switch to monthly: ${per('month')}, from today. The unused part of your year is kept as credit and pays your next monthly invoices; nothing is charged while it lasts.`}
          </p>
          <div className={styles.confirmActions}>
            <Button onClick={go} busy={busy} busyLabel="Switching…">
              Switch to {WORD[other]}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              Keep {WORD[interval]}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          variant="secondary"
          onClick={() => {
            setConfirming(true);
            setError(null);
          }}
        >
          Switch to {WORD[other]} ({per(other)})
        </Button>
      )}
      {error ? (
        <Alert tone="danger" title="Billing was not switched">
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
