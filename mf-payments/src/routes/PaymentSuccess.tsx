import { useEffect } from 'react';
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

  const heading = <PageHeading title="Payment received">Payment received</PageHeading>;
  let body;
  if (!orderId) {
    body = (
      <Alert
        tone="warning"
        title="We could not tell which payment this is"
        actions={
          <LinkButton size="small" to={href('/payment')}>
            See your purchases
          </LinkButton>
        }
      >
        This link has no order number. Your purchases and receipts are listed under Payments.
      </Alert>
    );
  } else if (loading) {
    body = <Spinner label="Loading…" />;
  } else if (!session) {
    body = (
      <Alert
        tone="info"
        title="Sign in to see your patterns"
        actions={
          <LinkButton size="small" to={signInHref(href('/payment/success', { order: orderId }))}>
            Sign in
          </LinkButton>
        }
      >
        Sign in with the account you paid with to download what you bought.
      </Alert>
    );
  } else if (confirmation.phase === 'settled' && confirmation.order.status === 'refunded') {
    body = (
      <Alert
        tone="info"
        title={`Order ${confirmation.order.number} was refunded`}
        actions={
          <LinkButton size="small" to={href('/payment')}>
            See your purchases
          </LinkButton>
        }
      >
        The payment went back to your card, so these patterns are no longer in your library.
      </Alert>
    );
  } else if (confirmation.phase === 'settled' && !paidOrder) {
    return <Navigate to={href('/payment/error', { order: orderId })} replace />;
  } else if (paidOrder) {
    const digital = paidOrder.order_items.filter((item) => item.kind === 'digital');
    const prints = paidOrder.order_items.filter((item) => item.kind === 'wholesale_print');
    body = (
      <>
        <Alert tone="success" title={`Thank you! Order ${paidOrder.number} is paid.`}>
          {formatAmount(paidOrder.total_cents, paidOrder.currency)} paid
          {paidOrder.vat_cents ? `, including ${formatAmount(paidOrder.vat_cents, paidOrder.currency)} VAT` : ''}.{' '}
          {paidOrder.buyer_email ? (
            <>
              A receipt was sent to <strong>{paidOrder.buyer_email}</strong>.
            </>
          ) : null}
        </Alert>
        {digital.length > 0 ? (
          <section aria-labelledby="downloads-title">
            <h2 id="downloads-title">Your patterns</h2>
            <ul className={styles.downloads}>
              {digital.map((item) => (
                <li key={item.id} className={styles.download}>
                  <p>{item.title ?? 'Pattern'}</p>
                  <LinkButton to={href('/download/:productId', { productId: item.pattern_id })} aria-label={`Download ${item.title ?? 'the pattern'}`}>
                    Download
                  </LinkButton>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {prints.length > 0 ? (
          <section aria-labelledby="prints-title">
            <h2 id="prints-title">Print licences</h2>
            <ul>
              {prints.map((item) => (
                <li key={item.id}>
                  {item.title ?? 'Pattern'}: {item.quantity} printed copies
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {session.user.is_anonymous ? <SaveGuestPurchases defaultEmail={paidOrder.buyer_email ?? rememberedGuestEmail()} /> : null}
        <p className={styles.actions}>
          <Link to={href('/patterns/my-patterns')}>Go to my patterns</Link>
          <Link to={href('/patterns')}>Keep browsing</Link>
          <Link to={href('/payment')}>Purchases and receipts</Link>
          {leftInCart.length > 0 ? <Link to={href('/payment/send')}>Back to the cart</Link> : null}
        </p>
      </>
    );
  } else if (confirmation.phase === 'missing') {
    body = (
      <Alert
        tone="warning"
        title="We could not find this order"
        actions={
          <LinkButton size="small" to={href('/payment')}>
            See your purchases
          </LinkButton>
        }
      >
        It may belong to another account. Sign in with the account you paid with.
      </Alert>
    );
  } else if (confirmation.phase === 'timeout') {
    body = (
      <Alert
        tone="warning"
        title="Your payment is taking longer than usual to confirm"
        actions={
          <Button size="small" onClick={confirmation.checkAgain}>
            Check again
          </Button>
        }
      >
        <p>
          Payment providers sometimes take a few minutes. You will not be charged twice: there is no need to pay again. As soon as the payment is confirmed we
          email your receipt and the patterns appear in <Link to={href('/patterns/my-patterns')}>My patterns</Link>.
        </p>
      </Alert>
    );
  } else if (confirmation.phase === 'error') {
    body = (
      <Alert
        tone="danger"
        title="We could not check your payment"
        actions={
          <Button size="small" onClick={confirmation.checkAgain}>
            Try again
          </Button>
        }
      >
        {describeError(confirmation.error).message} Your payment is not affected.
      </Alert>
    );
  } else {
    body = (
      <div className={styles.waiting} data-testid="confirming">
        <Spinner label="Confirming your payment…" showLabel />
        <p className={styles.meta}>We are waiting for the payment provider to confirm it. This usually takes a few seconds; keep this page open.</p>
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
