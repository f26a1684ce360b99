import { useId, useRef, useState, type ChangeEvent } from 'react';
import { describeError } from '@stitchhouse/shared';
import { readSalesCsv } from '@stitchhouse/shared/pos/csv.ts';
import { CSV_COLUMNS, csvSaleRowSchema, judgeLines, patternIdsOf, type LineVerdict } from '@stitchhouse/shared/pos/sales.ts';
import { formatMoney, type Currency } from '@stitchhouse/shared/money.ts';
import { Alert, Button, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { importSales, patternFactsFor, type ImportResult } from '../../api/pointOfSale.ts';
import * as styles from './pointOfSale.module.css';

interface Preview {
  fileName: string;
  rows: Record<string, string>[];
  verdicts: LineVerdict[];
}

const TEMPLATE = `${CSV_COLUMNS.join(',')}\r\nreceipt-2001-1,PATTERN_ID_FROM_YOUR_FEED,1,18.00,,2026-11-20\r\n`;

/**
 * CSV upload for shops without a till: choose a file, see every row checked with the same rules
 * the server applies (shared/src/pos/sales.ts), each bad row with its reason, then import the good
 * ones. The server judges every row again; a row imported before is reported, never added twice.
 */
export function SalesUpload({ storeId, currency, onImported }: { storeId: string; currency: Currency; onImported?: () => void }) {
  const inputId = useId();
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [importing, setImporting] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.focus());

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPreview(null);
    setResult(null);
    setProblem(null);
    if (!file) return;
    if (file.size > 2 * 1024 * 1024) {
      setProblem('This file is larger than 2 MB. Split it into smaller files (at most 5,000 sales each).');
      focusSummary();
      return;
    }
    setChecking(true);
    try {
      const read = readSalesCsv(await file.text());
      if (read.problem) {
        setProblem(read.problem);
      } else {
        const facts = await patternFactsFor(storeId, patternIdsOf(read.rows));
        setPreview({ fileName: file.name, rows: read.rows, verdicts: judgeLines(read.rows, csvSaleRowSchema, facts) });
      }
    } catch (err) {
      setProblem(describeError(err).message);
    } finally {
      setChecking(false);
      focusSummary();
    }
  };

  const runImport = async () => {
    if (!preview) return;
    setImporting(true);
    setProblem(null);
    try {
      const imported = await importSales(storeId, preview.rows);
      setResult(imported);
      if (imported.accepted > 0) onImported?.();
      // the server's verdict is the one that counts
      setPreview({
        ...preview,
        verdicts: preview.verdicts.map((v) => {
          const server = imported.results.find((r) => r.line === v.line);
          if (!server || server.status === 'accepted') return v;
          return { line: v.line, external_id: v.external_id, status: 'rejected', reason: server.reason ?? 'Not imported' };
        }),
      });
    } catch (err) {
      setProblem(describeError(err).message);
    } finally {
      setImporting(false);
      focusSummary();
    }
  };

  const good = preview?.verdicts.filter((v) => v.status === 'accepted').length ?? 0;
  const bad = (preview?.verdicts.length ?? 0) - good;

  return (
    <section className={styles.section} aria-labelledby="pos-upload" data-testid="sales-upload">
      <h2 id="pos-upload">Upload in-shop sales (CSV)</h2>
      <p>
        No till? Upload a CSV with a header row naming the columns <code className={styles.code}>{CSV_COLUMNS.join(', ')}</code>. Prices like{' '}
        <code className={styles.code}>18.00</code>; currency may be left empty ({currency}); dates like <code className={styles.code}>2026-11-20</code>.{' '}
        <a href={`data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`} download="in-shop-sales-template.csv">
          Download a template
        </a>
        .
      </p>
      <div className={styles.fileInput}>
        <label htmlFor={inputId}>Sales file (CSV)</label>
        <input id={inputId} type="file" accept=".csv,text/csv" onChange={(e) => void choose(e)} disabled={checking || importing} />
      </div>
      {checking ? <Spinner label="Checking the file…" showLabel /> : null}
      <div ref={summaryRef} tabIndex={-1} className={styles.notice} data-testid="upload-summary">
        {problem ? (
          <Alert tone="danger" title="The file could not be used">
            {problem}
          </Alert>
        ) : null}
        {result ? (
          <Alert tone={result.accepted > 0 ? 'success' : 'info'} title="Import finished">
            Imported {result.accepted} {result.accepted === 1 ? 'sale' : 'sales'}
            {result.duplicate > 0 ? `; ${result.duplicate} already imported before (not added again)` : ''}
            {result.rejected > 0 ? `; ${result.rejected} ${result.rejected === 1 ? 'row' : 'rows'} with problems skipped` : ''}.
          </Alert>
        ) : preview ? (
          <Alert tone={bad > 0 ? 'warning' : 'info'} title={`${preview.fileName}: ${preview.verdicts.length} rows checked`}>
            {good} ready to import{bad > 0 ? `, ${bad} with problems (marked below; they will not be imported)` : ''}.
          </Alert>
        ) : null}
      </div>
      {preview && !result ? (
        <div className={styles.actions}>
          <Button onClick={() => void runImport()} busy={importing} disabled={good === 0}>
            Import {good} good {good === 1 ? 'row' : 'rows'}
          </Button>
        </div>
      ) : null}
      {preview ? (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="upload-preview">
            <caption className={styles.caption}>Rows of {preview.fileName}</caption>
            <thead>
              <tr>
                <th scope="col" className={styles.number}>
                  Row
                </th>
                <th scope="col">external_id</th>
                <th scope="col">Pattern</th>
                <th scope="col" className={styles.number}>
                  Qty
                </th>
                <th scope="col" className={styles.number}>
                  Price
                </th>
                <th scope="col">Sold</th>
                <th scope="col">Check</th>
              </tr>
            </thead>
            <tbody>
              {preview.verdicts.map((v, i) => {
                const row = preview.rows[i] ?? {};
                return (
                  <tr key={v.line} data-status={v.status}>
                    <th scope="row" className={styles.number}>
                      {v.line}
                    </th>
                    <td>{row.external_id}</td>
                    <td>
                      <code className={styles.code}>{row.pattern_id}</code>
                    </td>
                    <td className={styles.number}>{row.quantity}</td>
                    <td className={styles.number}>
                      {v.status === 'accepted' ? formatMoney(v.sale.unit_price_cents, v.sale.currency ?? currency) : row.unit_price}
                    </td>
                    <td>{row.sold_at}</td>
                    <td className={v.status === 'accepted' ? styles.good : styles.bad}>{v.status === 'accepted' ? 'OK' : `Problem: ${v.reason}`}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
