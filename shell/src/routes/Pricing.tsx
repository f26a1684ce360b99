import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import {
  EXAMPLE_SALE,
  MIN_PAID_PRICE,
  PLAN_IDS,
  PLANS,
  SUPPORTED_CURRENCIES,
  describeSaleFee,
  feeComparison,
  formatBasisPoints,
  formatMoney,
  proBreakEvenSales,
  type Plan,
} from '@stitchhouse/shared/pricing.ts';
import { SaleExample } from '@stitchhouse/shared/saleExample.tsx';
import { LinkButton, PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { Faq, Section } from '../features/layout/PageBlocks.tsx';
import * as styles from './Pricing.module.css';

const CURRENCY = EXAMPLE_SALE.currency;
const example = formatMoney(EXAMPLE_SALE.amount, CURRENCY);
const rows = feeComparison(EXAMPLE_SALE.amount, CURRENCY);
const breakEven = proBreakEvenSales(EXAMPLE_SALE.amount, CURRENCY);

function PlanCard({ plan }: { plan: Plan }) {
  const monthly = plan.monthlyPrice[CURRENCY];
  return (
    <li className={plan.id === 'pro' ? `${styles.plan} ${styles.featured}` : styles.plan} aria-labelledby={`plan-${plan.id}`}>
      <h3 id={`plan-${plan.id}`} className={styles.planName}>
        {plan.name}
      </h3>
      <p className={styles.planSummary}>{plan.summary}</p>
      <p className={styles.price}>
        <span className={styles.amount}>{monthly === 0 ? formatMoney(0, CURRENCY) : formatMoney(monthly, CURRENCY)}</span>
        <span className={styles.per}> per month</span>
      </p>
      <p className={styles.yearly}>
        {plan.yearlyPrice ? `or ${formatMoney(plan.yearlyPrice[CURRENCY], CURRENCY)} a year (two months free)` : 'Free for as long as you like'}
      </p>
      <p className={styles.fee}>
        <strong>{describeSaleFee(plan.id, CURRENCY)}</strong>
        <br />
        {formatBasisPoints(plan.royaltyFeeBasisPoints)} of in-shop royalties
      </p>
      <ul className={styles.includes}>
        {plan.includes.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <LinkButton to={plan.id === 'pro' ? href('/payment/subscription') : href('/sign-up')} variant={plan.id === 'pro' ? 'primary' : 'secondary'} block>
        {plan.id === 'pro' ? `Choose ${plan.name}` : 'Start for free'}
      </LinkButton>
    </li>
  );
}

const FAQ = [
  {
    question: 'Is card processing really included?',
    answer: (
      <p>
        Yes. The fee per sale is all we take, and it covers the card payment. What’s left goes to your Stripe account. Stripe may charge its own fee for
        currency conversion if your bank account is in a different currency from the sale.
      </p>
    ),
  },
  {
    question: 'What about free patterns?',
    answer: (
      <p>
        Free patterns cost you nothing on either plan: no fixed fee, no percentage. Paid patterns start at {formatMoney(MIN_PAID_PRICE[CURRENCY], CURRENCY)}.
      </p>
    ),
  },
  {
    question: 'What happens to the fee when a sale is refunded?',
    answer: <p>We give our fee back with the refund. You don’t pay for a sale you didn’t keep.</p>,
  },
  {
    question: 'When do I get paid?',
    answer: (
      <p>
        Your share goes to your Stripe Connect account with each sale. Stripe then pays out to your bank on its standard schedule for your country; you can see
        the status under <Link to={href('/payment')}>Payments</Link>.
      </p>
    ),
  },
  {
    question: 'How are taxes handled?',
    answer: (
      <p>
        The fee is worked out on the pattern price alone. Any VAT or sales tax due on a sale is never taken from your share to pay our fee. Your own income tax
        is yours to declare; the reports give you the figures.
      </p>
    ),
  },
  {
    question: 'Can I switch plans?',
    answer: (
      <p>
        Yes, at any time from <Link to={href('/payment/subscription')}>your plan page</Link>. Upgrading takes effect at once. When you downgrade,{' '}
        {PLANS.pro.name} runs to the end of the period you’ve paid for and the Free fee applies after that.
      </p>
    ),
  },
  {
    question: 'Which currencies can I sell in?',
    answer: (
      <p>
        {SUPPORTED_CURRENCIES.join(', ')}. The fixed part of the fee depends on the currency of the sale:{' '}
        {PLAN_IDS.map((id) => `${PLANS[id].name} ${SUPPORTED_CURRENCIES.map((c) => formatMoney(PLANS[id].saleFeeFixed[c], c)).join(' / ')}`).join('; ')}.
      </p>
    ),
  },
  {
    question: 'Do shops pay a fee?',
    answer: (
      <p>
        A shop’s storefront is free. When a shop reports an in-shop sale of your pattern, we keep a share of the royalty (see above) from your side. The shop
        pays the royalty you set and nothing more. <Link to={href('/retailers')}>More for shops</Link>.
      </p>
    ),
  },
];

export default function Pricing() {
  return (
    <>
      <PageHeading
        title="Pricing"
        eyebrow="Pricing"
        lead={`Two plans and no hidden extras. Buying patterns on ${BRAND_NAME} is always free; these plans are for designers and shops who sell.`}
      >
        Keep more of every pattern you sell
      </PageHeading>

      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className={styles.visuallyHidden}>
          Plans
        </h2>
        <ul className={styles.plans}>
          {PLAN_IDS.map((id) => (
            <PlanCard key={id} plan={PLANS[id]} />
          ))}
        </ul>
      </section>

      <Section title={`What you keep from a ${example} sale`} lead="The same sale under our two plans and under the fees commonly charged elsewhere.">
        <div className={styles.tableWrap} role="region" aria-label={`Fee comparison for a ${example} sale`} tabIndex={0}>
          <table className={styles.table}>
            <caption className={styles.caption}>A pattern sold for {example}, before VAT</caption>
            <thead>
              <tr>
                <th scope="col">Where you sell</th>
                <th scope="col">How the fees add up</th>
                <th scope="col" className={styles.num}>
                  Fees
                </th>
                <th scope="col" className={styles.num}>
                  You keep
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label} className={row.ours ? styles.ours : undefined}>
                  <th scope="row">{row.ours ? `${BRAND_NAME} ${row.label}` : row.label}</th>
                  <td>{row.detail}</td>
                  <td className={styles.num}>{formatMoney(row.fees, CURRENCY)}</td>
                  <td className={styles.num}>
                    <strong>{formatMoney(row.keeps, CURRENCY)}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className={styles.note}>
          The table compares fees on the price alone. Prices include the VAT of the buyer’s country, which is taken out before the fee: <SaleExample /> Fees
          elsewhere are the commonly advertised levels for digital sales and change from time to time; check each platform’s own fee page.
          {Number.isFinite(breakEven) ? ` At ${example} a pattern, ${PLANS.pro.name} pays for itself from ${breakEven} sales a month.` : ''}
        </p>
      </Section>

      <Section title="Questions about pricing" tone="sunken">
        <Faq items={FAQ} />
      </Section>
    </>
  );
}
