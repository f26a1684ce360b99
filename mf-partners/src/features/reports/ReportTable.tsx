import { useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import { sortRows, type Column, type ReportRow } from './definitions.ts';
import { cellText } from './format.ts';
import * as styles from './reports.module.css';

export interface ReportTableProps {
  caption: string;
  columns: Column[];
  rows: ReportRow[];
  initialSort: { key: string; direction: 'ascending' | 'descending' };
}

/** The report's rows; each column header is a button that sorts (aria-sort says how). */
export function ReportTable({ caption, columns, rows, initialSort }: ReportTableProps) {
  const { i18n } = useLingui();
  const [sort, setSort] = useState(initialSort);
  const sorted = useMemo(() => {
    const column = columns.find((c) => c.key === sort.key) ?? columns[0]!;
    return sortRows(rows, column, sort.direction);
  }, [rows, columns, sort]);
  const toggle = (key: string) =>
    setSort((s) => (s.key === key ? { key, direction: s.direction === 'ascending' ? 'descending' : 'ascending' } : { key, direction: 'ascending' }));
  return (
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={caption}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                aria-sort={sort.key === c.key ? sort.direction : 'none'}
                className={c.kind === 'money' || c.kind === 'count' || c.kind === 'ratio' ? styles.numeric : undefined}
              >
                <button type="button" className={styles.sortButton} onClick={() => toggle(c.key)}>
                  {i18n._(c.label)}
                  <span aria-hidden="true">{sort.key === c.key ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ' ↕'}</span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c.key} className={c.kind === 'money' || c.kind === 'count' || c.kind === 'ratio' ? styles.numeric : undefined}>
                  {cellText(c, row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
