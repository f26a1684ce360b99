import { Link } from 'react-router';
import { describeError, href } from '@stitchhouse/shared';
import { useAsync } from '@stitchhouse/shared/useAsync.ts';
import { Alert, Button, EmptyState, LinkButton, PageHeading, Skeleton } from '@stitchhouse/shared/ui/index.ts';
import { listReports } from '../api/reports.ts';
import * as styles from '../features/reports/reports.module.css';

/**
 * /reports: the reports the signed-in person's roles give them (row-level security on
 * `reports`: store owners their stores' reports, resellers, suppliers, operators theirs).
 */
export default function Reports() {
  const reports = useAsync('reports', () => listReports());
  return (
    <div className={styles.layout}>
      <PageHeading title="Reports" eyebrow="Reports" lead="Sales, patterns, customers and payouts, for any period, with a comparison and a CSV export.">
        Reports
      </PageHeading>
      {reports.status === 'error' ? (
        <Alert tone="danger" title="Your reports could not be loaded" actions={<Button size="small" onClick={reports.retry}>Try again</Button>}>
          {describeError(reports.error).message}
        </Alert>
      ) : reports.status === 'loading' ? (
        <div aria-busy="true" aria-label="Loading your reports">
          <Skeleton width="60%" /><Skeleton width="50%" /><Skeleton width="55%" />
        </div>
      ) : reports.data.length === 0 ? (
        <EmptyState title="No reports for you yet" actions={<LinkButton to={href('/account/store')}>Open a store</LinkButton>}>
          Reports come with a role: open a store to see your sales, or join the partner programme (<Link to={href('/partners')}>resellers and suppliers</Link>).
        </EmptyState>
      ) : (
        <ul className={styles.list}>
          {reports.data.map((r) => (
            <li key={r.slug} className={styles.card}>
              <h2><Link to={href('/reports/:reportSlug', { reportSlug: r.slug })}>{r.title}</Link></h2>
              <p>{r.description}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
