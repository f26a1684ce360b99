import { useQuery } from '@tanstack/react-query';
import { QueryState } from '@stitchhouse/shared/ui/index.ts';
import { myTransfers, payoutKeys } from '../../api/payouts.ts';
import { formatAmount, formatDay } from '@stitchhouse/shared/money.ts';
import * as styles from '../shared/Hub.module.css';

const STATUS = { held: 'Held', paid: 'Paid out', reversed: 'Reversed (refund)' } as const;

/** Each sale's share for the person: held until payouts are enabled, paid, or reversed by a refund. */
export function Transfers({ userId }: { userId: string }) {
  const transfers = useQuery({ queryKey: payoutKeys.transfers(userId), queryFn: ({ signal }) => myTransfers(userId, signal) });
  return (
    <QueryState
      query={transfers}
      loadingLabel="Loading your transfers"
      rows={2}
      errorTitle="Your transfers could not be loaded"
      empty={<p className={styles.meta}>No transfers yet. Each paid sale of your patterns adds one.</p>}
    >
      {(rows) => (
        <table className={styles.table}>
          <caption className={styles.meta}>Your share of each sale</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Sale</th>
              <th scope="col" className={styles.num}>
                Amount
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((t) => (
              <tr key={t.id}>
                <td>{formatDay(t.paid_at ?? t.created_at)}</td>
                <td>
                  {t.order_item?.title ?? 'Pattern'}
                  {t.order_item?.order_number ? ` (order ${t.order_item.order_number})` : ''}
                </td>
                <td className={styles.num}>{formatAmount(t.amount_cents, t.currency)}</td>
                <td>
                  <span className={styles.status} data-status={t.status === 'paid' ? 'paid' : t.status === 'reversed' ? 'refunded' : 'pending'}>
                    {STATUS[t.status] ?? t.status}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </QueryState>
  );
}
