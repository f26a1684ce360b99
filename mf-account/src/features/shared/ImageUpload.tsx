import { useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { serverMessage } from '@stitchhouse/shared/form/index.ts';
import { imageProblem } from '@stitchhouse/shared/account/schemas.ts';
import { Alert, Button, Progress, formatBytes } from '@stitchhouse/shared/ui/index.ts';
import { uploadFile } from '../../api/uploads.ts';
import { cropImage, type CropShape } from './crop.ts';
import * as styles from '../layout/account.module.css';

export interface ImageUploadProps {
  label: string;
  /** What the progress bar says while the picture goes up ("Uploading avatar"). */
  progressLabel: string;
  hint: string;
  bucket: 'avatars' | 'store-assets';
  shape: CropShape;
  /** Where the new file goes (a fresh name each time: public URLs are cached). */
  pathFor: (extension: string) => string;
  /** Saves the uploaded path on the record; the old file may then be removed. */
  onUploaded: (path: string) => Promise<void>;
}

type State = { phase: 'idle' } | { phase: 'sending'; sent: number; total: number } | { phase: 'done' } | { phase: 'error'; message: string };

/** Choose a picture → checked by its bytes → cropped → uploaded with progress → saved. */
export function ImageUpload({ label, progressLabel, hint, bucket, shape, pathFor, onUploaded }: ImageUploadProps) {
  const { i18n } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ phase: 'idle' });

  async function choose(file: File) {
    const problem = imageProblem(file.size, new Uint8Array(await file.slice(0, 16).arrayBuffer()));
    if (problem) {
      setState({ phase: 'error', message: problem });
      return;
    }
    try {
      const cropped = await cropImage(file, shape);
      const path = pathFor(cropped.type === 'image/webp' ? 'webp' : 'png');
      setState({ phase: 'sending', sent: 0, total: cropped.size });
      await uploadFile(bucket, path, cropped, (sent, total) => setState({ phase: 'sending', sent, total }));
      await onUploaded(path);
      setState({ phase: 'done' });
    } catch (error) {
      setState({ phase: 'error', message: error instanceof Error && error.name === 'UploadFailure' ? error.message : serverMessage(error).message });
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div>
      <label htmlFor={id}>
        <strong>{label}</strong>
      </label>
      <p id={`${id}-hint`} className={styles.muted}>
        {hint}
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={`${id}-hint`}
        disabled={state.phase === 'sending'}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void choose(file);
        }}
      />
      {state.phase === 'sending' ? (
        <Progress
          label={progressLabel}
          value={state.sent}
          max={state.total}
          valueText={i18n._('account.bytesOf', { sent: formatBytes(state.sent), total: formatBytes(state.total) })}
        />
      ) : null}
      {state.phase === 'done' ? <Alert tone="success">{i18n._('account.image.saved', { what: label })}</Alert> : null}
      {state.phase === 'error' ? (
        <Alert
          tone="danger"
          title={i18n._('account.image.notSaved', { what: label })}
          actions={
            <Button size="small" variant="secondary" onClick={() => input.current?.click()}>
              {i18n._('account.image.another')}
            </Button>
          }
        >
          {state.message}
        </Alert>
      ) : null}
    </div>
  );
}
