import { useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { describeError, href, useSession } from '@stitchhouse/shared';
import { signInHref } from '@stitchhouse/shared/auth/next.ts';
import { pageCart, useCart } from '@stitchhouse/shared/cart/index.ts';
import { Alert, Button, LinkButton, PageHeading, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { SaveGuestPurchases } from '../features/guest/SaveGuestPurchases.tsx';
import { rememberedGuestEmail } from '../features/guest/guestEmail.ts';
import { formatAmount } from '@stitchhouse/shared/money.ts';
import { useOrderConfirmation } from '../features/outcome/useOrderConfirmation.ts';
import * as styles from '../features/outcome/Outcome.module.css';

/**
 * /payment/success?order=…: the provider sent the buyer back. The order is read until the
 * verified webhook has marked it paid (the redirect itself proves nothing), then the
 * downloads appear and the bought lines leave the cart.
 */
export default function PaymentSuccess() {
  const { i18n } = useLingui();
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const { session, loading } = useSession();
  const confirmation = useOrderConfirmation(orderId, !!session);
  const paidOrder = confirmation.phase === 'settled' && ['paid', 'partially_refunded'].includes(confirmation.order.status) ? confirmation.order : null;
  // What is left in the cart once the paid lines are gone (another currency's, or added since).
  const cartLines = useCart();
  const leftInCart = paidOrder
    ? cartLines.filter((line) => !paidOrder.order_items.some((item) => item.pattern_id === line.patternId && item.kind === line.kind))
    : cartLines;

  useEffect(() => {
    if (!paidOrder) return;
    const cart = pageCart();
    for (const item of paidOrder.order_items) cart.remove(item.pattern_id, item.kind);
  }, [paidOrder]);

  const heading = <PageHeading title={i18n._('payments.success.title')}>{i18n._('payments.success.title')}</PageHeading>;
  let body;
  if (!orderId) {
    body = (
      <Alert
        tone="warning"
        title={i18n._('payments.success.noOrderTitle')}
        actions={
          <LinkButton size="small" to={href('/payment')}>
            {i18n._('payments.success.seePurchases')}
          </LinkButton>
        }
      >
        {i18n._('payments.success.noOrderText')}
      </Alert>
    );
  } else if (loading) {
    body = <Spinner label={i18n._('payments.loading')} />;
  } else if (!session) {
    body = (
      <Alert
        tone="info"
        title={i18n._('payments.success.signInTitle')}
        actions={
          <LinkButton size="small" to={signInHref(href('/payment/success', { order: orderId }))}>
            {i18n._('payments.signIn')}
          </LinkButton>
        }
      >
        {i18n._('payments.success.signInText')}
      </Alert>
    );
  } else if (confirmation.phase === 'settled' && confirmation.order.status === 'refunded') {
    body = (
      <Alert
        tone="info"
        title={i18n._('payments.success.refundedTitle', { number: confirmation.order.number })}
        actions={
          <LinkButton size="small" to={href('/payment')}>
            {i18n._('payments.success.seePurchases')}
          </LinkButton>
        }
      >
        {i18n._('payments.success.refundedText')}
      </Alert>
    );
  } else if (confirmation.phase === 'settled' && !paidOrder) {
    return <Navigate to={href('/payment/error', { order: orderId })} replace />;
  } else if (paidOrder) {
    const digital = paidOrder.order_items.filter((item) => item.kind === 'digital');
    const prints = paidOrder.order_items.filter((item) => item.kind === 'wholesale_print');
    body = (
      <>
        <Alert tone="success" title={i18n._('payments.success.paidTitle', { number: paidOrder.number })}>
          {paidOrder.vat_cents
            ? i18n._('payments.success.paidVat', {
                total: formatAmount(paidOrder.total_cents, paidOrder.currency),
                vat: formatAmount(paidOrder.vat_cents, paidOrder.currency),
              })
            : i18n._('payments.success.paid', { total: formatAmount(paidOrder.total_cents, paidOrder.currency) })}{' '}
          {paidOrder.buyer_email ? <Trans id="payments.success.receipt" values={{ email: paidOrder.buyer_email }} components={{ 0: <strong /> }} /> : null}
        </Alert>
        {digital.length > 0 ? (
          <section aria-labelledby="downloads-title">
            <h2 id="downloads-title">{i18n._('payments.success.yourPatterns')}</h2>
            <ul className={styles.downloads}>
              {digital.map((item) => (
                <li key={item.id} className={styles.download}>
                  <p>{item.title ?? i18n._('payments.success.pattern')}</p>
                  <LinkButton
                    to={href('/download/:productId', { productId: item.pattern_id })}
                    aria-label={item.title ? i18n._('payments.success.downloadLabel', { title: item.title }) : i18n._('payments.success.downloadThe')}
                  >
                    {i18n._('payments.success.download')}
                  </LinkButton>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {prints.length > 0 ? (
          <section aria-labelledby="prints-title">
            <h2 id="prints-title">{i18n._('payments.success.prints')}</h2>
            <ul>
              {prints.map((item) => (
                <li key={item.id}>{i18n._('payments.success.printLine', { title: item.title ?? i18n._('payments.success.pattern'), count: item.quantity })}</li>
              ))}
            </ul>
          </section>
        ) : null}
        {session.user.is_anonymous ? <SaveGuestPurchases defaultEmail={paidOrder.buyer_email ?? rememberedGuestEmail()} /> : null}
        <p className={styles.actions}>
          <Link to={href('/patterns/my-patterns')}>{i18n._('payments.success.myPatterns')}</Link>
          <Link to={href('/patterns')}>{i18n._('payments.success.keepBrowsing')}</Link>
          <Link to={href('/payment')}>{i18n._('payments.success.purchases')}</Link>
          {leftInCart.length > 0 ? <Link to={href('/payment/send')}>{i18n._('payments.success.backToCart')}</Link> : null}
        </p>
      </>
    );
  } else if (confirmation.phase === 'missing') {
    body = (
      <Alert
        tone="warning"
        title={i18n._('payments.success.missingTitle')}
        actions={
          <LinkButton size="small" to={href('/payment')}>
            {i18n._('payments.success.seePurchases')}
          </LinkButton>
        }
      >
        {i18n._('payments.success.missingText')}
      </Alert>
    );
  } else if (confirmation.phase === 'timeout') {
    body = (
      <Alert
        tone="warning"
        title={i18n._('payments.success.slowTitle')}
        actions={
          <Button size="small" onClick={confirmation.checkAgain}>
            {i18n._('payments.checkAgain')}
          </Button>
        }
      >
        <p>
          <Trans id="payments.success.slowText" components={{ 0: <Link to={href('/patterns/my-patterns')} /> }} />
        </p>
      </Alert>
    );
  } else if (confirmation.phase === 'error') {
    body = (
      <Alert
        tone="danger"
        title={i18n._('payments.success.checkFailedTitle')}
        actions={
          <Button size="small" onClick={confirmation.checkAgain}>
            {i18n._('payments.tryAgain')}
          </Button>
        }
      >
        {i18n._('payments.success.checkFailedText', { message: describeError(confirmation.error).message })}
      </Alert>
    );
  } else {
    body = (
      <div className={styles.waiting} data-testid="confirming">
        <Spinner label={i18n._('payments.success.confirming')} showLabel />
        <p className={styles.meta}>{i18n._('payments.success.waiting')}</p>
      </div>
    );
  }
  return (
    <div className={styles.layout}>
      {heading}
      {body}
    </div>
  );
}
