import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import {
  REFERRAL_ATTRIBUTION_DAYS,
  RESELLER_COMMISSION_BP,
  SUPPLIER_KIT_COMMISSION_BP,
  SUPPLIER_LISTING_FEE_CENTS,
  formatBasisPoints,
} from '@stitchhouse/shared/pricing.ts';
import { LinkButton, PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { EarningsExample } from '../features/programme/EarningsExample.tsx';
import * as styles from '../features/programme/programme.module.css';

/**
 * /partners: the partner programme: who it is for, how it works, what partners earn (the rates
 * of shared/src/pricing.ts, the same ones checkout uses) and the way into both programmes.
 */
export default function Partners() {
  return (
    <div className={styles.layout}>
      <PageHeading
        title="Partner programme"
        eyebrow="Partners"
        lead="Two ways to grow with Stitchhouse: send sewists to independent designers and earn on every pattern they buy, or offer the fabric and notions each pattern needs."
      >
        Partner programme
      </PageHeading>

      <section className={styles.section} aria-labelledby="who-title">
        <h2 id="who-title">Who it is for</h2>
        <div className={styles.cards}>
          <article className={styles.card} aria-labelledby="resellers-card">
            <h3 id="resellers-card">Resellers</h3>
            <p>Blogs, newsletters, video channels, sewing schools and clubs whose audience asks “which pattern should I sew next?”.</p>
            <ul>
              <li>A personal referral code and links to any pattern, store or catalog page</li>
              <li>{formatBasisPoints(RESELLER_COMMISSION_BP)} of the platform fee on every referred sale</li>
              <li>Paid out to your bank through the same Stripe payouts designers use</li>
            </ul>
            <LinkButton to={href('/partners/resellers')}>Resellers: details and apply</LinkButton>
          </article>
          <article className={styles.card} aria-labelledby="suppliers-card">
            <h3 id="suppliers-card">Suppliers</h3>
            <p>Fabric shops, haberdashers and kit makers who can bundle the materials for a pattern.</p>
            <ul>
              <li>List kits (fabric and notions bundles) against the patterns they fit</li>
              <li>Shown as “Kits for this pattern” on each pattern page, with a link to your shop</li>
              <li>
                {SUPPLIER_LISTING_FEE_CENTS === 0 ? 'No listing fee' : 'A small listing fee'} and{' '}
                {SUPPLIER_KIT_COMMISSION_BP === 0 ? 'no commission' : `${formatBasisPoints(SUPPLIER_KIT_COMMISSION_BP)} commission`}: you sell in your own shop
                and keep the price
              </li>
            </ul>
            <LinkButton to={href('/partners/suppliers')}>Suppliers: details and apply</LinkButton>
          </article>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <ol className={styles.steps}>
          <li>
            <strong>Apply</strong> with your company, website, audience and country. It takes two minutes with a free Stitchhouse account.
          </li>
          <li>
            <strong>We review</strong> every application by hand, usually within two working days, and email you the answer (with the reason if we say no; you
            can correct it and apply again).
          </li>
          <li>
            <strong>Start earning.</strong> Resellers get their code and links at once; suppliers list their first kits. Your partner reports show clicks, kit
            clicks and commissions as they happen.
          </li>
        </ol>
      </section>

      <section className={styles.section} aria-labelledby="earn-title">
        <h2 id="earn-title">What resellers earn</h2>
        <p>
          A reseller earns {formatBasisPoints(RESELLER_COMMISSION_BP)} of the Stitchhouse platform fee on every pattern bought within{' '}
          {REFERRAL_ATTRIBUTION_DAYS} days of the buyer’s last click on one of their links (the last link clicked wins). The commission comes out of our share,
          never the designer’s: the designer is paid exactly what they would be without a referral. Refunded purchases reverse their commission, and purchases
          through your own link earn nothing.
        </p>
        <EarningsExample />
        <p>
          Commissions are paid to a payout account you connect once through Stripe (<Link to={href('/payment/receive')}>how payouts work</Link>); until it is
          ready they are held for you, and nothing is lost. See <Link to={href('/pricing')}>pricing</Link> for the platform fees on each plan.
        </p>
      </section>
    </div>
  );
}
