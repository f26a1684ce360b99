import { Link, useSearchParams } from 'react-router';
import { href, useSession } from '@stitchhouse/shared';
import { BRAND_CONTACT } from '@stitchhouse/shared/brand.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, LinkButton, PageHeading, Skeleton } from '@stitchhouse/shared/ui/index.ts';
import { cancelCheckout } from '../api/checkout.ts';
import { getOrder, orderKeys } from '../api/orders.ts';
import { failureReason } from '../features/outcome/reasons.ts';
import * as styles from '../features/outcome/Outcome.module.css';

/**
 * /payment/error?order=…&reason=…: why the payment did not go through, Retry (back to the
 * checkout; the cart was never emptied) and where to get help.
 */
export default function PaymentError() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const reasonParam = params.get('reason');
  const { session, loading } = useSession();
  const order = useQuery({
    queryKey: [...orderKeys.one(orderId ?? '', session?.user.id ?? ''), reasonParam],
    enabled: !!orderId && !!session,
    queryFn: async ({ signal }) => {
      if (!orderId) return null;
      // back from the payment page without paying: close that checkout (releasing its discount code);
      // the reason is shown whatever the answer
      if (reasonParam === 'cancelled') await cancelCheckout(orderId).catch(() => undefined);
      return getOrder(orderId, signal);
    },
  });
  const waiting = !!orderId && (loading || (!!session && order.isPending));
  const paid = order.data && ['paid', 'partially_refunded'].includes(order.data.status);
  const reason = failureReason(order.data ?? null, reasonParam);

  return (
    <div className={styles.layout}>
      <PageHeading title="The payment did not go through">The payment did not go through</PageHeading>
      {waiting ? (
        <div aria-busy="true" aria-label="Loading the reason">
          <Skeleton width="70%" />
          <Skeleton width="50%" />
        </div>
      ) : paid ? (
        <Alert
          tone="success"
          title="Good news: this order was paid after all"
          actions={
            <LinkButton size="small" to={href('/payment/success', { order: orderId! })}>
              Download your patterns
            </LinkButton>
          }
        >
          The payment was confirmed after you left the payment page.
        </Alert>
      ) : (
        <Alert tone="danger" title={reason.title} actions={<LinkButton to={href('/payment/send')}>Try again</LinkButton>}>
          <p data-reason={reason.code}>{reason.advice}</p>
          {order.data ? <p className={styles.meta}>Order {order.data.number}</p> : null}
        </Alert>
      )}
      <p className={styles.meta}>
        Your cart is kept in this browser. Need help? Write to <a href={`mailto:${BRAND_CONTACT.support}`}>{BRAND_CONTACT.support}</a>
        {orderId ? ' with the order number' : ''}, or see <Link to={href('/payment')}>your purchases</Link>.
      </p>
    </div>
  );
}
