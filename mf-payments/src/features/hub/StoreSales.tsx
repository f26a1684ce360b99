import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useLive } from '@stitchhouse/shared/query/live.ts';
import { Alert, Button, EmptyState, QueryState } from '@stitchhouse/shared/ui/index.ts';
import { orderKeys, storeSales, type SaleItem } from '../../api/orders.ts';
import { ORDER_STATUS_LABEL } from './labels.ts';
import { formatAmount, formatDay } from '@stitchhouse/shared/money.ts';
import { RefundDialog, type RefundTarget } from './RefundDialog.tsx';
import * as styles from '../shared/Hub.module.css';

const REFRESH_WHILE_PENDING_MS = 2000;

interface SaleOrder {
  id: string;
  number: number;
  status: SaleItem['order'] extends infer O ? (O extends { status: infer S } ? S : never) : never;
  /** the buyer's address when they opted in to sharing it, else their pseudonym ("Buyer 3F9A1C") */
  buyer: string | null;
  createdAt: string;
  currency: string;
  items: SaleItem[];
}

function byOrder(items: SaleItem[]): SaleOrder[] {
  const orders = new Map<string, SaleOrder>();
  for (const item of items) {
    const order = orders.get(item.order.id) ?? {
      id: item.order.id,
      number: item.order.number,
      status: item.order.status,
      buyer: item.order.buyer_email ?? item.order.customer,
      createdAt: item.order.created_at,
      currency: item.order.currency,
      items: [],
    };
    order.items.push(item);
    orders.set(order.id, order);
  }
  return [...orders.values()];
}

const lineAmount = (item: SaleItem) => item.unit_price_cents * item.quantity - (item.discount_cents ?? 0);
const isRefunded = (order: SaleOrder, item: SaleItem) => !!item.refunded_at || order.status === 'refunded';

/**
 * Recent sales of the person's stores with Refund (one line or the whole order). A refund
 * shows "refund pending" until the provider's charge.refunded webhook has landed.
 */
export function StoreSales({ storeIds }: { storeIds: string[] }) {
  const { i18n } = useLingui();
  const sales = useQuery({ queryKey: orderKeys.sales(storeIds), queryFn: ({ signal }) => storeSales(storeIds, signal) });
  const [target, setTarget] = useState<RefundTarget | null>(null);
  const [pending, setPending] = useState<Set<string>>(new Set());
  const [done, setDone] = useState<string | null>(null);
  const [newSales, setNewSales] = useState(0);

  const orders = sales.data ? byOrder(sales.data) : [];
  const stillPending = [
    ...[...pending].filter((key) => {
      const [orderId, itemId] = key.split(':');
      const order = orders.find((o) => o.id === orderId);
      if (!order) return true;
      return itemId
        ? !isRefunded(
            order,
            order.items.find((i) => i.id === itemId)!,
          )
        : order.status !== 'refunded';
    }),
    // Refunds asked for earlier (another tab, before a reload) whose confirmation has not landed yet.
    ...orders.flatMap((order) => order.items.filter((item) => item.refund_requested_at && !isRefunded(order, item)).map((item) => `${order.id}:${item.id}`)),
  ];

  const { isFetching, refetch } = sales;
  useEffect(() => {
    if (stillPending.length === 0 || isFetching) return;
    const timer = setTimeout(() => void refetch(), REFRESH_WHILE_PENDING_MS);
    return () => clearTimeout(timer);
  }, [stillPending.length, isFetching, sales.data, refetch]);

  const isPending = (order: SaleOrder, item: SaleItem | null) =>
    stillPending.includes(`${order.id}:${item?.id ?? ''}`) || (item !== null && stillPending.includes(`${order.id}:`) && !isRefunded(order, item));

  return (
    <section className={styles.section} aria-labelledby="sales-title">
      <h2 id="sales-title">{i18n._('payments.sales.title')}</h2>
      {storeIds.map((id) => (
        <SaleNotices key={id} storeId={id} storeIds={storeIds} onSale={() => setNewSales((n) => n + 1)} />
      ))}
      <div role="status" aria-live="polite">
        {newSales > 0 ? <Alert tone="success">{i18n._('payments.sales.new', { count: newSales })}</Alert> : null}
      </div>
      {done ? <Alert tone="success">{done}</Alert> : null}
      <QueryState
        query={sales}
        loadingLabel={i18n._('payments.sales.loading')}
        errorTitle={i18n._('payments.sales.error')}
        keepDataOnError
        empty={
          <EmptyState headingLevel={3} title={i18n._('payments.sales.none')}>
            {i18n._('payments.sales.noneText')}
          </EmptyState>
        }
      >
        {() => (
          <ul className={styles.list} aria-label={i18n._('payments.sales.list')}>
            {orders.map((order) => {
              const open = order.items.filter((item) => !isRefunded(order, item));
              const orderAmount = formatAmount(
                open.reduce((sum, item) => sum + lineAmount(item), 0),
                order.currency,
              );
              return (
                <li key={order.id} className={styles.card} data-order-id={order.id}>
                  <div className={styles.row}>
                    <h3>{i18n._('payments.error.order', { number: order.number })}</h3>
                    <span className={styles.status} data-status={order.status}>
                      {ORDER_STATUS_LABEL[order.status] ? i18n._(ORDER_STATUS_LABEL[order.status]) : order.status}
                    </span>
                  </div>
                  <p className={styles.meta}>
                    {formatDay(order.createdAt)}
                    {order.buyer ? ` · ${order.buyer}` : ''}
                  </p>
                  <ul className={styles.items}>
                    {order.items.map((item) => (
                      <li key={item.id}>
                        {i18n._('payments.sales.line', {
                          title: item.title ?? i18n._('payments.success.pattern'),
                          print: item.kind === 'wholesale_print' ? 'yes' : 'no',
                          count: item.quantity,
                          amount: formatAmount(lineAmount(item), order.currency),
                        })}{' '}
                        {isRefunded(order, item) ? (
                          <span className={styles.status} data-status="refunded">
                            {i18n._('payments.status.refunded')}
                          </span>
                        ) : isPending(order, item) ? (
                          <span className={styles.status} data-status="pending_refund" role="status">
                            {i18n._('payments.sales.pending')}
                          </span>
                        ) : order.items.length > 1 ? (
                          <Button
                            size="small"
                            variant="ghost"
                            aria-label={
                              item.title
                                ? i18n._('payments.sales.refundLineLabel', { title: item.title, number: order.number })
                                : i18n._('payments.sales.refundThisLineLabel', { number: order.number })
                            }
                            onClick={() =>
                              setTarget({
                                orderId: order.id,
                                orderNumber: order.number,
                                itemId: item.id,
                                what: item.title ? i18n._('payments.sales.quoted', { title: item.title }) : i18n._('payments.sales.thisPattern'),
                                amount: formatAmount(lineAmount(item), order.currency),
                              })
                            }
                          >
                            {i18n._('payments.sales.refundLine')}
                          </Button>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                  {open.length > 0 && !isPending(order, null) && ['paid', 'partially_refunded'].includes(order.status) ? (
                    <div className={styles.actions}>
                      <Button
                        size="small"
                        variant="secondary"
                        aria-label={i18n._('payments.sales.refundOrderLabel', { number: order.number })}
                        onClick={() =>
                          setTarget({
                            orderId: order.id,
                            orderNumber: order.number,
                            itemId: null,
                            what: i18n._('payments.sales.orderWhat', { number: order.number }),
                            amount: orderAmount,
                          })
                        }
                      >
                        {open.length === order.items.length ? i18n._('payments.sales.refundOrder') : i18n._('payments.sales.refundRest')}
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      {target ? (
        <RefundDialog
          target={target}
          onClose={() => setTarget(null)}
          onRefunded={(t) => {
            setPending((was) => new Set(was).add(`${t.orderId}:${t.itemId ?? ''}`));
            setDone(i18n._('payments.sales.refundSent', { amount: t.amount }));
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * A store's sales as they happen: the database announces each paid order on the private channel
 * store-sales:<store> (only the store's owner may join it; the message names no buyer), and the
 * list reads again through store_sales.
 */
function SaleNotices({ storeId, storeIds, onSale }: { storeId: string; storeIds: string[]; onSale: () => void }) {
  useLive({ topic: `store-sales:${storeId}`, private: true, broadcast: ['sale'], invalidate: [orderKeys.sales(storeIds)], onEvent: onSale });
  return null;
}
