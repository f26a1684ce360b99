import { useLingui } from '@lingui/react';
import { EXAMPLE_COUNTRY, EXAMPLE_SALE, REFERRAL_ATTRIBUTION_DAYS, RESELLER_COMMISSION_BP, commissionExample } from '@stitchhouse/shared/pricing.ts';
import { SaleExample } from '@stitchhouse/shared/saleExample.tsx';
import { formatMoney, formatRate } from '../reports/format.ts';
import * as styles from './programme.module.css';

/** The worked example of a referred sale on each plan, from the same numbers checkout charges (shared/src/pricing.ts). */
export function EarningsExample() {
  const { i18n } = useLingui();
  const { amount, currency } = EXAMPLE_SALE;
  const rows = commissionExample(amount, currency, EXAMPLE_COUNTRY);
  return (
    <table className={styles.table}>
      <caption>
        {i18n._('partners.earnings.caption', { days: REFERRAL_ATTRIBUTION_DAYS })} <SaleExample reader="partner" />
      </caption>
      <thead>
        <tr>
          <th scope="col">{i18n._('partners.earnings.plan')}</th>
          <th scope="col" className={styles.num}>
            {i18n._('partners.earnings.fee')}
          </th>
          <th scope="col" className={styles.num}>
            {i18n._('partners.earnings.reseller', { rate: formatRate(RESELLER_COMMISSION_BP) })}
          </th>
          <th scope="col" className={styles.num}>
            {i18n._('partners.earnings.designer')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.planId}>
            <th scope="row">{r.planName}</th>
            <td className={styles.num}>{formatMoney(r.platformFeeCents, currency)}</td>
            <td className={styles.num}>{formatMoney(r.commissionCents, currency)}</td>
            <td className={styles.num}>{formatMoney(r.designerShareCents, currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
