import { useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { describeError } from '@stitchhouse/shared';
import { invoiceNumberLabel } from '@stitchhouse/shared/invoiceNumber.ts';
import { formatAmount, formatDay } from '@stitchhouse/shared/money.ts';
import { Alert, Button } from '@stitchhouse/shared/ui/index.ts';
import { fetchInvoicePdf, type InvoiceRef } from '../../api/invoices.ts';
import * as styles from '../shared/Hub.module.css';

/** An order's VAT invoice and credit notes, each downloaded as a PDF (the buyer's own, under RLS). */
export function InvoiceLinks({ orderId, documents }: { orderId: string; documents: readonly InvoiceRef[] }) {
  const { i18n } = useLingui();
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
      setDone(i18n._('payments.invoice.downloaded', { file: file.fileName }));
    } catch (err) {
      setError(describeError(err).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={styles.actions} aria-label={i18n._('payments.invoice.group')} role="group">
      {sorted.map((doc) => {
        const label = invoiceNumberLabel(doc.kind, doc.number);
        const text =
          doc.kind === 'invoice'
            ? i18n._('payments.invoice.invoice', { label })
            : i18n._('payments.invoice.credit', { label, amount: formatAmount(-doc.gross_cents, doc.currency), day: formatDay(doc.issued_at) });
        return (
          <Button key={label} size="small" variant="secondary" disabled={busy !== null} onClick={() => void download(doc)} data-invoice={label}>
            {busy === label ? i18n._('payments.invoice.preparing', { label }) : text}
          </Button>
        );
      })}
      {/* the file's link, clicked for the person once the PDF has arrived */}
      <a ref={link} hidden aria-hidden="true" tabIndex={-1} href="#download">
        {i18n._('payments.success.download')}
      </a>
      <p role="status" className={styles.meta}>
        {done}
      </p>
      {error ? (
        <Alert tone="danger" title={i18n._('payments.invoice.failed')}>
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
