import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { REFERRAL_ATTRIBUTION_DAYS, RESELLER_COMMISSION_BP, formatBasisPoints } from '@stitchhouse/shared/pricing.ts';
import { PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { PartnerApplications, PartnerDirectory } from '../features/applications/index.ts';
import { EarningsExample } from '../features/programme/EarningsExample.tsx';
import * as styles from '../features/programme/programme.module.css';
import { ResellerDashboard } from '../features/resellers/ResellerDashboard.tsx';

/**
 * /partners/resellers: the reseller programme, the application (operators: the review queue),
 * an approved reseller's code, links and commissions, and the public directory.
 */
export default function Resellers() {
  return (
    <div className={styles.layout}>
      <PageHeading
        title="Resellers"
        eyebrow={<Link to={href('/partners')}>Partner programme</Link>}
        lead={`Recommend independent sewing patterns to your audience and earn ${formatBasisPoints(RESELLER_COMMISSION_BP)} of our fee on every pattern they buy.`}
      >
        Resellers
      </PageHeading>

      <section className={styles.section} aria-labelledby="details-title">
        <h2 id="details-title">The programme</h2>
        <ul className={styles.steps}>
          <li>Your own referral code, and links to any page of Stitchhouse: a pattern you reviewed, a designer’s store, a search of the catalog.</li>
          <li>
            A purchase counts for you when it is made within {REFERRAL_ATTRIBUTION_DAYS} days of the buyer’s last click on one of your links. If they later
            click another reseller’s link, that one counts.
          </li>
          <li>Commissions are recorded on each order line the moment it is paid, reversed if the line is refunded, and never earned on your own purchases.</li>
          <li>They are paid out through Stripe to the payout account you connect; they wait for you, held, until it is ready.</li>
        </ul>
        <EarningsExample />
      </section>

      <PartnerApplications programme="reseller" path={href('/partners/resellers')} approved={(_application, userId) => <ResellerDashboard userId={userId} />} />

      <PartnerDirectory programme="reseller" title="Approved resellers" />
    </div>
  );
}
