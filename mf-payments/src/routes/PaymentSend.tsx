import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { describeError, href, useSession } from '@stitchhouse/shared';
import { emailSchema } from '@stitchhouse/shared/auth/schemas.ts';
import { groupByCurrency, pageCart, useCart } from '@stitchhouse/shared/cart/index.ts';
import { SUPPORTED_CURRENCIES, type Currency } from '@stitchhouse/shared/money.ts';
import { Alert, EmptyState, LinkButton, PageHeading, Select, Spinner, TextField } from '@stitchhouse/shared/ui/index.ts';
import { patternForSale, patternKeys } from '../api/patterns.ts';
import { CheckoutGroup } from '../features/checkout/CheckoutGroup.tsx';
import { checkoutCountryOptions, rememberCountry, rememberedCountry } from '../features/checkout/country.ts';
import { GuestChoice } from '../features/guest/GuestChoice.tsx';
import { rememberGuestEmail, rememberedGuestEmail } from '../features/guest/guestEmail.ts';
import * as styles from '../features/checkout/Checkout.module.css';

/**
 * /payment/send: the cart, grouped by currency (one checkout each), with the buyer's country
 * (VAT), a live quote from the server and Pay, which opens the provider's hosted page.
 * An old link with ?productId= puts that pattern in the cart first. Signed out: sign in, or
 * continue as a guest with an email (anonymous session; the email is the receipt address).
 */
export default function PaymentSend() {
  const lines = useCart();
  const { session, loading } = useSession();
  const [params, setParams] = useSearchParams();
  const productId = params.get('productId');
  const [country, setCountry] = useState('US');
  const [addError, setAddError] = useState<string | null>(null);

  const [guestEmail, setGuestEmail] = useState('');
  const guest = session?.user.is_anonymous === true;
  const guestEmailCheck = emailSchema.safeParse(guestEmail);

  useEffect(() => setCountry(rememberedCountry()), []);
  useEffect(() => setGuestEmail(rememberedGuestEmail()), [guest]);

  // An old link's pattern: read once, put in the cart once (handled), then the link's query goes.
  const forSale = useQuery({
    queryKey: patternKeys.forSale(productId ?? ''),
    queryFn: () => patternForSale(productId!),
    enabled: !!productId && !loading,
    staleTime: 0,
  });
  const adding = productId && !loading && forSale.isPending ? productId : null;
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!productId || handled.current === productId || forSale.isPending) return;
    handled.current = productId;
    if (forSale.isError) {
      setAddError(describeError(forSale.error).message);
      return;
    }
    const pattern = forSale.data;
    if (!pattern || pattern.status !== 'published') setAddError('That pattern is not sold any more, so it was not added to your cart.');
    else if (pattern.price_cents === 0) setAddError('That pattern is free: get it from its page with “Get for free”.');
    else if (!(SUPPORTED_CURRENCIES as readonly string[]).includes(pattern.currency))
      setAddError('That pattern is priced in a currency we cannot take payments in yet.');
    else {
      try {
        pageCart().add({
          patternId: pattern.id,
          kind: 'digital',
          title: pattern.title,
          storeName: pattern.store?.name ?? '',
          unitPriceCents: pattern.price_cents,
          currency: pattern.currency as Currency,
        });
      } catch (caught) {
        setAddError(caught instanceof Error ? caught.message : 'That pattern could not be added to your cart.');
      }
    }
    setParams({}, { replace: true });
  }, [productId, forSale.isPending, forSale.isError, forSale.error, forSale.data, setParams]);

  const groups = groupByCurrency(lines);
  const heading = (
    <PageHeading title="Checkout" lead={lines.length > 0 ? 'Prices include VAT where it applies. You pay on a secure page and download at once.' : undefined}>
      Checkout
    </PageHeading>
  );

  if (adding)
    return (
      <>
        {heading}
        <Spinner label="Adding the pattern to your cart…" showLabel />
      </>
    );
  return (
    <div className={styles.layout}>
      {heading}
      {addError ? (
        <Alert tone="warning" title="Not added">
          {addError}
        </Alert>
      ) : null}
      {lines.length === 0 ? (
        <EmptyState title="Your cart is empty" actions={<LinkButton to={href('/patterns')}>Browse patterns</LinkButton>}>
          Use “Buy” or “Add to cart” on a pattern’s page. Your cart is kept in this browser until you pay.
        </EmptyState>
      ) : !loading && !session ? (
        <GuestChoice next={href('/payment/send')} />
      ) : (
        <>
          {guest ? (
            <TextField
              className={styles.country}
              label="Email for your receipt"
              type="email"
              autoComplete="email"
              required
              value={guestEmail}
              onChange={(event) => {
                setGuestEmail(event.target.value);
                rememberGuestEmail(event.target.value.trim());
              }}
              error={guestEmail && !guestEmailCheck.success ? guestEmailCheck.error.issues[0]?.message : undefined}
              hint="You are checking out as a guest: the receipt and download links go to this address."
            />
          ) : null}
          <Select
            className={styles.country}
            label="Your country"
            hint="Decides the VAT included in the price (EU countries)."
            value={country}
            options={checkoutCountryOptions()}
            onChange={(event) => {
              setCountry(event.target.value);
              rememberCountry(event.target.value);
            }}
          />
          {groups.length > 1 ? (
            <Alert tone="info" title={`Your cart has patterns priced in ${groups.map((g) => g.currency).join(' and ')}`}>
              Each currency is paid in its own checkout: pay for one group, then come back for the next. Your cart keeps the rest.
            </Alert>
          ) : null}
          {groups.map((group) => (
            <CheckoutGroup
              key={group.currency}
              currency={group.currency}
              lines={group.lines}
              country={country}
              several={groups.length > 1}
              guestEmail={guest ? (guestEmailCheck.success ? guestEmailCheck.data : null) : undefined}
            />
          ))}
        </>
      )}
    </div>
  );
}
