import { useRef, useState } from 'react';
import { describeError } from '@stitchhouse/shared';
import { Alert, Button, Progress } from '@stitchhouse/shared/ui/index.ts';
import { exportReportCsv, type ExportProgress } from '../../api/reports.ts';
import { formatCount } from './format.ts';
import * as styles from './reports.module.css';

/** Downloads the report as CSV; the rows are counted as they stream in. */
export function ExportCsv({ slug, from, to }: { slug: string; from: string; to: string }) {
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
      setMessage(`${filename} is downloaded.`);
      setState('done');
    } catch (err) {
      setMessage(describeError(err).message);
      setState('error');
    }
  };
  return (
    <div className={styles.export}>
      <Button onClick={start} disabled={state === 'working'} variant="secondary">
        Download CSV
      </Button>
      {/* the file's link, clicked for the person once the CSV is complete */}
      <a ref={link} hidden aria-hidden="true" tabIndex={-1} href="#download">
        download
      </a>
      {state === 'working' && progress ? (
        <Progress
          label="Preparing the CSV"
          value={progress.rows}
          max={progress.expectedRows ?? 0}
          valueText={
            progress.expectedRows === null
              ? `${formatCount(progress.rows)} rows`
              : `${formatCount(progress.rows)} of ${formatCount(progress.expectedRows)} rows`
          }
        />
      ) : null}
      <p role="status" className={styles.exportStatus}>
        {state === 'done' ? message : ''}
      </p>
      {state === 'error' ? (
        <Alert tone="danger" title="The CSV could not be downloaded">
          {message}
        </Alert>
      ) : null}
    </div>
  );
}
