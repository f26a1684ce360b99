import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { REFERRAL_ATTRIBUTION_DAYS, RESELLER_COMMISSION_BP, SUPPLIER_KIT_COMMISSION_BP, SUPPLIER_LISTING_FEE_CENTS } from '@stitchhouse/shared/pricing.ts';
import { LinkButton, PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { EarningsExample } from '../features/programme/EarningsExample.tsx';
import { formatRate } from '../features/shared/format.ts';
import * as styles from '../features/programme/programme.module.css';

/**
 * /partners: the partner programme: who it is for, how it works, what partners earn (the rates
 * of shared/src/pricing.ts, the same ones checkout uses) and the way into both programmes.
 */
export default function Partners() {
  const { i18n } = useLingui();
  const rate = formatRate(RESELLER_COMMISSION_BP);
  return (
    <div className={styles.layout}>
      <PageHeading title={i18n._('partners.programme.title')} eyebrow={i18n._('partners.eyebrow')} lead={i18n._('partners.programme.lead')}>
        {i18n._('partners.programme.title')}
      </PageHeading>

      <section className={styles.section} aria-labelledby="who-title">
        <h2 id="who-title">{i18n._('partners.programme.who')}</h2>
        <div className={styles.cards}>
          <article className={styles.card} aria-labelledby="resellers-card">
            <h3 id="resellers-card">{i18n._('partners.resellers.title')}</h3>
            <p>{i18n._('partners.programme.resellers.for')}</p>
            <ul>
              <li>{i18n._('partners.programme.resellers.code')}</li>
              <li>{i18n._('partners.programme.resellers.rate', { rate })}</li>
              <li>{i18n._('partners.programme.resellers.paid')}</li>
            </ul>
            <LinkButton to={href('/partners/resellers')}>{i18n._('partners.programme.resellers.apply')}</LinkButton>
          </article>
          <article className={styles.card} aria-labelledby="suppliers-card">
            <h3 id="suppliers-card">{i18n._('partners.suppliers.title')}</h3>
            <p>{i18n._('partners.programme.suppliers.for')}</p>
            <ul>
              <li>{i18n._('partners.programme.suppliers.kits')}</li>
              <li>{i18n._('partners.programme.suppliers.shown')}</li>
              <li>
                {i18n._('partners.programme.suppliers.terms', {
                  fee: SUPPLIER_LISTING_FEE_CENTS === 0 ? 'none' : 'some',
                  commission: SUPPLIER_KIT_COMMISSION_BP === 0 ? 'none' : 'some',
                  rate: formatRate(SUPPLIER_KIT_COMMISSION_BP),
                })}
              </li>
            </ul>
            <LinkButton to={href('/partners/suppliers')}>{i18n._('partners.programme.suppliers.apply')}</LinkButton>
          </article>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="how-title">
        <h2 id="how-title">{i18n._('partners.programme.how')}</h2>
        <ol className={styles.steps}>
          <li>
            <Trans id="partners.programme.how.apply" components={{ 0: <strong /> }} />
          </li>
          <li>
            <Trans id="partners.programme.how.review" components={{ 0: <strong /> }} />
          </li>
          <li>
            <Trans id="partners.programme.how.earn" components={{ 0: <strong /> }} />
          </li>
        </ol>
      </section>

      <section className={styles.section} aria-labelledby="earn-title">
        <h2 id="earn-title">{i18n._('partners.programme.earn')}</h2>
        <p>{i18n._('partners.programme.earn.body', { rate, days: REFERRAL_ATTRIBUTION_DAYS })}</p>
        <EarningsExample />
        <p>
          <Trans id="partners.programme.earn.payouts" components={{ 0: <Link to={href('/payment/receive')} />, 1: <Link to={href('/pricing')} /> }} />
        </p>
      </section>
    </div>
  );
}
