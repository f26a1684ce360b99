import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
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

function PlanCard({ plan }: { plan: Plan }) {
  const { i18n } = useLingui();
  const monthly = plan.monthlyPrice[CURRENCY];
  return (
    <li className={plan.id === 'pro' ? `${styles.plan} ${styles.featured}` : styles.plan} aria-labelledby={`plan-${plan.id}`}>
      <h3 id={`plan-${plan.id}`} className={styles.planName}>
        {plan.name}
      </h3>
      <p className={styles.planSummary}>{plan.summary}</p>
      <p className={styles.price}>
        <span className={styles.amount}>{monthly === 0 ? formatMoney(0, CURRENCY) : formatMoney(monthly, CURRENCY)}</span>
        <span className={styles.per}> {i18n._('shell.pricing.plan.perMonth')}</span>
      </p>
      <p className={styles.yearly}>
        {plan.yearlyPrice
          ? i18n._('shell.pricing.plan.yearly', { price: formatMoney(plan.yearlyPrice[CURRENCY], CURRENCY) })
          : i18n._('shell.pricing.plan.freeForever')}
      </p>
      <p className={styles.fee}>
        <strong>{describeSaleFee(plan.id, CURRENCY)}</strong>
        <br />
        {i18n._('shell.pricing.plan.royalties', { share: formatBasisPoints(plan.royaltyFeeBasisPoints) })}
      </p>
      <ul className={styles.includes}>
        {plan.includes.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <LinkButton to={plan.id === 'pro' ? href('/payment/subscription') : href('/sign-up')} variant={plan.id === 'pro' ? 'primary' : 'secondary'} block>
        {plan.id === 'pro' ? i18n._('shell.pricing.plan.choose', { plan: plan.name }) : i18n._('shell.pricing.plan.startFree')}
      </LinkButton>
    </li>
  );
}

function faq(i18n: I18n) {
  const currencies = new Intl.ListFormat(i18n.locale, { type: 'unit', style: 'short' }).format(SUPPORTED_CURRENCIES);
  const fixedFees = PLAN_IDS.map((id) => `${PLANS[id].name} ${SUPPORTED_CURRENCIES.map((c) => formatMoney(PLANS[id].saleFeeFixed[c], c)).join(' / ')}`).join(
    '; ',
  );
  return [
    { question: i18n._('shell.pricing.faq.card.q'), answer: <p>{i18n._('shell.pricing.faq.card.a')}</p> },
    {
      question: i18n._('shell.pricing.faq.free.q'),
      answer: <p>{i18n._('shell.pricing.faq.free.a', { min: formatMoney(MIN_PAID_PRICE[CURRENCY], CURRENCY) })}</p>,
    },
    { question: i18n._('shell.pricing.faq.refund.q'), answer: <p>{i18n._('shell.pricing.faq.refund.a')}</p> },
    {
      question: i18n._('shell.pricing.faq.paid.q'),
      answer: (
        <p>
          <Trans id="shell.pricing.faq.paid.a" components={{ 0: <Link to={href('/payment')} /> }} />
        </p>
      ),
    },
    { question: i18n._('shell.pricing.faq.taxes.q'), answer: <p>{i18n._('shell.pricing.faq.taxes.a')}</p> },
    {
      question: i18n._('shell.pricing.faq.switch.q'),
      answer: (
        <p>
          <Trans id="shell.pricing.faq.switch.a" values={{ pro: PLANS.pro.name }} components={{ 0: <Link to={href('/payment/subscription')} /> }} />
        </p>
      ),
    },
    { question: i18n._('shell.pricing.faq.currencies.q'), answer: <p>{i18n._('shell.pricing.faq.currencies.a', { currencies, fixedFees })}</p> },
    {
      question: i18n._('shell.pricing.faq.shops.q'),
      answer: (
        <p>
          <Trans id="shell.pricing.faq.shops.a" components={{ 0: <Link to={href('/retailers')} /> }} />
        </p>
      ),
    },
  ];
}

export default function Pricing() {
  const { i18n } = useLingui();
  const example = formatMoney(EXAMPLE_SALE.amount, CURRENCY);
  const rows = feeComparison(EXAMPLE_SALE.amount, CURRENCY);
  const breakEven = proBreakEvenSales(EXAMPLE_SALE.amount, CURRENCY);
  return (
    <>
      <PageHeading title={i18n._('shell.pricing.title')} eyebrow={i18n._('shell.pricing.title')} lead={i18n._('shell.pricing.lead', { brand: BRAND_NAME })}>
        {i18n._('shell.pricing.heading')}
      </PageHeading>

      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className={styles.visuallyHidden}>
          {i18n._('shell.pricing.plans')}
        </h2>
        <ul className={styles.plans}>
          {PLAN_IDS.map((id) => (
            <PlanCard key={id} plan={PLANS[id]} />
          ))}
        </ul>
      </section>

      <Section title={i18n._('shell.pricing.compare.title', { amount: example })} lead={i18n._('shell.pricing.compare.lead')}>
        <div className={styles.tableWrap} role="region" aria-label={i18n._('shell.pricing.compare.label', { amount: example })} tabIndex={0}>
          <table className={styles.table}>
            <caption className={styles.caption}>{i18n._('shell.pricing.compare.caption', { amount: example })}</caption>
            <thead>
              <tr>
                <th scope="col">{i18n._('shell.pricing.compare.where')}</th>
                <th scope="col">{i18n._('shell.pricing.compare.how')}</th>
                <th scope="col" className={styles.num}>
                  {i18n._('shell.pricing.compare.fees')}
                </th>
                <th scope="col" className={styles.num}>
                  {i18n._('shell.pricing.compare.keep')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label} className={row.ours ? styles.ours : undefined}>
                  <th scope="row">{row.ours ? i18n._('shell.pricing.compare.ourRow', { brand: BRAND_NAME, plan: row.label }) : row.label}</th>
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
          <Trans id="shell.pricing.compare.note" components={{ 0: <SaleExample /> }} />
          {Number.isFinite(breakEven) ? ` ${i18n._('shell.pricing.compare.breakEven', { amount: example, pro: PLANS.pro.name, count: breakEven })}` : ''}
        </p>
      </Section>

      <Section title={i18n._('shell.pricing.faqTitle')} tone="sunken">
        <Faq items={faq(i18n)} />
      </Section>
    </>
  );
}
