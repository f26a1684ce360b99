import { Link } from 'react-router';
import { href } from '@stitchhouse/shared';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, LinkButton, PageHeading, QueryState, Skeleton } from '@stitchhouse/shared/ui/index.ts';
import { listReports, reportKeys } from '../api/reports.ts';
import * as styles from '../features/reports/reports.module.css';

/**
 * /reports: the reports the signed-in person's roles give them (row-level security on
 * `reports`: store owners their stores' reports, resellers, suppliers, operators theirs).
 */
export default function Reports() {
  const reports = useQuery({ queryKey: reportKeys.list(), queryFn: () => listReports() });
  return (
    <div className={styles.layout}>
      <PageHeading title="Reports" eyebrow="Reports" lead="Sales, patterns, customers and payouts, for any period, with a comparison and a CSV export.">
        Reports
      </PageHeading>
      <QueryState
        query={reports}
        loadingLabel="Loading your reports"
        errorTitle="Your reports could not be loaded"
        skeleton={
          <>
            <Skeleton width="60%" />
            <Skeleton width="50%" />
            <Skeleton width="55%" />
          </>
        }
        empty={
          <EmptyState title="No reports for you yet" actions={<LinkButton to={href('/account/store')}>Open a store</LinkButton>}>
            Reports come with a role: open a store to see your sales, or join the partner programme (<Link to={href('/partners')}>resellers and suppliers</Link>
            ).
          </EmptyState>
        }
      >
        {(list) => (
          <ul className={styles.list}>
            {list.map((r) => (
              <li key={r.slug} className={styles.card}>
                <h2>
                  <Link to={href('/reports/:reportSlug', { reportSlug: r.slug })}>{r.title}</Link>
                </h2>
                <p>{r.description}</p>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
