import { useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { describeError } from '@stitchhouse/shared';
import { Alert, Button, Progress } from '@stitchhouse/shared/ui/index.ts';
import { exportReportCsv, type ExportProgress } from '../../api/reports.ts';
import { formatCount } from './format.ts';
import * as styles from './reports.module.css';

/** Downloads the report as CSV; the rows are counted as they stream in. */
export function ExportCsv({ slug, from, to }: { slug: string; from: string; to: string }) {
  const { i18n } = useLingui();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [state, setState] = useState<'idle' | 'working' | 'done' | 'error'>('idle');
  const [message, setMessage] = useState('');
  const link = useRef<HTMLAnchorElement>(null);
  const start = async () => {
    setState('working');
    setProgress({ rows: 0, expectedRows: null, bytes: 0 });
    try {
      const { blob, filename } = await exportReportCsv(slug, from, to, setProgress);
      const url = URL.createObjectURL(blob);
      const a = link.current!;
      a.href = url;
      a.download = filename;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setMessage(i18n._('partners.report.csv.downloaded', { filename }));
      setState('done');
    } catch (err) {
      setMessage(describeError(err).message);
      setState('error');
    }
  };
  return (
    <div className={styles.export}>
      <Button onClick={start} disabled={state === 'working'} variant="secondary">
        {i18n._('partners.report.csv.download')}
      </Button>
      {/* the file's link, clicked for the person once the CSV is complete */}
      <a ref={link} hidden aria-hidden="true" tabIndex={-1} href="#download">
        {i18n._('partners.report.csv.download')}
      </a>
      {state === 'working' && progress ? (
        <Progress
          label={i18n._('partners.report.csv.preparing')}
          value={progress.rows}
          max={progress.expectedRows ?? 0}
          valueText={
            progress.expectedRows === null
              ? i18n._('partners.report.csv.rows', { count: progress.rows, rows: formatCount(progress.rows) })
              : i18n._('partners.report.csv.rowsOf', {
                  count: progress.expectedRows,
                  rows: formatCount(progress.rows),
                  expected: formatCount(progress.expectedRows),
                })
          }
        />
      ) : null}
      <p role="status" className={styles.exportStatus}>
        {state === 'done' ? message : ''}
      </p>
      {state === 'error' ? (
        <Alert tone="danger" title={i18n._('partners.report.csv.failed')}>
          {message}
        </Alert>
      ) : null}
    </div>
  );
}
