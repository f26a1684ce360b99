import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CART_CHANGED_EVENT, CART_STORAGE_KEY } from '@stitchhouse/shared/cart/keys.ts';
import { afterFirstPaint } from '../../federation/afterPaint.ts';
import * as styles from './SiteHeader.module.css';

function storedCart(): boolean {
  try {
    return localStorage.getItem(CART_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * "Cart (n)" in the header, once there is a cart. Read after first paint, and the cart
 * module (zod-validated lines) loads only when this browser has a cart: the first paint
 * of every page stays within the bundle budget.
 */
export function CartLink() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    const refresh = () => {
      if (!storedCart()) {
        setCount(0);
        return;
      }
      void import('@stitchhouse/shared/cart/cart.ts').then(({ pageCart }) => live && setCount(pageCart().lines().length), () => undefined);
    };
    void afterFirstPaint().then(() => {
      if (!live) return;
      refresh();
      window.addEventListener(CART_CHANGED_EVENT, refresh);
      window.addEventListener('storage', refresh);
    });
    return () => {
      live = false;
      window.removeEventListener(CART_CHANGED_EVENT, refresh);
      window.removeEventListener('storage', refresh);
    };
  }, []);
  if (count === 0) return null;
  return (
    <Link to="/payment/send" className={styles.cart} aria-label={`Cart, ${count} ${count === 1 ? 'pattern' : 'patterns'}`}>
      Cart <span className={styles.cartCount} aria-hidden="true">{count}</span>
    </Link>
  );
}
