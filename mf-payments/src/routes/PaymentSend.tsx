import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
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
    if (!pattern || pattern.status !== 'published') setAddError(i18n._('payments.send.notSold'));
    else if (pattern.price_cents === 0) setAddError(i18n._('payments.send.free'));
    else if (!(SUPPORTED_CURRENCIES as readonly string[]).includes(pattern.currency)) setAddError(i18n._('payments.send.currency'));
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
        setAddError(caught instanceof Error ? caught.message : i18n._('payments.send.notAdded'));
      }
    }
    setParams({}, { replace: true });
  }, [productId, forSale.isPending, forSale.isError, forSale.error, forSale.data, setParams, i18n]);

  const groups = groupByCurrency(lines);
  const heading = (
    <PageHeading title={i18n._('payments.send.title')} lead={lines.length > 0 ? i18n._('payments.send.lead') : undefined}>
      {i18n._('payments.send.title')}
    </PageHeading>
  );

  if (adding)
    return (
      <>
        {heading}
        <Spinner label={i18n._('payments.send.adding')} showLabel />
      </>
    );
  return (
    <div className={styles.layout}>
      {heading}
      {addError ? (
        <Alert tone="warning" title={i18n._('payments.send.notAddedTitle')}>
          {addError}
        </Alert>
      ) : null}
      {lines.length === 0 ? (
        <EmptyState title={i18n._('payments.problem.emptyCart.title')} actions={<LinkButton to={href('/patterns')}>{i18n._('payments.browse')}</LinkButton>}>
          {i18n._('payments.send.emptyText')}
        </EmptyState>
      ) : !loading && !session ? (
        <GuestChoice next={href('/payment/send')} />
      ) : (
        <>
          {guest ? (
            <TextField
              className={styles.country}
              label={i18n._('payments.send.guestEmail')}
              type="email"
              autoComplete="email"
              required
              value={guestEmail}
              onChange={(event) => {
                setGuestEmail(event.target.value);
                rememberGuestEmail(event.target.value.trim());
              }}
              error={guestEmail && !guestEmailCheck.success ? guestEmailCheck.error.issues[0]?.message : undefined}
              hint={i18n._('payments.send.guestHint')}
            />
          ) : null}
          <Select
            className={styles.country}
            label={i18n._('payments.send.country')}
            hint={i18n._('payments.send.countryHint')}
            value={country}
            options={checkoutCountryOptions(i18n.locale)}
            onChange={(event) => {
              setCountry(event.target.value);
              rememberCountry(event.target.value);
            }}
          />
          {groups.length > 1 ? (
            <Alert
              tone="info"
              title={i18n._('payments.send.currencies', {
                currencies: new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(groups.map((g) => g.currency)),
              })}
            >
              {i18n._('payments.send.currenciesText')}
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
