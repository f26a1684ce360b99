import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { Button, VisuallyHidden } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './PatternForm.module.css';

export interface Column<Row> {
  key: keyof Row & string;
  label: string;
  inputMode?: 'decimal' | 'text' | 'numeric';
}

export interface RowTableProps<Row> {
  caption: string;
  /** Button labels for one row, in the page's language: "Add size", "Remove size S". */
  addLabel: string;
  removeLabel(rowName: string): string;
  /** The error key prefix, e.g. "sizes" → "sizes.2.bust". */
  errorKey: string;
  columns: Column<Row>[];
  rows: Row[];
  errors: Record<string, string>;
  onChange(rows: Row[]): void;
  empty(): Row;
  rowName(row: Row, index: number): string;
  footer?: ReactNode;
}

/** An editable table of rows (size chart, yardage): each cell labelled for screen readers. */
export function RowTable<Row extends Record<string, string>>({
  caption,
  addLabel,
  removeLabel,
  errorKey,
  columns,
  rows,
  errors,
  onChange,
  empty,
  rowName,
  footer,
}: RowTableProps<Row>) {
  const { i18n } = useLingui();
  const set = (index: number, key: keyof Row, value: string) => onChange(rows.map((r, i) => (i === index ? { ...r, [key]: value } : r)));
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
            <th scope="col">
              <VisuallyHidden>{i18n._('catalog.publish.rows.actions')}</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {columns.map((c) => {
                const error = errors[`${errorKey}.${index}.${c.key}`];
                const id = `${errorKey}-${index}-${c.key}`;
                return (
                  <td key={c.key}>
                    <input
                      id={id}
                      className={styles.cell}
                      aria-label={i18n._('catalog.publish.rows.cell', { column: c.label, row: rowName(row, index) })}
                      inputMode={c.inputMode}
                      value={row[c.key]}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      onChange={(e) => set(index, c.key, e.currentTarget.value)}
                    />
                    {error ? (
                      <p id={`${id}-error`} className={styles.cellError}>
                        {error}
                      </p>
                    ) : null}
                  </td>
                );
              })}
              <td>
                <Button size="small" variant="ghost" onClick={() => onChange(rows.filter((_, i) => i !== index))} aria-label={removeLabel(rowName(row, index))}>
                  {i18n._('catalog.publish.photos.remove')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button size="small" variant="secondary" onClick={() => onChange([...rows, empty()])}>
        {addLabel}
      </Button>
      {footer}
    </div>
  );
}
