import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { useCart } from '@stitchhouse/shared/cart/useCart.ts';
import * as styles from './SiteHeader.module.css';
import { useLingui } from '@lingui/react';

/**
 * "Cart (n)" in the header, once there is a cart. useCart loads the cart module (zod-validated
 * lines) only when this browser has a cart, in an effect after the first paint: the first
 * paint of every page stays within the bundle budget.
 */
export function CartLink() {
  const { i18n } = useLingui();
  const count = useCart().length;
  if (count === 0) return null;
  return (
    <Link to={href('/payment/send')} className={styles.cart} aria-label={i18n._('shell.cart.label', { count })}>
      {i18n._('shell.cart.link')}{' '}
      <span className={styles.cartCount} aria-hidden="true">
        {count}
      </span>
    </Link>
  );
}
