// The cart, shared by mf-catalog (Buy, Add to cart) and mf-payments (checkout).
// Import from '@stitchhouse/shared/cart/index.ts' (kept out of the first-paint chunk: it loads zod).
export {
  CART_CHANGED_EVENT, CART_STORAGE_KEY, MAX_CART_LINES, MAX_PRINT_QUANTITY, CartError, createCart, groupByCurrency, lineKey, pageCart, parseCart,
  type Cart, type CartLine, type CartLineKind, type CartStorage, type NewCartLine,
} from './cart.ts';
export { loadCart, useCart } from './useCart.ts';
