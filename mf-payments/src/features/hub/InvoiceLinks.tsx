import { useRef, useState } from 'react';
import { describeError } from '@stitchhouse/shared';
import { invoiceNumberLabel } from '@stitchhouse/shared/invoiceNumber.ts';
import { formatAmount, formatDay } from '@stitchhouse/shared/money.ts';
import { Alert, Button } from '@stitchhouse/shared/ui/index.ts';
import { fetchInvoicePdf, type InvoiceRef } from '../../api/invoices.ts';
import * as styles from '../shared/Hub.module.css';

/** An order's VAT invoice and credit notes, each downloaded as a PDF (the buyer's own, under RLS). */
export function InvoiceLinks({ orderId, documents }: { orderId: string; documents: readonly InvoiceRef[] }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const link = useRef<HTMLAnchorElement>(null);
  const sorted = [...documents].sort((a, b) => (a.kind === b.kind ? a.number - b.number : a.kind === 'invoice' ? -1 : 1));
  if (sorted.length === 0) return null;

  const download = async (doc: InvoiceRef) => {
    const label = invoiceNumberLabel(doc.kind, doc.number);
    setBusy(label);
    setError('');
    setDone('');
    try {
      const file = await fetchInvoicePdf(orderId, doc);
      const url = URL.createObjectURL(file.blob);
      const a = link.current!;
      a.href = url;
      a.download = file.fileName;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setDone(`${file.fileName} is downloaded.`);
    } catch (err) {
      setError(describeError(err).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={styles.actions} aria-label="Invoice and credit notes" role="group">
      {sorted.map((doc) => {
        const label = invoiceNumberLabel(doc.kind, doc.number);
        const text =
          doc.kind === 'invoice'
            ? `VAT invoice ${label} (PDF)`
            : `Credit note ${label}, ${formatAmount(-doc.gross_cents, doc.currency)} on ${formatDay(doc.issued_at)} (PDF)`;
        return (
          <Button key={label} size="small" variant="secondary" disabled={busy !== null} onClick={() => void download(doc)} data-invoice={label}>
            {busy === label ? `Preparing ${label}…` : text}
          </Button>
        );
      })}
      {/* the file's link, clicked for the person once the PDF has arrived */}
      <a ref={link} hidden aria-hidden="true" tabIndex={-1} href="#download">
        download
      </a>
      <p role="status" className={styles.meta}>
        {done}
      </p>
      {error ? (
        <Alert tone="danger" title="The PDF could not be downloaded">
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
