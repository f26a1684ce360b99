// The cart, shared by mf-catalog (Buy, Add to cart) and mf-payments (checkout).
// Import from '@stitchhouse/shared/cart/index.ts' (kept out of the first-paint chunk: it loads zod).
// A screen that only shows whether a pattern is in the cart imports useCart.ts alone, which
// loads the cart module when there is a cart to read.
import * as cartModule from './cart.ts';
import { noteCartLoaded } from './useCart.ts';

// Whoever imports this file has the cart module already: useCart reads it from the first render
// (no "Your cart is empty" frame on the checkout).
noteCartLoaded(cartModule);

export {
  CART_CHANGED_EVENT,
  CART_STORAGE_KEY,
  MAX_CART_LINES,
  MAX_PRINT_QUANTITY,
  CartError,
  createCart,
  groupByCurrency,
  lineKey,
  pageCart,
  parseCart,
  type Cart,
  type CartLine,
  type CartLineKind,
  type CartStorage,
  type NewCartLine,
} from './cart.ts';
export { loadCart, useCart } from './useCart.ts';
