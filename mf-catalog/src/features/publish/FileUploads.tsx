import { useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { errorMessage } from '@stitchhouse/shared';
import { FORMATS, PATTERN_FORMATS, type PatternFormat } from '@stitchhouse/shared/catalog/index.ts';
import { Alert, Button, Progress, TextArea, formatBytes } from '@stitchhouse/shared/ui/index.ts';
import { attachFile, prepareFileUpload, sendFile, sha256Hex, UploadFailure, type PatternFileRow, type UploadTarget } from '../../api/publish.ts';
import { looksLikePdf, notPdfHeader, patternFileProblem } from './fileRules.ts';
import * as styles from './FileUploads.module.css';
import { formatDate } from '../locale/formatDate.ts';
import type { PatternStatus } from '@stitchhouse/shared/statuses.ts';

type Phase = 'idle' | 'uploading' | 'failed' | 'saving' | 'done';
interface SlotState {
  file: File | null;
  phase: Phase;
  sent: number;
  target: UploadTarget | null;
  message: string | null;
  changes: string;
}
/** "Version 3 published; 12 buyers notified." (with why buyers were not emailed, when they were not). */
export function versionNote(i18n: I18n, version: number | null | undefined, notified: number | null, refused: string | null | undefined): string {
  const published =
    notified !== null ? i18n._('catalog.publish.files.versionNotified', { version, count: notified }) : i18n._('catalog.publish.files.version', { version });
  return refused ? `${published} ${i18n._('catalog.publish.files.notEmailed', { reason: refused })}` : published;
}

const initial: SlotState = { file: null, phase: 'idle', sent: 0, target: null, message: null, changes: '' };

export interface FileUploadsProps {
  pattern: { id: string; storeId: string; status: PatternStatus };
  files: PatternFileRow[];
  /** Called after a file was registered, with the new version note when buyers were told. */
  onUploaded(note: string): void;
}

/** One PDF per format: checked before upload, sent with progress, resumable after a failure. */
export function FileUploads({ pattern, files, onUploaded }: FileUploadsProps) {
  return (
    <ul className={styles.list}>
      {PATTERN_FORMATS.map((format) => (
        <FormatSlot key={format} format={format} pattern={pattern} current={files.find((f) => f.format === format) ?? null} onUploaded={onUploaded} />
      ))}
    </ul>
  );
}

function FormatSlot({
  format,
  pattern,
  current,
  onUploaded,
}: {
  format: PatternFormat;
  pattern: FileUploadsProps['pattern'];
  current: PatternFileRow | null;
  onUploaded(note: string): void;
}) {
  const { i18n } = useLingui();
  const [state, setState] = useState<SlotState>(initial);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const info = FORMATS[format];
  const newVersion = pattern.status === 'published' && current !== null;
  const update = (patch: Partial<SlotState>) => setState((s) => ({ ...s, ...patch }));

  // Choosing a file uploads it at once, as photos do; only a new version of a published
  // pattern waits for its "what changed" note (buyers get it by email).
  async function choose(file: File | undefined) {
    if (!file) return;
    const problem = patternFileProblem(file) ?? ((await looksLikePdf(file)) ? null : notPdfHeader(file.name));
    setState({ ...initial, changes: state.changes, file: problem ? null : file, message: problem, phase: problem ? 'failed' : 'idle' });
    if (problem) {
      if (input.current) input.current.value = '';
      return;
    }
    await upload(file, null);
  }

  async function upload(file: File | null = state.file, resumeTarget: UploadTarget | null = state.target) {
    if (!file) return;
    if (newVersion && !state.changes.trim()) {
      update({ message: i18n._('catalog.publish.files.describeChanges'), phase: 'failed' });
      return;
    }
    update({ phase: 'uploading', message: null });
    try {
      // Keep the signed target across retries: the same URL resumes the same object.
      const target = resumeTarget ?? (await prepareFileUpload(pattern, format, current?.version ?? null));
      update({ target });
      await sendFile(target, file, (sent) => update({ sent }));
      update({ phase: 'saving' });
      const result = await attachFile(pattern.id, target, file, await sha256Hex(file), state.changes.trim());
      const note = result.notify
        ? versionNote(i18n, result.pattern_version, result.notified, result.notifyRefused)
        : i18n._('catalog.publish.files.uploaded', { format: info.shortLabel });
      setState({ ...initial, phase: 'done', message: note });
      if (input.current) input.current.value = '';
      onUploaded(note);
    } catch (error) {
      const retryable = error instanceof UploadFailure ? error.retryable : true;
      update({
        phase: 'failed',
        message: retryable
          ? i18n._('catalog.publish.files.failedKept', { problem: error instanceof UploadFailure ? error.message : errorMessage(error) })
          : error instanceof UploadFailure
            ? error.message
            : errorMessage(error),
      });
    }
  }

  const busy = state.phase === 'uploading' || state.phase === 'saving';
  return (
    <li className={styles.item} data-format={format}>
      <div className={styles.head}>
        <h3>{info.label}</h3>
        <p className={styles.meta}>
          {current
            ? i18n._('catalog.publish.files.current', { version: current.version, size: formatBytes(current.sizeBytes), date: formatDate(current.updatedAt) })
            : i18n._('catalog.publish.files.none')}
        </p>
      </div>
      <p className={styles.meta}>{info.description}</p>
      <div className={styles.actions}>
        <label htmlFor={inputId}>
          {current ? i18n._('catalog.publish.files.replace', { format: info.shortLabel }) : i18n._('catalog.publish.files.choose', { format: info.shortLabel })}
        </label>
        <input
          ref={input}
          id={inputId}
          className={styles.fileInput}
          type="file"
          accept="application/pdf,.pdf"
          disabled={busy}
          onChange={(e) => void choose(e.currentTarget.files?.[0])}
        />
      </div>
      {state.file && newVersion ? (
        <TextArea
          label={i18n._('catalog.publish.files.whatChanged', { format: info.shortLabel })}
          hint={i18n._('catalog.publish.files.whatChangedHint')}
          rows={3}
          required
          value={state.changes}
          onChange={(e) => update({ changes: e.currentTarget.value })}
        />
      ) : null}
      {state.file ? (
        <div className={styles.actions}>
          <Button
            onClick={() => void upload()}
            busy={busy}
            busyLabel={state.phase === 'saving' ? i18n._('catalog.publish.files.saving') : i18n._('catalog.publish.files.uploading')}
          >
            {state.phase === 'failed' && state.target
              ? i18n._('catalog.publish.files.resume')
              : i18n._('catalog.publish.files.upload', { file: state.file.name })}
          </Button>
          <span className={styles.meta}>{formatBytes(state.file.size)}</span>
        </div>
      ) : null}
      {state.file && (state.phase === 'uploading' || state.phase === 'saving' || (state.phase === 'failed' && state.sent > 0)) ? (
        <Progress
          label={i18n._('catalog.publish.files.progressLabel', { format: info.shortLabel })}
          value={state.sent}
          max={state.file.size}
          valueText={i18n._('catalog.download.file.progress', { done: formatBytes(state.sent), total: formatBytes(state.file.size) })}
        />
      ) : null}
      {state.message ? <Alert tone={state.phase === 'failed' ? 'danger' : 'success'}>{state.message}</Alert> : null}
    </li>
  );
}
