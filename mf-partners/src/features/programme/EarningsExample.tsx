import {
  EXAMPLE_COUNTRY,
  EXAMPLE_SALE,
  REFERRAL_ATTRIBUTION_DAYS,
  RESELLER_COMMISSION_BP,
  commissionExample,
  formatBasisPoints,
  formatMoney,
} from '@stitchhouse/shared/pricing.ts';
import { SaleExample } from '@stitchhouse/shared/saleExample.tsx';
import * as styles from './programme.module.css';

/** The worked example of a referred sale on each plan, from the same numbers checkout charges (shared/src/pricing.ts). */
export function EarningsExample() {
  const { amount, currency } = EXAMPLE_SALE;
  const rows = commissionExample(amount, currency, EXAMPLE_COUNTRY);
  return (
    <table className={styles.table}>
      <caption>
        A referred sale, within {REFERRAL_ATTRIBUTION_DAYS} days of the buyer’s last click. <SaleExample reader="partner" />
      </caption>
      <thead>
        <tr>
          <th scope="col">Designer’s plan</th>
          <th scope="col" className={styles.num}>
            Platform fee
          </th>
          <th scope="col" className={styles.num}>
            Reseller earns ({formatBasisPoints(RESELLER_COMMISSION_BP)} of the fee)
          </th>
          <th scope="col" className={styles.num}>
            Designer keeps (same with or without a referral)
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
