import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { PLANS, formatMoney, type Currency } from '@stitchhouse/shared/pricing.ts';
import { formatDay } from '@stitchhouse/shared/money.ts';
import { Alert, Button } from '@stitchhouse/shared/ui/index.ts';
import { PaymentProblem } from '../../api/functions.ts';
import { switchInterval } from '../../api/plan.ts';
import type { BillingSwitchAnswer } from '@stitchhouse/shared/contracts/billing.ts';
import * as styles from './Plan.module.css';

type Interval = 'month' | 'year';

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
  const { i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<BillingSwitchAnswer | null>(null);
  const other: Interval = interval === 'month' ? 'year' : 'month';
  const price = (i: Interval) => formatMoney(i === 'month' ? PLANS.pro.monthlyPrice[currency] : PLANS.pro.yearlyPrice![currency], currency);
  const per = (i: Interval) => i18n._('payments.interval.per', { price: price(i), interval: i });

  async function go() {
    setBusy(true);
    setError(null);
    try {
      const answer = await switchInterval(storeId, other);
      setDone(answer);
      setConfirming(false);
      onSwitched(answer);
    } catch (caught) {
      setError(caught instanceof PaymentProblem ? caught.message : i18n._('payments.interval.failedText'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.switch} aria-labelledby="interval-title" role="group">
      <h3 id="interval-title" className={styles.switchTitle}>
        {i18n._('payments.interval.title', { interval, per: per(interval) })}
      </h3>
      {done ? (
        <Alert tone="success" title={i18n._('payments.interval.done', { interval: done.interval })}>
          {done.charged_cents > 0
            ? i18n._('payments.interval.charged', {
                charged: formatMoney(done.charged_cents, currency),
                price: price(done.interval),
                credit: formatMoney(done.credit_cents, currency),
                day: formatDay(done.current_period_end),
              })
            : i18n._('payments.interval.credited', { credit: formatMoney(done.credit_cents, currency), day: formatDay(done.current_period_end) })}
        </Alert>
      ) : null}
      {confirming ? (
        <div className={styles.confirm}>
          <p>{other === 'year' ? i18n._('payments.interval.toYearly', { per: per('year') }) : i18n._('payments.interval.toMonthly', { per: per('month') })}</p>
          <div className={styles.confirmActions}>
            <Button onClick={go} busy={busy} busyLabel={i18n._('payments.interval.switching')}>
              {i18n._('payments.interval.switchTo', { interval: other })}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              {i18n._('payments.interval.keep', { interval })}
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
          {i18n._('payments.interval.switchToPer', { interval: other, per: per(other) })}
        </Button>
      )}
      {error ? (
        <Alert tone="danger" title={i18n._('payments.interval.failed')}>
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
