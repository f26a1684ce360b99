import { useId, useRef, useState } from 'react';
import { errorMessage } from '@stitchhouse/shared';
import { Alert, Button } from '@stitchhouse/shared/ui/index.ts';
import { setImages, uploadImage } from '../../api/publishing.ts';
import { publicImageUrl } from '../shared/images.ts';
import { imageProblem, moveItem, splitCover } from './imageOrder.ts';
import * as styles from './ImageManager.module.css';

export interface ImageManagerProps {
  pattern: { id: string; storeId: string; title: string };
  /** Cover first, then the gallery, in display order. */
  paths: string[];
  onChange(paths: string[]): void;
}

/** Cover and gallery photos: upload, reorder with buttons (keyboard friendly), remove. Saved at once. */
export function ImageManager({ pattern, paths, onChange }: ImageManagerProps) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'danger' | 'success'; text: string } | null>(null);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  async function save(next: string[], note: string) {
    setBusy(true);
    try {
      const { cover, gallery } = splitCover(next);
      await setImages(pattern.id, cover, gallery);
      onChange(next);
      setMessage({ tone: 'success', text: note });
    } catch (error) {
      setMessage({ tone: 'danger', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  async function add(files: FileList | null) {
    if (!files || files.length === 0) return;
    const chosen = [...files];
    const problem = chosen.map(imageProblem).find(Boolean);
    if (problem) {
      setMessage({ tone: 'danger', text: problem });
      return;
    }
    setBusy(true);
    try {
      const uploaded: string[] = [];
      for (const file of chosen) uploaded.push(await uploadImage(pattern, file));
      await save([...paths, ...uploaded], `${uploaded.length} photo${uploaded.length === 1 ? '' : 's'} added.`);
    } catch (error) {
      setMessage({ tone: 'danger', text: errorMessage(error) });
      setBusy(false);
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div>
      {paths.length === 0 ? <p>No photos yet. The first photo is the cover shown in the catalog.</p> : null}
      <ol className={styles.list} aria-label="Photos in display order">
        {paths.map((path, index) => {
          const label = index === 0 ? 'Cover' : `Photo ${index + 1}`;
          return (
            <li key={path} className={styles.item}>
              <img src={publicImageUrl(path)} alt={`${label} of ${pattern.title}`} />
              <p className={styles.caption}>{label}</p>
              <div className={styles.buttons}>
                <Button
                  size="small"
                  variant="secondary"
                  disabled={busy || index === 0}
                  onClick={() => void save(moveItem(paths, index, -1), `${label} moved up.`)}
                  aria-label={`Move ${label.toLowerCase()} up`}
                >
                  Move up
                </Button>
                <Button
                  size="small"
                  variant="secondary"
                  disabled={busy || index === paths.length - 1}
                  onClick={() => void save(moveItem(paths, index, 1), `${label} moved down.`)}
                  aria-label={`Move ${label.toLowerCase()} down`}
                >
                  Move down
                </Button>
                <Button
                  size="small"
                  variant="ghost"
                  disabled={busy}
                  onClick={() =>
                    void save(
                      paths.filter((p) => p !== path),
                      `${label} removed.`,
                    )
                  }
                  aria-label={`Remove ${label.toLowerCase()}`}
                >
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className={styles.upload}>
        <label htmlFor={inputId}>Add photos (JPEG, PNG or WebP, up to 10 MB each)</label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          disabled={busy}
          onChange={(e) => void add(e.currentTarget.files)}
        />
      </div>
      <div aria-live="polite">{message ? <Alert tone={message.tone}>{message.text}</Alert> : null}</div>
    </div>
  );
}
