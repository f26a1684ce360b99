import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { formatMoney } from '@stitchhouse/shared/money.ts';
import { formatDay } from '@stitchhouse/shared/money.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, EmptyState, QueryState, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { resellerKeys, resellerSummary, type Commission, type ResellerSummary } from '../../api/resellers.ts';
import { ReferralLinks } from './ReferralLinks.tsx';
import * as styles from './resellers.module.css';

const STATUS: Record<Commission['status'], string> = { held: 'Held until your payout account is ready', paid: 'Paid', reversed: 'Reversed (refunded)' };

/** What an approved reseller sees: their code and links, clicks, and their commissions with totals. */
export function ResellerDashboard({ userId }: { userId: string }) {
  const state = useQuery({ queryKey: resellerKeys.summary(userId), queryFn: () => resellerSummary(userId) });
  return (
    <QueryState query={state} errorTitle="Your referral details could not be loaded" skeleton={<Spinner label="Loading your referral details…" showLabel />}>
      {(summary) => <ResellerDetails summary={summary} />}
    </QueryState>
  );
}

function ResellerDetails({ summary }: { summary: ResellerSummary }) {
  const { code, clicksLast30Days, commissions } = summary;
  const totals = new Map<string, { earned: number; held: number }>();
  for (const c of commissions) {
    if (c.status === 'reversed') continue;
    const t = totals.get(c.currency) ?? { earned: 0, held: 0 };
    t.earned += c.commissionCents;
    if (c.status === 'held') t.held += c.commissionCents;
    totals.set(c.currency, t);
  }
  return (
    <div className={styles.section}>
      {code ? <ReferralLinks code={code} /> : <Alert tone="warning">Your referral code is being prepared; reload the page in a moment.</Alert>}
      <section className={styles.section} aria-labelledby="commissions-title">
        <h3 id="commissions-title">Your commissions</h3>
        <dl className={styles.amounts}>
          <div>
            <dt>Clicks, last 30 days</dt>
            <dd>{clicksLast30Days}</dd>
          </div>
          {[...totals].map(([currency, t]) => (
            <div key={currency}>
              <dt>Earned ({currency})</dt>
              <dd>{formatMoney(t.earned, currency as Commission['currency'])}</dd>
            </div>
          ))}
        </dl>
        {[...totals.values()].some((t) => t.held > 0) ? (
          <Alert tone="info" title="Commissions are held for you">
            Connect a payout account to receive them: <Link to={href('/payment/receive')}>set up payouts</Link>. Held commissions are sent as soon as it is
            ready.
          </Alert>
        ) : null}
        {commissions.length === 0 ? (
          <EmptyState title="No commissions yet" headingLevel={4}>
            Share your links: purchases made through them show up here.
          </EmptyState>
        ) : (
          <table className={styles.table}>
            <caption className={styles.muted}>Latest 100 commissions; the commissions report has every one with date ranges.</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Pattern</th>
                <th scope="col" className={styles.num}>
                  Commission
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {commissions.map((c) => (
                <tr key={c.orderItemId}>
                  <td>{formatDay(c.createdAt)}</td>
                  <td>{c.title ?? 'A pattern'}</td>
                  <td className={styles.num}>{formatMoney(c.commissionCents, c.currency)}</td>
                  <td>{STATUS[c.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
