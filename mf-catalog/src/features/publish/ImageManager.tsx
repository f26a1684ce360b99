import { useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { errorMessage } from '@stitchhouse/shared';
import { Alert, Button } from '@stitchhouse/shared/ui/index.ts';
import { setImages, uploadImage } from '../../api/publish.ts';
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
  const { i18n } = useLingui();
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
      await save([...paths, ...uploaded], i18n._('catalog.publish.photos.added', { count: uploaded.length }));
    } catch (error) {
      setMessage({ tone: 'danger', text: errorMessage(error) });
      setBusy(false);
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div>
      {paths.length === 0 ? <p>{i18n._('catalog.publish.photos.none')}</p> : null}
      <ol className={styles.list} aria-label={i18n._('catalog.publish.photos.order')}>
        {paths.map((path, index) => {
          const label = index === 0 ? i18n._('catalog.publish.photos.cover') : i18n._('catalog.publish.photos.photo', { number: index + 1 });
          const which = { cover: index === 0 ? 'yes' : 'no', number: index + 1 };
          return (
            <li key={path} className={styles.item}>
              <img src={publicImageUrl(path)} alt={i18n._('catalog.publish.photos.alt', { ...which, title: pattern.title })} />
              <p className={styles.caption}>{label}</p>
              <div className={styles.buttons}>
                <Button
                  size="small"
                  variant="secondary"
                  disabled={busy || index === 0}
                  onClick={() => void save(moveItem(paths, index, -1), i18n._('catalog.publish.photos.movedUp', which))}
                  aria-label={i18n._('catalog.publish.photos.moveUpLabel', which)}
                >
                  {i18n._('catalog.publish.photos.moveUp')}
                </Button>
                <Button
                  size="small"
                  variant="secondary"
                  disabled={busy || index === paths.length - 1}
                  onClick={() => void save(moveItem(paths, index, 1), i18n._('catalog.publish.photos.movedDown', which))}
                  aria-label={i18n._('catalog.publish.photos.moveDownLabel', which)}
                >
                  {i18n._('catalog.publish.photos.moveDown')}
                </Button>
                <Button
                  size="small"
                  variant="ghost"
                  disabled={busy}
                  onClick={() =>
                    void save(
                      paths.filter((p) => p !== path),
                      i18n._('catalog.publish.photos.removed', which),
                    )
                  }
                  aria-label={i18n._('catalog.publish.photos.removeLabel', which)}
                >
                  {i18n._('catalog.publish.photos.remove')}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className={styles.upload}>
        <label htmlFor={inputId}>{i18n._('catalog.publish.photos.add')}</label>
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
