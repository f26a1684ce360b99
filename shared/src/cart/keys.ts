// The cart's storage key and change event, without zod: the shell's header reads them to
// show a count without loading the cart module until there is a cart.
export const CART_STORAGE_KEY = 'stitchhouse.cart.v1';
/** Dispatched on window whenever this tab changes the cart (other tabs see a `storage` event). */
export const CART_CHANGED_EVENT = 'stitchhouse:cart-changed';
/** Printed copies per wholesale line; the checkout function refuses more (`invalid_quantity`). */
export const MAX_PRINT_QUANTITY = 1000;
