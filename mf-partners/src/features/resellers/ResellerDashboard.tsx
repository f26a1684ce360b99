import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { formatCount, formatDay, money } from '../shared/format.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, EmptyState, QueryState, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { resellerKeys, resellerSummary, type Commission, type ResellerSummary } from '../../api/resellers.ts';
import { ReferralLinks } from './ReferralLinks.tsx';
import * as styles from './resellers.module.css';

const STATUS: Record<Commission['status'], string> = {
  held: /*i18n*/ 'partners.commissions.status.held',
  paid: /*i18n*/ 'partners.commissions.status.paid',
  reversed: /*i18n*/ 'partners.commissions.status.reversed',
};

/** What an approved reseller sees: their code and links, clicks, and their commissions with totals. */
export function ResellerDashboard({ userId }: { userId: string }) {
  const { i18n } = useLingui();
  const state = useQuery({ queryKey: resellerKeys.summary(userId), queryFn: () => resellerSummary(userId) });
  return (
    <QueryState
      query={state}
      errorTitle={i18n._('partners.commissions.loadFailed')}
      skeleton={<Spinner label={i18n._('partners.commissions.loading')} showLabel />}
    >
      {(summary) => <ResellerDetails summary={summary} />}
    </QueryState>
  );
}

function ResellerDetails({ summary }: { summary: ResellerSummary }) {
  const { i18n } = useLingui();
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
      {code ? <ReferralLinks code={code} /> : <Alert tone="warning">{i18n._('partners.referral.preparing')}</Alert>}
      <section className={styles.section} aria-labelledby="commissions-title">
        <h3 id="commissions-title">{i18n._('partners.commissions.title')}</h3>
        <dl className={styles.amounts}>
          <div>
            <dt>{i18n._('partners.commissions.clicks')}</dt>
            <dd>{formatCount(clicksLast30Days)}</dd>
          </div>
          {[...totals].map(([currency, t]) => (
            <div key={currency}>
              <dt>{i18n._('partners.commissions.earned', { currency })}</dt>
              <dd>{money(t.earned, currency as Commission['currency'])}</dd>
            </div>
          ))}
        </dl>
        {[...totals.values()].some((t) => t.held > 0) ? (
          <Alert tone="info" title={i18n._('partners.commissions.held.title')}>
            <Trans id="partners.commissions.held.body" components={{ 0: <Link to={href('/payment/receive')} /> }} />
          </Alert>
        ) : null}
        {commissions.length === 0 ? (
          <EmptyState title={i18n._('partners.commissions.empty.title')} headingLevel={4}>
            {i18n._('partners.commissions.empty.body')}
          </EmptyState>
        ) : (
          <table className={styles.table}>
            <caption className={styles.muted}>{i18n._('partners.commissions.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{i18n._('partners.commissions.date')}</th>
                <th scope="col">{i18n._('partners.report.term.pattern')}</th>
                <th scope="col" className={styles.num}>
                  {i18n._('partners.report.term.commission')}
                </th>
                <th scope="col">{i18n._('partners.report.term.status')}</th>
              </tr>
            </thead>
            <tbody>
              {commissions.map((c) => (
                <tr key={c.orderItemId}>
                  <td>{formatDay(c.createdAt)}</td>
                  <td>{c.title ?? i18n._('partners.commissions.aPattern')}</td>
                  <td className={styles.num}>{money(c.commissionCents, c.currency)}</td>
                  <td>{i18n._(STATUS[c.status])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
