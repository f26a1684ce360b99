import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { href } from '@stitchhouse/shared';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, LinkButton, PageHeading, QueryState, Skeleton } from '@stitchhouse/shared/ui/index.ts';
import { listReports, reportKeys } from '../api/reports.ts';
import { reportText } from '../features/reports/texts.ts';
import * as styles from '../features/reports/reports.module.css';

/**
 * /reports: the reports the signed-in person's roles give them (row-level security on
 * `reports`: store owners their stores' reports, resellers, suppliers, operators theirs).
 */
export default function Reports() {
  const { i18n } = useLingui();
  const reports = useQuery({ queryKey: reportKeys.list(), queryFn: () => listReports() });
  return (
    <div className={styles.layout}>
      <PageHeading title={i18n._('partners.reports.title')} eyebrow={i18n._('partners.reports.title')} lead={i18n._('partners.reports.lead')}>
        {i18n._('partners.reports.title')}
      </PageHeading>
      <QueryState
        query={reports}
        loadingLabel={i18n._('partners.reports.loading')}
        errorTitle={i18n._('partners.reports.loadFailed')}
        skeleton={
          <>
            <Skeleton width="60%" />
            <Skeleton width="50%" />
            <Skeleton width="55%" />
          </>
        }
        empty={
          <EmptyState
            title={i18n._('partners.reports.empty.title')}
            actions={<LinkButton to={href('/account/store')}>{i18n._('partners.reports.empty.openStore')}</LinkButton>}
          >
            <Trans id="partners.reports.empty.body" components={{ 0: <Link to={href('/partners')} /> }} />
          </EmptyState>
        }
      >
        {(list) => (
          <ul className={styles.list}>
            {list.map((r) => (
              <li key={r.slug} className={styles.card}>
                <h2>
                  <Link to={href('/reports/:reportSlug', { reportSlug: r.slug })}>{reportText(r).title}</Link>
                </h2>
                <p>{reportText(r).description}</p>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
