import { useEffect, useRef, useState } from 'react';
import { serverMessage } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button, Card, Progress, Spinner, formatBytes } from '@stitchhouse/shared/ui/index.ts';
import { ExportFailure, buildArchive, prepareExport, sendExportLink, type NotIncluded } from '../../api/export.ts';
import * as styles from '../layout/account.module.css';

type Link =
  { phase: 'uploading'; sent: number; total: number } | { phase: 'mailed'; expiresAt: string; mailed: boolean } | { phase: 'failed'; message: string };

type State =
  | { phase: 'idle' }
  | { phase: 'preparing' }
  | { phase: 'packing'; done: number; total: number; notIncluded: number }
  | { phase: 'ready'; url: string; size: number; included: number; notIncluded: NotIncluded[]; link: Link }
  | { phase: 'error'; message: string };

const messageOf = (error: unknown) => (error instanceof ExportFailure ? error.message : serverMessage(error).message);
const patterns = (n: number) => `${n} ${n === 1 ? 'pattern' : 'patterns'}`;

/**
 * One click: a ZIP of my data as JSON and every pattern I own, stamped. The page fetches each
 * stamped copy and packs the ZIP as they arrive ("12 of 500 patterns"), then keeps it for an
 * emailed link that works for an hour.
 */
export function ExportAccount() {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  const url = state.phase === 'ready' ? state.url : null;
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  useEffect(() => () => running.current?.abort(), []);

  async function start() {
    running.current?.abort();
    const stop = new AbortController();
    running.current = stop;
    setState({ phase: 'preparing' });
    try {
      const plan = await prepareExport();
      const archive = await buildArchive(
        plan,
        (p) => {
          if (!stop.signal.aborted) setState({ phase: 'packing', done: p.done, total: p.total, notIncluded: p.notIncluded });
        },
        stop.signal,
      );
      if (stop.signal.aborted) return;
      const ready = {
        phase: 'ready' as const,
        url: URL.createObjectURL(archive.zip),
        size: archive.zip.size,
        included: archive.included,
        notIncluded: archive.notIncluded,
      };
      setState({ ...ready, link: { phase: 'uploading', sent: 0, total: archive.zip.size } });
      try {
        const mailed = await sendExportLink(plan, archive, (sent, total) => {
          if (!stop.signal.aborted) setState({ ...ready, link: { phase: 'uploading', sent, total } });
        });
        if (!stop.signal.aborted) setState({ ...ready, link: { phase: 'mailed', expiresAt: mailed.expires_at, mailed: mailed.mailed } });
      } catch (error) {
        if (!stop.signal.aborted) setState({ ...ready, link: { phase: 'failed', message: messageOf(error) } });
      }
    } catch (error) {
      if (!stop.signal.aborted) setState({ phase: 'error', message: messageOf(error) });
    }
  }

  const busy = state.phase === 'preparing' || state.phase === 'packing';
  return (
    <Card as="section" className={styles.section} aria-labelledby="export-title">
      <h2 id="export-title">Export your account</h2>
      <p>
        One ZIP file with your profile, orders, library, downloads, store and wholesale application as JSON, and every pattern you own as a PDF stamped for you
        (each copy counts as a download of that pattern). Keep this page open while your patterns are packed; we then email you a link to the ZIP (valid for an
        hour).
      </p>
      {state.phase === 'preparing' ? (
        <div aria-live="polite">
          <Spinner label="Reading your account…" showLabel />
        </div>
      ) : null}
      {state.phase === 'packing' ? (
        <div aria-live="polite">
          <Progress label="Stamping and packing your patterns" value={state.done} max={state.total} valueText={`${state.done} of ${patterns(state.total)}`} />
          {state.notIncluded > 0 ? <p>{patterns(state.notIncluded)} left out so far (the reasons will be in the ZIP).</p> : null}
        </div>
      ) : null}
      {state.phase === 'ready' ? (
        <Alert tone="success" title="Your export is ready">
          <p>
            <a href={state.url} download="stitchhouse-export.zip">
              Save stitchhouse-export.zip ({formatBytes(state.size)})
            </a>{' '}
            — {patterns(state.included)}, stamped for you.
          </p>
          {state.notIncluded.length > 0 ? (
            <details>
              <summary>
                {patterns(state.notIncluded.length)} {state.notIncluded.length === 1 ? 'is' : 'are'} not in it (for example, the hourly download limit was
                reached); patterns_not_included in stitchhouse-account.json says why.
              </summary>
              <ul>
                {state.notIncluded.map((p) => (
                  <li key={p.pattern_id}>
                    {p.title}: {p.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <div aria-live="polite">
            {state.link.phase === 'uploading' ? (
              <Progress
                label="Keeping a copy for the emailed link"
                value={state.link.sent}
                max={state.link.total}
                valueText={`${formatBytes(state.link.sent)} of ${formatBytes(state.link.total)}`}
              />
            ) : null}
            {state.link.phase === 'mailed' ? (
              <p>
                {state.link.mailed ? 'We emailed you a link to it' : 'A link to it is kept'}, valid until{' '}
                {new Date(state.link.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.
              </p>
            ) : null}
            {state.link.phase === 'failed' ? <p>No emailed link this time ({state.link.message}). Save the ZIP from this page.</p> : null}
          </div>
        </Alert>
      ) : null}
      {state.phase === 'error' ? <Alert tone="danger">{state.message}</Alert> : null}
      <div className={styles.actions}>
        <Button variant="secondary" busy={busy} busyLabel="Exporting…" onClick={() => void start()}>
          {state.phase === 'ready' ? 'Export again' : 'Export my account'}
        </Button>
      </div>
    </Card>
  );
}
