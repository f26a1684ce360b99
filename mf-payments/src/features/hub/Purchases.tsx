import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { href } from '@stitchhouse/shared';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, LinkButton, QueryState } from '@stitchhouse/shared/ui/index.ts';
import { myOrders, orderKeys } from '../../api/orders.ts';
import { InvoiceLinks } from './InvoiceLinks.tsx';
import { ORDER_STATUS_LABEL } from './labels.ts';
import { formatAmount, formatDay } from '@stitchhouse/shared/money.ts';
import * as styles from '../shared/Hub.module.css';

/**
 * The person's orders: what, when, VAT, status (refunds included), the downloads, and the VAT
 * invoice and credit notes as PDFs. /payment?order=<id> (the receipt's and the refund email's
 * link) brings that order into view with its invoice button focused.
 */
export function Purchases({ userId }: { userId: string }) {
  const orders = useQuery({ queryKey: orderKeys.mine(userId), queryFn: ({ signal }) => myOrders(userId, signal) });
  const [params] = useSearchParams();
  const wanted = params.get('order');
  const list = useRef<HTMLUListElement>(null);
  const loaded = orders.data !== undefined;
  useEffect(() => {
    if (!wanted || !loaded || !list.current) return;
    const card = [...list.current.querySelectorAll<HTMLElement>('[data-order-id]')].find((el) => el.dataset.orderId === wanted);
    if (!card) return;
    card.scrollIntoView({ block: 'center' });
    card.querySelector<HTMLButtonElement>('button[data-invoice]')?.focus({ preventScroll: true });
  }, [wanted, loaded]);
  return (
    <section className={styles.section} aria-labelledby="purchases-title">
      <h2 id="purchases-title">Purchases and receipts</h2>
      <QueryState
        query={orders}
        loadingLabel="Loading your purchases"
        errorTitle="Your purchases could not be loaded"
        empty={
          <EmptyState headingLevel={3} title="No purchases yet" actions={<LinkButton to={href('/patterns')}>Browse patterns</LinkButton>}>
            Patterns you buy are listed here with their receipts.
          </EmptyState>
        }
      >
        {(rows) => (
          <ul className={styles.list} aria-label="Your orders" ref={list}>
            {rows.map((order) => (
              <li key={order.id} className={styles.card} data-order-id={order.id} aria-current={order.id === wanted ? 'true' : undefined}>
                <div className={styles.row}>
                  <h3>Order {order.number}</h3>
                  <span className={styles.status} data-status={order.status}>
                    {ORDER_STATUS_LABEL[order.status] ?? order.status}
                  </span>
                </div>
                <p className={styles.meta}>
                  {formatDay(order.paid_at ?? order.created_at)} · {formatAmount(order.total_cents, order.currency)}
                  {order.vat_cents ? ` including ${formatAmount(order.vat_cents, order.currency)} VAT` : ''}
                  {order.discount_cents ? ` · discount ${formatAmount(order.discount_cents, order.currency)}` : ''}
                </p>
                {order.receipt_sent_at && order.buyer_email ? (
                  <p className={styles.meta}>
                    Receipt emailed to {order.buyer_email} on {formatDay(order.receipt_sent_at)}
                  </p>
                ) : null}
                <ul className={styles.items}>
                  {order.order_items.map((item) => (
                    <li key={item.id}>
                      {item.title ?? 'Pattern'}
                      {item.kind === 'wholesale_print' ? ` — ${item.quantity} printed copies` : ''}
                      {item.refunded_at || order.status === 'refunded' ? ' — refunded' : item.refund_requested_at ? ' — refund pending' : ''}
                      {item.kind === 'digital' && !item.refunded_at && ['paid', 'partially_refunded'].includes(order.status) ? (
                        <>
                          {' '}
                          ·{' '}
                          <Link to={href('/download/:productId', { productId: item.pattern_id })} aria-label={`Download ${item.title ?? 'the pattern'}`}>
                            Download
                          </Link>
                        </>
                      ) : null}
                    </li>
                  ))}
                </ul>
                <InvoiceLinks orderId={order.id} documents={order.invoices ?? []} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
