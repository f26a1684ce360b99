import { useId, useRef, useState } from 'react';
import { errorMessage } from '@stitchhouse/shared';
import { FORMATS, PATTERN_FORMATS, type PatternFormat } from '@stitchhouse/shared/catalog/index.ts';
import { Alert, Button, Progress, TextArea, formatBytes } from '@stitchhouse/shared/ui/index.ts';
import { attachFile, prepareFileUpload, sendFile, sha256Hex, UploadFailure, type PatternFileRow, type UploadTarget } from '../../api/publishing.ts';
import { looksLikePdf, patternFileProblem } from './fileRules.ts';
import * as styles from './FileUploads.module.css';
import { formatDate } from '../shared/formatDate.ts';
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
    const problem = patternFileProblem(file) ?? ((await looksLikePdf(file)) ? null : `${file.name} does not look like a PDF (it has no PDF header).`);
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
      update({ message: 'Describe what changed: buyers get this note by email.', phase: 'failed' });
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
        ? `Version ${result.pattern_version} published${result.notified !== null ? `; ${result.notified} buyer${result.notified === 1 ? '' : 's'} notified` : ''}.${result.notifyRefused ? ` Buyers were not emailed: ${result.notifyRefused}` : ''}`
        : `${info.shortLabel} file uploaded.`;
      setState({ ...initial, phase: 'done', message: note });
      if (input.current) input.current.value = '';
      onUploaded(note);
    } catch (error) {
      const retryable = error instanceof UploadFailure ? error.retryable : true;
      update({
        phase: 'failed',
        message: `${error instanceof UploadFailure ? error.message : errorMessage(error)}${retryable ? ' Your file is kept: resume when you are ready.' : ''}`,
      });
    }
  }

  const busy = state.phase === 'uploading' || state.phase === 'saving';
  return (
    <li className={styles.item} data-format={format}>
      <div className={styles.head}>
        <h3>{info.label}</h3>
        <p className={styles.meta}>
          {current ? `Version ${current.version} · ${formatBytes(current.sizeBytes)} · updated ${formatDate(current.updatedAt)}` : 'No file yet'}
        </p>
      </div>
      <p className={styles.meta}>{info.description}</p>
      <div className={styles.actions}>
        <label htmlFor={inputId}>{current ? `Replace the ${info.shortLabel} PDF` : `Choose the ${info.shortLabel} PDF`}</label>
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
          label={`What changed in this ${info.shortLabel} file`}
          hint="Required for a published pattern: buyers see it in their library and by email."
          rows={3}
          required
          value={state.changes}
          onChange={(e) => update({ changes: e.currentTarget.value })}
        />
      ) : null}
      {state.file ? (
        <div className={styles.actions}>
          <Button onClick={() => void upload()} busy={busy} busyLabel={state.phase === 'saving' ? 'Saving…' : 'Uploading…'}>
            {state.phase === 'failed' && state.target ? 'Resume upload' : `Upload ${state.file.name}`}
          </Button>
          <span className={styles.meta}>{formatBytes(state.file.size)}</span>
        </div>
      ) : null}
      {state.file && (state.phase === 'uploading' || state.phase === 'saving' || (state.phase === 'failed' && state.sent > 0)) ? (
        <Progress
          label={`Uploading ${info.shortLabel} file`}
          value={state.sent}
          max={state.file.size}
          valueText={`${formatBytes(state.sent)} of ${formatBytes(state.file.size)}`}
        />
      ) : null}
      {state.message ? <Alert tone={state.phase === 'failed' ? 'danger' : 'success'}>{state.message}</Alert> : null}
    </li>
  );
}
