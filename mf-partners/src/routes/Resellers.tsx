import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { REFERRAL_ATTRIBUTION_DAYS, RESELLER_COMMISSION_BP } from '@stitchhouse/shared/pricing.ts';
import { PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { PartnerApplications, PartnerDirectory } from '../features/applications/index.ts';
import { EarningsExample } from '../features/programme/EarningsExample.tsx';
import { formatRate } from '../features/shared/format.ts';
import * as styles from '../features/programme/programme.module.css';
import { ResellerDashboard } from '../features/resellers/ResellerDashboard.tsx';

/**
 * /partners/resellers: the reseller programme, the application (operators: the review queue),
 * an approved reseller's code, links and commissions, and the public directory.
 */
export default function Resellers() {
  const { i18n } = useLingui();
  return (
    <div className={styles.layout}>
      <PageHeading
        title={i18n._('partners.resellers.title')}
        eyebrow={<Link to={href('/partners')}>{i18n._('partners.programme.title')}</Link>}
        lead={i18n._('partners.resellers.lead', { rate: formatRate(RESELLER_COMMISSION_BP) })}
      >
        {i18n._('partners.resellers.title')}
      </PageHeading>

      <section className={styles.section} aria-labelledby="details-title">
        <h2 id="details-title">{i18n._('partners.resellers.programme')}</h2>
        <ul className={styles.steps}>
          <li>{i18n._('partners.resellers.programme.code')}</li>
          <li>{i18n._('partners.resellers.programme.window', { days: REFERRAL_ATTRIBUTION_DAYS })}</li>
          <li>{i18n._('partners.resellers.programme.recorded')}</li>
          <li>{i18n._('partners.resellers.programme.paid')}</li>
        </ul>
        <EarningsExample />
      </section>

      <PartnerApplications programme="reseller" path={href('/partners/resellers')} approved={(_application, userId) => <ResellerDashboard userId={userId} />} />

      <PartnerDirectory programme="reseller" title={i18n._('partners.resellers.directory')} />
    </div>
  );
}
