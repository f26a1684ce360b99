import { Link, useSearchParams } from 'react-router';
import { href, useSession } from '@stitchhouse/shared';
import { BRAND_CONTACT } from '@stitchhouse/shared/brand.ts';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
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
      <PageHeading title={i18n._('payments.reason.unknown.title')}>{i18n._('payments.reason.unknown.title')}</PageHeading>
      {waiting ? (
        <div aria-busy="true" aria-label={i18n._('payments.error.loading')}>
          <Skeleton width="70%" />
          <Skeleton width="50%" />
        </div>
      ) : paid ? (
        <Alert
          tone="success"
          title={i18n._('payments.error.paidTitle')}
          actions={
            <LinkButton size="small" to={href('/payment/success', { order: orderId! })}>
              {i18n._('payments.error.download')}
            </LinkButton>
          }
        >
          {i18n._('payments.error.paidText')}
        </Alert>
      ) : (
        <Alert tone="danger" title={reason.title} actions={<LinkButton to={href('/payment/send')}>{i18n._('payments.tryAgain')}</LinkButton>}>
          <p data-reason={reason.code}>{reason.advice}</p>
          {order.data ? <p className={styles.meta}>{i18n._('payments.error.order', { number: order.data.number })}</p> : null}
        </Alert>
      )}
      <p className={styles.meta}>
        <Trans
          id="payments.error.help"
          values={{ email: BRAND_CONTACT.support, withOrder: orderId ? 'yes' : 'no' }}
          // eslint-disable-next-line jsx-a11y/anchor-has-content -- Trans puts the catalog's <0>…</0> text inside
          components={{ 0: <a href={`mailto:${BRAND_CONTACT.support}`} />, 1: <Link to={href('/payment')} /> }}
        />
      </p>
    </div>
  );
}
