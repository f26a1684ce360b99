import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
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
      <h2 id="purchases-title">{i18n._('payments.success.purchases')}</h2>
      <QueryState
        query={orders}
        loadingLabel={i18n._('payments.purchases.loading')}
        errorTitle={i18n._('payments.purchases.error')}
        empty={
          <EmptyState
            headingLevel={3}
            title={i18n._('payments.purchases.none')}
            actions={<LinkButton to={href('/patterns')}>{i18n._('payments.browse')}</LinkButton>}
          >
            {i18n._('payments.purchases.noneText')}
          </EmptyState>
        }
      >
        {(rows) => (
          <ul className={styles.list} aria-label={i18n._('payments.purchases.list')} ref={list}>
            {rows.map((order) => (
              <li key={order.id} className={styles.card} data-order-id={order.id} aria-current={order.id === wanted ? 'true' : undefined}>
                <div className={styles.row}>
                  <h3>{i18n._('payments.error.order', { number: order.number })}</h3>
                  <span className={styles.status} data-status={order.status}>
                    {ORDER_STATUS_LABEL[order.status] ? i18n._(ORDER_STATUS_LABEL[order.status]) : order.status}
                  </span>
                </div>
                <p className={styles.meta}>
                  {i18n._('payments.purchases.meta', {
                    day: formatDay(order.paid_at ?? order.created_at),
                    total: formatAmount(order.total_cents, order.currency),
                    vat: order.vat_cents ? formatAmount(order.vat_cents, order.currency) : '',
                    hasVat: order.vat_cents ? 'yes' : 'no',
                    discount: order.discount_cents ? formatAmount(order.discount_cents, order.currency) : '',
                    hasDiscount: order.discount_cents ? 'yes' : 'no',
                  })}
                </p>
                {order.receipt_sent_at && order.buyer_email ? (
                  <p className={styles.meta}>{i18n._('payments.purchases.receipt', { email: order.buyer_email, day: formatDay(order.receipt_sent_at) })}</p>
                ) : null}
                <ul className={styles.items}>
                  {order.order_items.map((item) => (
                    <li key={item.id}>
                      {i18n._('payments.purchases.item', {
                        title: item.title ?? i18n._('payments.success.pattern'),
                        print: item.kind === 'wholesale_print' ? 'yes' : 'no',
                        count: item.quantity,
                        refund: item.refunded_at || order.status === 'refunded' ? 'refunded' : item.refund_requested_at ? 'pending' : 'none',
                      })}
                      {item.kind === 'digital' && !item.refunded_at && ['paid', 'partially_refunded'].includes(order.status) ? (
                        <>
                          {' '}
                          ·{' '}
                          <Link
                            to={href('/download/:productId', { productId: item.pattern_id })}
                            aria-label={item.title ? i18n._('payments.success.downloadLabel', { title: item.title }) : i18n._('payments.success.downloadThe')}
                          >
                            {i18n._('payments.success.download')}
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
