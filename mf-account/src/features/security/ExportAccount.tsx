import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react';
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

/** The ready ZIP's link; its words come from the message around it. */
function SaveLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} download="stitchhouse-export.zip">
      {children}
    </a>
  );
}

/**
 * One click: a ZIP of my data as JSON and every pattern I own, stamped. The page fetches each
 * stamped copy and packs the ZIP as they arrive ("12 of 500 patterns"), then keeps it for an
 * emailed link that works for an hour.
 */
export function ExportAccount() {
  const { i18n } = useLingui();
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

  const validUntil = (iso: string) => new Date(iso).toLocaleTimeString(i18n.locale, { hour: '2-digit', minute: '2-digit' });
  const busy = state.phase === 'preparing' || state.phase === 'packing';
  return (
    <Card as="section" className={styles.section} aria-labelledby="export-title">
      <h2 id="export-title">{i18n._('account.export.title')}</h2>
      <p>{i18n._('account.export.explained')}</p>
      {state.phase === 'preparing' ? (
        <div aria-live="polite">
          <Spinner label={i18n._('account.export.reading')} showLabel />
        </div>
      ) : null}
      {state.phase === 'packing' ? (
        <div aria-live="polite">
          <Progress
            label={i18n._('account.export.packing')}
            value={state.done}
            max={state.total}
            valueText={i18n._('account.export.packed', { done: state.done, total: state.total })}
          />
          {state.notIncluded > 0 ? <p>{i18n._('account.export.leftOut', { count: state.notIncluded })}</p> : null}
        </div>
      ) : null}
      {state.phase === 'ready' ? (
        <Alert tone="success" title={i18n._('account.export.readyTitle')}>
          <p>
            <Trans
              id="account.export.ready"
              values={{ size: formatBytes(state.size), count: state.included }}
              components={{ 0: <SaveLink href={state.url} /> }}
            />
          </p>
          {state.notIncluded.length > 0 ? (
            <details>
              <summary>{i18n._('account.export.notIncluded', { count: state.notIncluded.length })}</summary>
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
                label={i18n._('account.export.uploading')}
                value={state.link.sent}
                max={state.link.total}
                valueText={i18n._('account.bytesOf', { sent: formatBytes(state.link.sent), total: formatBytes(state.link.total) })}
              />
            ) : null}
            {state.link.phase === 'mailed' ? (
              <p>
                {state.link.mailed
                  ? i18n._('account.export.mailed', { time: validUntil(state.link.expiresAt) })
                  : i18n._('account.export.kept', { time: validUntil(state.link.expiresAt) })}
              </p>
            ) : null}
            {state.link.phase === 'failed' ? <p>{i18n._('account.export.noLink', { message: state.link.message })}</p> : null}
          </div>
        </Alert>
      ) : null}
      {state.phase === 'error' ? <Alert tone="danger">{state.message}</Alert> : null}
      <div className={styles.actions}>
        <Button variant="secondary" busy={busy} busyLabel={i18n._('account.export.exporting')} onClick={() => void start()}>
          {state.phase === 'ready' ? i18n._('account.export.again') : i18n._('account.export.start')}
        </Button>
      </div>
    </Card>
  );
}
