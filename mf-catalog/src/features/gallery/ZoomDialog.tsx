import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useLingui } from '@lingui/react';
import { photoIndexForKey, type GalleryPhoto } from './photos.ts';
import * as styles from './ZoomDialog.module.css';

export interface ZoomDialogProps {
  photos: readonly GalleryPhoto[];
  /** The photo shown, or null when closed. */
  index: number | null;
  onIndex(index: number): void;
  onClose(): void;
}

/**
 * The large photo in a modal <dialog> (page behind inert, Escape closes, focus returns to the
 * photo that opened it). A click or tap on the photo zooms to its full size around that point
 * and pans by scrolling; touch screens keep the browser's pinch zoom. Arrow keys change photo.
 */
export function ZoomDialog({ photos, index, onIndex, onClose }: ZoomDialogProps) {
  const { i18n } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [magnified, setMagnified] = useState(false);
  const open = index !== null;
  const photo = index === null ? null : photos[index];

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) {
      opener.current = document.activeElement;
      node.showModal();
      // The dialog opens with the focus on Close.
      closeButton.current?.focus();
    }
    if (!open && node.open) node.close();
  }, [open]);

  useEffect(() => setMagnified(false), [index]);

  function toggleZoom(event: MouseEvent<HTMLButtonElement>) {
    const box = frame.current;
    const img = event.currentTarget.querySelector('img');
    if (!box || !img) return;
    if (magnified) {
      setMagnified(false);
      return;
    }
    // Keep the point clicked under the pointer once the photo is at its full size.
    const rect = img.getBoundingClientRect();
    const fx = (event.clientX - rect.left) / rect.width;
    const fy = (event.clientY - rect.top) / rect.height;
    setMagnified(true);
    requestAnimationFrame(() => {
      box.scrollLeft = fx * box.scrollWidth - box.clientWidth / 2;
      box.scrollTop = fy * box.scrollHeight - box.clientHeight / 2;
    });
  }

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-label={photo ? photo.alt : i18n._('catalog.common.gallery.photo')}
      data-testid="gallery-zoom"
      onClose={() => {
        onClose();
        if (opener.current instanceof HTMLElement) opener.current.focus();
      }}
      onKeyDown={(event) => {
        if (index === null) return;
        const next = photoIndexForKey(event.key, index, photos.length);
        if (next === null || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
        event.preventDefault();
        onIndex(next);
      }}
    >
      {photo ? (
        <div className={styles.layout}>
          <div className={styles.bar}>
            <p className={styles.counter}>
              {photos.length > 1 ? i18n._('catalog.common.gallery.position', { n: index! + 1, count: photos.length }) : photo.alt}
            </p>
            <button ref={closeButton} type="button" className={styles.close} onClick={() => dialog.current?.close()}>
              {i18n._('catalog.common.close')}
            </button>
          </div>
          <div ref={frame} className={magnified ? `${styles.frame} ${styles.magnified}` : styles.frame}>
            <button
              type="button"
              className={styles.zoom}
              onClick={toggleZoom}
              aria-pressed={magnified}
              data-testid="gallery-zoom-toggle"
              aria-label={magnified ? i18n._('catalog.common.gallery.zoomOut') : i18n._('catalog.common.gallery.zoomIn')}
            >
              <img src={photo.src} alt={photo.alt} data-testid="gallery-zoom-image" />
            </button>
          </div>
          {photo.caption ? <p className={styles.caption}>{photo.caption}</p> : null}
          {photos.length > 1 ? (
            <div className={styles.steps}>
              <button type="button" onClick={() => onIndex((index! - 1 + photos.length) % photos.length)}>
                {i18n._('catalog.common.gallery.previous')}
              </button>
              <button type="button" onClick={() => onIndex((index! + 1) % photos.length)}>
                {i18n._('catalog.common.gallery.next')}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
