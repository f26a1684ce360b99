import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { QueryState } from '@stitchhouse/shared/ui/index.ts';
import { myTransfers, payoutKeys } from '../../api/payouts.ts';
import { formatAmount, formatDay } from '@stitchhouse/shared/money.ts';
import * as styles from '../shared/Hub.module.css';

/** Catalog ids of each transfer status. */
const STATUS = { held: /*i18n*/ 'payments.transfer.held', paid: /*i18n*/ 'payments.transfer.paid', reversed: /*i18n*/ 'payments.transfer.reversed' } as const;

/** Each sale's share for the person: held until payouts are enabled, paid, or reversed by a refund. */
export function Transfers({ userId }: { userId: string }) {
  const { i18n } = useLingui();
  const transfers = useQuery({ queryKey: payoutKeys.transfers(userId), queryFn: ({ signal }) => myTransfers(userId, signal) });
  return (
    <QueryState
      query={transfers}
      loadingLabel={i18n._('payments.transfer.loading')}
      rows={2}
      errorTitle={i18n._('payments.transfer.error')}
      empty={<p className={styles.meta}>{i18n._('payments.transfer.none')}</p>}
    >
      {(rows) => (
        <table className={styles.table}>
          <caption className={styles.meta}>{i18n._('payments.transfer.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n._('payments.transfer.date')}</th>
              <th scope="col">{i18n._('payments.transfer.sale')}</th>
              <th scope="col" className={styles.num}>
                {i18n._('payments.transfer.amount')}
              </th>
              <th scope="col">{i18n._('payments.discount.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((t) => (
              <tr key={t.id}>
                <td>{formatDay(t.paid_at ?? t.created_at)}</td>
                <td>
                  {t.order_item?.order_number
                    ? i18n._('payments.transfer.saleOf', { title: t.order_item.title ?? i18n._('payments.success.pattern'), number: t.order_item.order_number })
                    : (t.order_item?.title ?? i18n._('payments.success.pattern'))}
                </td>
                <td className={styles.num}>{formatAmount(t.amount_cents, t.currency)}</td>
                <td>
                  <span className={styles.status} data-status={t.status === 'paid' ? 'paid' : t.status === 'reversed' ? 'refunded' : 'pending'}>
                    {STATUS[t.status] ? i18n._(STATUS[t.status]) : t.status}
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
