import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react';
import { describeError } from '@stitchhouse/shared';
import { readSalesCsv } from '@stitchhouse/shared/pos/csv.ts';
import { CSV_COLUMNS, csvSaleRowSchema, judgeLines, patternIdsOf, sayReasons, type LineVerdict } from '@stitchhouse/shared/pos/sales.ts';
import type { Currency } from '@stitchhouse/shared/money.ts';
import { money } from '../shared/format.ts';
import { Alert, Button, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { importSales, patternFactsFor, type ImportResult } from '../../api/pointOfSale.ts';
import * as styles from './pointOfSale.module.css';

interface Preview {
  fileName: string;
  rows: Record<string, string>[];
  verdicts: LineVerdict[];
}

/** The CSV's own column name (the same in every language). */
const EXTERNAL_ID = 'external_id';

/** The template's download link; its words come from the catalog message around it. */
function TemplateLink({ children }: { children?: ReactNode }) {
  return (
    <a href={`data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`} download="in-shop-sales-template.csv">
      {children}
    </a>
  );
}

const TEMPLATE = `${CSV_COLUMNS.join(',')}\r\nreceipt-2001-1,PATTERN_ID_FROM_YOUR_FEED,1,18.00,,2026-11-20\r\n`;

/**
 * CSV upload for shops without a till: choose a file, see every row checked with the same rules
 * the server applies (shared/src/pos/sales.ts), each bad row with its reason, then import the good
 * ones. The server judges every row again; a row imported before is reported, never added twice.
 */
export function SalesUpload({ storeId, currency, onImported }: { storeId: string; currency: Currency; onImported?: () => void }) {
  const { i18n } = useLingui();
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
      setProblem(i18n._('partners.upload.tooLarge'));
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
          return {
            line: v.line,
            external_id: v.external_id,
            status: 'rejected',
            reason: server.reason ? sayReasons(server.reason) : i18n._('partners.upload.notImported'),
          };
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
      <h2 id="pos-upload">{i18n._('partners.upload.title')}</h2>
      <p>
        <Trans
          id="partners.upload.how"
          values={{ columns: CSV_COLUMNS.join(', '), price: '18.00', currency, day: '2026-11-20' }}
          components={{
            0: <code className={styles.code} />,
            1: <TemplateLink />,
          }}
        />
      </p>
      <div className={styles.fileInput}>
        <label htmlFor={inputId}>{i18n._('partners.upload.file')}</label>
        <input id={inputId} type="file" accept=".csv,text/csv" onChange={(e) => void choose(e)} disabled={checking || importing} />
      </div>
      {checking ? <Spinner label={i18n._('partners.upload.checking')} showLabel /> : null}
      <div ref={summaryRef} tabIndex={-1} className={styles.notice} data-testid="upload-summary">
        {problem ? (
          <Alert tone="danger" title={i18n._('partners.upload.unusable')}>
            {problem}
          </Alert>
        ) : null}
        {result ? (
          <Alert tone={result.accepted > 0 ? 'success' : 'info'} title={i18n._('partners.upload.done')}>
            {i18n._('partners.upload.done.body', { accepted: result.accepted, duplicate: result.duplicate, rejected: result.rejected })}
          </Alert>
        ) : preview ? (
          <Alert tone={bad > 0 ? 'warning' : 'info'} title={i18n._('partners.upload.checked', { file: preview.fileName, count: preview.verdicts.length })}>
            {i18n._('partners.upload.checked.body', { good, bad })}
          </Alert>
        ) : null}
      </div>
      {preview && !result ? (
        <div className={styles.actions}>
          <Button onClick={() => void runImport()} busy={importing} disabled={good === 0}>
            {i18n._('partners.upload.import', { count: good })}
          </Button>
        </div>
      ) : null}
      {preview ? (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="upload-preview">
            <caption className={styles.caption}>{i18n._('partners.upload.rows', { file: preview.fileName })}</caption>
            <thead>
              <tr>
                <th scope="col" className={styles.number}>
                  {i18n._('partners.upload.row')}
                </th>
                <th scope="col">{EXTERNAL_ID}</th>
                <th scope="col">{i18n._('partners.report.term.pattern')}</th>
                <th scope="col" className={styles.number}>
                  {i18n._('partners.upload.qty')}
                </th>
                <th scope="col" className={styles.number}>
                  {i18n._('partners.kit.price')}
                </th>
                <th scope="col">{i18n._('partners.upload.sold')}</th>
                <th scope="col">{i18n._('partners.upload.check')}</th>
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
                    <td className={styles.number}>{v.status === 'accepted' ? money(v.sale.unit_price_cents, v.sale.currency ?? currency) : row.unit_price}</td>
                    <td>{row.sold_at}</td>
                    <td className={v.status === 'accepted' ? styles.good : styles.bad}>
                      {v.status === 'accepted' ? i18n._('partners.upload.ok') : i18n._('partners.upload.problem', { reason: v.reason })}
                    </td>
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
