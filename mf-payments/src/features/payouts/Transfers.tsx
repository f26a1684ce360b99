import { errorMessage } from '@stitchhouse/shared';
import { useAsync } from '@stitchhouse/shared/useAsync.ts';
import { Alert, Button } from '@stitchhouse/shared/ui/index.ts';
import { myTransfers } from '../../api/payouts.ts';
import { ListSkeleton } from '../shared/ListSkeleton.tsx';
import { formatAmount, formatDay } from '@stitchhouse/shared/money.ts';
import * as styles from '../shared/Hub.module.css';

const STATUS = { held: 'Held', paid: 'Paid out', reversed: 'Reversed (refund)' } as const;

/** Each sale's share for the person: held until payouts are enabled, paid, or reversed by a refund. */
export function Transfers({ userId }: { userId: string }) {
  const transfers = useAsync(`transfers:${userId}`, (signal) => myTransfers(userId, signal));
  if (transfers.status === 'loading' && !transfers.data) return <ListSkeleton label="Loading your transfers" rows={2} />;
  if (transfers.status === 'error' || !transfers.data) {
    return <Alert tone="danger" title="Your transfers could not be loaded" actions={<Button size="small" onClick={transfers.retry}>Try again</Button>}>{errorMessage(transfers.error)}</Alert>;
  }
  if (transfers.data.length === 0) return <p className={styles.meta}>No transfers yet. Each paid sale of your patterns adds one.</p>;
  return (
    <table className={styles.table}>
      <caption className={styles.meta}>Your share of each sale</caption>
      <thead>
        <tr><th scope="col">Date</th><th scope="col">Sale</th><th scope="col" className={styles.num}>Amount</th><th scope="col">Status</th></tr>
      </thead>
      <tbody>
        {transfers.data.map((t) => (
          <tr key={t.id}>
            <td>{formatDay(t.paid_at ?? t.created_at)}</td>
            <td>{t.order_item?.title ?? 'Pattern'}{t.order_item?.order_number ? ` (order ${t.order_item.order_number})` : ''}</td>
            <td className={styles.num}>{formatAmount(t.amount_cents, t.currency)}</td>
            <td><span className={styles.status} data-status={t.status === 'paid' ? 'paid' : t.status === 'reversed' ? 'refunded' : 'pending'}>{STATUS[t.status] ?? t.status}</span></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
