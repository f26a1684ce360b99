import { useLingui } from '@lingui/react';
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import {
  EXAMPLE_COUNTRY,
  EXAMPLE_SALE,
  REFERRAL_ATTRIBUTION_DAYS,
  RESELLER_COMMISSION_BP,
  commissionExample,
  saleExample,
} from '@stitchhouse/shared/pricing.ts';
import { money, formatRate } from '../shared/format.ts';
import * as styles from './programme.module.css';

/** The worked example of a referred sale on each plan, from the same numbers checkout charges (shared/src/pricing.ts). */
export function EarningsExample() {
  const { i18n } = useLingui();
  const { amount, currency } = EXAMPLE_SALE;
  const rows = commissionExample(amount, currency, EXAMPLE_COUNTRY);
  return (
    <div className={styles.tableWrap} role="region" tabIndex={0} aria-label={i18n._('partners.earnings.label')}>
      <table className={styles.table}>
        <caption>
          {i18n._('partners.earnings.caption', { days: REFERRAL_ATTRIBUTION_DAYS })} <PartnerSaleExample />
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
              <td className={styles.num}>{money(r.platformFeeCents, currency)}</td>
              <td className={styles.num}>{money(r.commissionCents, currency)}</td>
              <td className={styles.num}>{money(r.designerShareCents, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The worked example of one sale in words, for a partner ("… the designer keeps …"): the figures
 * of saleExample() (what checkout charges), the words of this app's catalog, in the page's language.
 */
function PartnerSaleExample() {
  const { i18n } = useLingui();
  const example = saleExample();
  const m = (cents: number) => money(cents, example.currency);
  const [first, ...others] = example.plans;
  const country =
    i18n.locale === 'en' ? example.countryName : (new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(example.country) ?? example.countryName);
  const rest = others
    .map((p) => i18n._('partners.saleExample.otherPlan', { plan: p.planName, fee: m(p.platformFeeCents), share: m(p.designerShareCents) }))
    .join('');
  return (
    <span data-sale-example={`${example.amountCents} ${example.currency} ${example.country}`}>
      {i18n._('partners.saleExample', {
        amount: m(example.amountCents),
        country,
        vatKind: example.vatRateBp > 0 ? 'some' : 'none',
        vat: m(example.vatCents),
        rate: formatRate(example.vatRateBp),
        brand: BRAND_NAME,
        fee: m(first!.platformFeeCents),
        share: m(first!.designerShareCents),
        plan: first!.planName,
        rest,
      })}
    </span>
  );
}
