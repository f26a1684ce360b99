import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { Button } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './FiltersDrawer.module.css';

export interface FiltersDrawerProps {
  /** Active filters, "fits me" included: the button reads "Filters (n)". */
  active: number;
  /** What the results button says, e.g. "Show 24 patterns". */
  showLabel: string;
  children: ReactNode;
}

/**
 * On phones the filters and "fits me" wait behind a "Filters (n)" button so the results come
 * first. A modal <dialog>: the browser makes the page behind it inert (focus stays inside),
 * Escape closes it, and focus goes back to the button. Changes apply at once; the results
 * button only closes the sheet.
 */
export function FiltersDrawer({ active, showLabel, children }: FiltersDrawerProps) {
  const { i18n } = useLingui();
  const label = active > 0 ? i18n._('catalog.browse.filtersCount', { count: active }) : i18n._('catalog.browse.filters');
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) node.showModal();
    if (!open && node.open) node.close();
  }, [open]);

  useEffect(() => {
    // A click on the backdrop (the dialog box itself, outside its content) closes it, as Escape and
    // Close do from the keyboard.
    const node = dialog.current;
    const onClick = (event: MouseEvent) => {
      if (event.target === node) setOpen(false);
    };
    node?.addEventListener('click', onClick);
    return () => node?.removeEventListener('click', onClick);
  }, []);

  useEffect(() => {
    // The page leaving while the sheet is open (a link inside it) must not leave the page inert.
    const node = dialog.current;
    return () => node?.close();
  }, []);

  function onClose() {
    setOpen(false);
    opener.current?.focus();
  }

  return (
    <>
      <Button ref={opener} variant="secondary" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)} data-testid="filters-button">
        {label}
      </Button>
      <dialog ref={dialog} className={styles.sheet} aria-labelledby="filters-sheet-heading" onClose={onClose}>
        <div className={styles.content}>
          <div className={styles.top}>
            <h2 id="filters-sheet-heading" className={styles.heading}>
              {label}
            </h2>
            <Button variant="ghost" size="small" onClick={() => setOpen(false)}>
              {i18n._('catalog.common.close')}
            </Button>
          </div>
          {open ? children : null}
          <div className={styles.bottom}>
            <Button onClick={() => setOpen(false)}>{showLabel}</Button>
          </div>
        </div>
      </dialog>
    </>
  );
}
