import { useEffect, useState } from 'react';
import { serverMessage } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button, Card, Progress, Spinner, formatBytes } from '@stitchhouse/shared/ui/index.ts';
import { exportAccount } from '../../api/export.ts';
import * as styles from '../layout/account.module.css';

type State =
  | { phase: 'idle' }
  | { phase: 'preparing' }
  | { phase: 'receiving'; received: number; total: number | null }
  | { phase: 'ready'; url: string; size: number; skipped: number }
  | { phase: 'error'; message: string };

/** One click: a ZIP of my data as JSON and every pattern I own, stamped; also emailed as a link. */
export function ExportAccount() {
  const [state, setState] = useState<State>({ phase: 'idle' });
  useEffect(() => () => {
    if (state.phase === 'ready') URL.revokeObjectURL(state.url);
  }, [state]);

  async function start() {
    setState({ phase: 'preparing' });
    try {
      const { zip, skipped } = await exportAccount((received, total) => setState({ phase: 'receiving', received, total }));
      setState({ phase: 'ready', url: URL.createObjectURL(zip), size: zip.size, skipped });
    } catch (error) {
      setState({ phase: 'error', message: serverMessage(error).message });
    }
  }

  return (
    <Card as="section" className={styles.section} aria-labelledby="export-title">
      <h2 id="export-title">Export your account</h2>
      <p>
        One ZIP file with your profile, orders, library, downloads, store and wholesale application as JSON, and every pattern you own as a PDF
        stamped for you (each copy counts as a download of that pattern). We also email you a link to it (valid for an hour).
      </p>
      {state.phase === 'preparing' ? (
        <div aria-live="polite">
          <Spinner label="Stamping your patterns and packing the ZIP…" showLabel />
        </div>
      ) : null}
      {state.phase === 'receiving' ? (
        <Progress
          label="Downloading your export"
          value={state.received}
          max={state.total ?? 0}
          valueText={state.total ? `${formatBytes(state.received)} of ${formatBytes(state.total)}` : formatBytes(state.received)}
        />
      ) : null}
      {state.phase === 'ready' ? (
        <Alert tone="success" title="Your export is ready">
          <a href={state.url} download="stitchhouse-export.zip">
            Save stitchhouse-export.zip ({formatBytes(state.size)})
          </a>
          . The link in the email works for an hour.
          {state.skipped > 0
            ? ` ${state.skipped} of your patterns ${state.skipped === 1 ? 'is' : 'are'} not in it (for example, the hourly download limit was reached): patterns_not_included in stitchhouse-account.json says why. Each stamped copy counts as a download.`
            : ''}
        </Alert>
      ) : null}
      {state.phase === 'error' ? <Alert tone="danger">{state.message}</Alert> : null}
      <div className={styles.actions}>
        <Button variant="secondary" busy={state.phase === 'preparing' || state.phase === 'receiving'} busyLabel="Exporting…" onClick={() => void start()}>
          {state.phase === 'ready' ? 'Export again' : 'Export my account'}
        </Button>
      </div>
    </Card>
  );
}
