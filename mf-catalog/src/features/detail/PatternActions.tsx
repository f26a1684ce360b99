import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { describeError, href, useSession } from '@stitchhouse/shared';
import { queryClient } from '@stitchhouse/shared/query/client.ts';
import { Alert, Button, LinkButton } from '@stitchhouse/shared/ui/index.ts';
import { SUPPORTED_CURRENCIES, type Currency } from '@stitchhouse/shared/money.ts';
import { loadCart, useCart } from '@stitchhouse/shared/cart/useCart.ts';
import { patternKeys } from '../../api/catalog.ts';
import { claimFreePattern, ownsPattern, wholesalePriceOf, type PatternDetail } from '../../api/detail.ts';
import { formatPrice } from '@stitchhouse/shared/money.ts';
import { Price } from '@stitchhouse/shared/currency/index.ts';
import { useMemberOrSignIn } from '../shared/useMemberOrSignIn.ts';
import * as styles from './PatternActions.module.css';

// Only approved wholesale accounts order printed copies.
const WholesaleOrder = lazy(() => import('./WholesaleOrder.tsx').then((module) => ({ default: module.WholesaleOrder })));

type Ownership = 'unknown' | 'owned' | 'not_owned' | 'own_store';

const isCurrency = (value: string): value is Currency => (SUPPORTED_CURRENCIES as readonly string[]).includes(value);

/**
 * Price and the one action that fits: Download (owned or your own pattern), Get (free),
 * or Buy (puts it in the cart and opens the checkout) and Add to cart. Wholesale price
 * (and an order of printed copies) only where the database shows it.
 */
export function PatternActions({ pattern }: { pattern: PatternDetail }) {
  const { i18n } = useLingui();
  const { session, loading } = useSession();
  const navigate = useNavigate();
  const memberOrSignIn = useMemberOrSignIn();
  const userId = session?.user.id ?? null;
  const ownStore = userId !== null && userId === pattern.store.ownerId;
  const owns = useQuery({
    queryKey: patternKeys.ownership(pattern.id, userId),
    queryFn: () => ownsPattern(pattern.id),
    enabled: !loading && userId !== null && !ownStore,
  });
  // Row-level security answers with a row only for approved wholesale accounts (and the store).
  const wholesale =
    useQuery({
      queryKey: patternKeys.wholesalePrice(pattern.id, userId),
      queryFn: () => wholesalePriceOf(pattern.id),
      enabled: !loading && userId !== null,
    }).data ?? null;
  // (a failed check counts as not owned: the page offers Buy or Get, the database decides)
  const ownership: Ownership = loading
    ? 'unknown'
    : !userId
      ? 'not_owned'
      : ownStore
        ? 'own_store'
        : owns.isPending
          ? 'unknown'
          : owns.data
            ? 'owned'
            : 'not_owned';
  const [claiming, setClaiming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [justClaimed, setJustClaimed] = useState(false);
  const cartLines = useCart();
  const inCart = cartLines.some((line) => line.patternId === pattern.id && line.kind === 'digital');

  async function getFree() {
    const member = await memberOrSignIn();
    if (!member) return;
    setClaiming(true);
    setError(null);
    try {
      await claimFreePattern(pattern.id);
      queryClient.setQueryData(patternKeys.ownership(pattern.id, member), true);
      // the library and the download page show it too
      void queryClient.invalidateQueries({ queryKey: patternKeys.owned() });
      setJustClaimed(true);
    } catch (caught) {
      setError(describeError(caught).message);
    } finally {
      setClaiming(false);
    }
  }

  /** Puts the digital pattern in the cart (at the price shown here); false when it could not. */
  async function addDigital(): Promise<boolean> {
    setError(null);
    if (!isCurrency(pattern.currency)) {
      setError(i18n._('catalog.detail.actions.currency'));
      return false;
    }
    let CartError: (typeof import('@stitchhouse/shared/cart/cart.ts'))['CartError'] | null = null;
    try {
      const cart = await loadCart();
      CartError = cart.CartError;
      cart.pageCart().add({
        patternId: pattern.id,
        kind: 'digital',
        title: pattern.title,
        storeName: pattern.store.name,
        unitPriceCents: pattern.priceCents,
        currency: pattern.currency,
      });
      return true;
    } catch (caught) {
      setError(CartError && caught instanceof CartError ? caught.message : describeError(caught).message);
      return false;
    }
  }

  async function buyNow() {
    if (await addDigital()) void navigate(href('/payment/send'));
  }

  const free = pattern.priceCents === 0;
  const downloadHref = href('/patterns/:productId/download', { productId: pattern.id });
  const purchasable = pattern.status === 'published';

  return (
    <div className={styles.actions} data-testid="pattern-actions">
      <p className={styles.price}>
        <Price amount={pattern.priceCents} currency={pattern.currency} detail testId="detail-price" />
      </p>
      {wholesale ? (
        <p className={styles.wholesale} data-testid="wholesale-price">
          <Trans
            id="catalog.detail.actions.wholesale"
            values={{ price: formatPrice(wholesale.priceCents, wholesale.currency), min: wholesale.minQuantity }}
            components={{ 0: <strong /> }}
          />
        </p>
      ) : null}
      {ownership === 'unknown' ? (
        <p className={styles.muted} aria-live="polite">
          {i18n._('catalog.detail.actions.checking')}
        </p>
      ) : ownership === 'owned' || ownership === 'own_store' ? (
        <>
          {justClaimed ? <Alert tone="success">{i18n._('catalog.detail.actions.added')}</Alert> : null}
          <p className={styles.owned}>{ownership === 'own_store' ? i18n._('catalog.detail.actions.yours') : i18n._('catalog.detail.actions.inLibrary')}</p>
          <LinkButton to={downloadHref} size="large" block>
            {i18n._('catalog.detail.actions.download')}
          </LinkButton>
          {ownership === 'own_store' ? (
            <LinkButton to={href('/patterns/:productId/edit', { productId: pattern.id })} variant="secondary" block>
              {i18n._('catalog.detail.actions.edit')}
            </LinkButton>
          ) : null}
        </>
      ) : !purchasable ? (
        <p className={styles.muted}>{i18n._('catalog.detail.actions.notSold')}</p>
      ) : free ? (
        <Button size="large" block busy={claiming} busyLabel={i18n._('catalog.detail.actions.adding')} onClick={getFree}>
          {userId ? i18n._('catalog.detail.actions.getFree') : i18n._('catalog.detail.actions.signInFree')}
        </Button>
      ) : (
        <>
          <Button size="large" block onClick={buyNow}>
            {i18n._('catalog.detail.actions.buy')}
          </Button>
          {inCart ? (
            <p className={styles.muted} role="status">
              <Trans id="catalog.detail.actions.inCart" components={{ 0: <Link to={href('/payment/send')} /> }} />
            </p>
          ) : (
            <Button variant="secondary" block onClick={addDigital}>
              {i18n._('catalog.detail.actions.addToCart')}
            </Button>
          )}
        </>
      )}
      {wholesale && ownership !== 'own_store' && purchasable && !free && isCurrency(wholesale.currency) ? (
        <Suspense fallback={null}>
          <WholesaleOrder pattern={pattern} price={{ ...wholesale, currency: wholesale.currency }} />
        </Suspense>
      ) : null}
      {error ? <Alert tone="danger">{error}</Alert> : null}
    </div>
  );
}
