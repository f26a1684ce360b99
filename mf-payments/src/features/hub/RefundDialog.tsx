import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { REFUND_REASON_CODES } from '@stitchhouse/shared/contracts/refund.ts';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import * as z from '@stitchhouse/shared/zod.ts';
import { Alert, Button, Select } from '@stitchhouse/shared/ui/index.ts';
import { PaymentProblem } from '../../api/functions.ts';
import { REFUND_REASONS, refundOrder } from '../../api/refunds.ts';
import * as styles from '../shared/Hub.module.css';

export interface RefundTarget {
  orderId: string;
  orderNumber: number;
  /** null = every line of the order. */
  itemId: string | null;
  what: string;
  amount: string;
}

const refundFormSchema = z.object({ reason: z.enum(REFUND_REASON_CODES) });

/**
 * Confirm a refund (a native modal dialog: focus moves in, Escape cancels, focus returns).
 * The money goes back at once; the buyer loses the download when the provider confirms.
 */
export function RefundDialog({ target, onClose, onRefunded }: { target: RefundTarget; onClose(): void; onRefunded(target: RefundTarget): void }) {
  const { i18n } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const form = useZodForm(refundFormSchema, { reason: 'requested_by_customer' });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const submit = form.onSubmit(async ({ reason }) => {
    setError(null);
    try {
      await refundOrder(target.orderId, target.itemId, reason);
      onRefunded(target);
      onClose();
    } catch (caught) {
      setError(caught instanceof PaymentProblem ? caught.message : i18n._('payments.refund.failedText'));
    }
  });

  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby="refund-title" onClose={onClose}>
      <form className={styles.form} onSubmit={submit}>
        <h2 id="refund-title">{i18n._('payments.refund.title', { what: target.what })}</h2>
        <p>{i18n._('payments.refund.text', { amount: target.amount, number: target.orderNumber, scope: target.itemId ? 'line' : 'order' })}</p>
        <Select
          label={i18n._('payments.refund.reason')}
          hint={i18n._('payments.refund.reasonHint')}
          {...form.field('reason')}
          options={Object.entries(REFUND_REASONS).map(([value, label]) => ({ value, label: i18n._(label) }))}
        />
        {error ? (
          <Alert tone="danger" title={i18n._('payments.refund.failed')}>
            {error}
          </Alert>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" variant="danger" busy={form.busy} busyLabel={i18n._('payments.refund.busy')}>
            {i18n._('payments.refund.submit', { amount: target.amount })}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={form.busy}>
            {i18n._('payments.cancel')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
