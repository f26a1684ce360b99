/**
 * The cart: patterns a person means to buy, kept in this browser's localStorage (one
 * per browser, no account needed to fill it). Each line remembers the unit price the
 * person saw, so the checkout function can answer `price_changed` instead of charging
 * a price nobody agreed to. Reads are validated line by line: a damaged or tampered
 * line is dropped, the others are kept.
 */
// zod/mini: the pattern page loads the cart, and the page's one zod flavour is the shell's mini.
import '../zodNoEval.ts';
import * as z from 'zod/mini';
import { formatLocale, sharedText } from '../formatLocale.ts';
import { SUPPORTED_CURRENCIES, type Currency } from '../money.ts';
import { CART_CHANGED_EVENT, CART_STORAGE_KEY, MAX_PRINT_QUANTITY } from './keys.ts';
import { ORDER_ITEM_KINDS } from '../statuses.ts';

export { CART_CHANGED_EVENT, CART_STORAGE_KEY, MAX_PRINT_QUANTITY };
/** A cart is small by design (one checkout per currency); more lines are refused with a message. */
export const MAX_CART_LINES = 50;

export type CartLineKind = 'digital' | 'wholesale_print';

const copies = () => z.int().check(z.gte(1), z.lte(MAX_PRINT_QUANTITY));
const lineSchema = z
  .object({
    patternId: z.guid(),
    kind: z.enum(ORDER_ITEM_KINDS),
    quantity: copies(),
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    storeName: z.string().check(z.maxLength(200)),
    /** The tax-inclusive unit price the person saw, minor units. */
    unitPriceCents: z.int().check(z.gte(0)),
    currency: z.enum(SUPPORTED_CURRENCIES),
    /** Smallest number of printed copies the designer sells at the wholesale price. */
    minQuantity: z.optional(copies()),
    addedAt: z.string().check(z.maxLength(40)),
  })
  .check(
    z.refine((line) => line.kind === 'wholesale_print' || line.quantity === 1, { message: 'A digital pattern is bought once.' }),
    z.refine((line) => line.minQuantity === undefined || line.quantity >= line.minQuantity, { message: 'Fewer copies than the wholesale minimum.' }),
  );

export type CartLine = z.infer<typeof lineSchema>;
export type NewCartLine = Omit<CartLine, 'addedAt' | 'quantity'> & { quantity?: number };

export class CartError extends Error {
  override name = 'CartError';
}

/** The storage a cart lives in: localStorage in the browser, a Map in tests. */
export interface CartStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const lineKey = (line: Pick<CartLine, 'patternId' | 'kind'>) => `${line.patternId}:${line.kind}`;

/** Valid lines of a stored value; anything unreadable is dropped (one bad line does not empty the cart). */
export function parseCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  const items = Array.isArray(value) ? value : [];
  const seen = new Set<string>();
  const lines: CartLine[] = [];
  for (const item of items) {
    const parsed = lineSchema.safeParse(item);
    if (!parsed.success || seen.has(lineKey(parsed.data))) continue;
    seen.add(lineKey(parsed.data));
    lines.push(parsed.data);
    if (lines.length === MAX_CART_LINES) break;
  }
  return lines;
}

type Listener = (lines: readonly CartLine[]) => void;

export interface Cart {
  lines(): readonly CartLine[];
  /** Adds a pattern (or raises a wholesale line's quantity); returns the line as stored. */
  add(line: NewCartLine): CartLine;
  setQuantity(patternId: string, kind: CartLineKind, quantity: number): void;
  remove(patternId: string, kind?: CartLineKind): void;
  /** Drops every line of these patterns (bought, unavailable). */
  removePatterns(patternIds: readonly string[]): void;
  /**
   * The server's current prices after `price_changed`: the person confirms them by paying again.
   * With `oldUnitPriceCents` only the line that had that price changes (a pattern can be in the
   * cart twice: as a PDF and as printed copies, at different prices).
   */
  updatePrices(changes: readonly { patternId: string; unitPriceCents: number; oldUnitPriceCents?: number }[]): void;
  clear(): void;
  subscribe(listener: Listener): () => void;
  /** Re-reads storage (another tab changed it) and tells subscribers. */
  reload(): void;
}

/**
 * A cart over `storage`. The parsed lines are cached and re-read only when another tab
 * writes (`storage` event) so React's useSyncExternalStore gets a stable snapshot.
 */
export function createCart(storage: CartStorage | null, now: () => Date = () => new Date()): Cart {
  const listeners = new Set<Listener>();
  let cached: readonly CartLine[] | null = null;
  const read = (): readonly CartLine[] => {
    if (cached) return cached;
    let raw: string | null;
    try {
      raw = storage?.getItem(CART_STORAGE_KEY) ?? null;
    } catch {
      raw = null; // storage blocked (privacy mode): an empty cart, not a crash
    }
    cached = Object.freeze(parseCart(raw));
    return cached;
  };
  const write = (lines: CartLine[]) => {
    cached = Object.freeze(lines);
    try {
      if (lines.length === 0) storage?.removeItem(CART_STORAGE_KEY);
      else storage?.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
    } catch {
      throw new CartError(
        sharedText(
          /*i18n*/ 'shared.cart.error.storage',
          'Your browser did not let us keep the cart (storage is full or blocked). Free some space or allow site data, then try again.',
        ),
      );
    }
    for (const listener of listeners) listener(cached);
    if (typeof window !== 'undefined' && typeof window.dispatchEvent === 'function') window.dispatchEvent(new Event(CART_CHANGED_EVENT));
  };

  const checkQuantity = (kind: CartLineKind, quantity: number, minQuantity?: number) => {
    if (!Number.isInteger(quantity) || quantity < 1)
      throw new CartError(sharedText(/*i18n*/ 'shared.cart.error.quantity', 'Enter a whole number of copies, 1 or more.'));
    if (kind === 'digital' && quantity !== 1)
      throw new CartError(sharedText(/*i18n*/ 'shared.cart.error.digitalOnce', 'A digital pattern is bought once; it stays in your library.'));
    if (quantity > MAX_PRINT_QUANTITY)
      throw new CartError(
        sharedText(/*i18n*/ 'shared.cart.error.maxQuantity', 'At most {max} copies per order.', { max: MAX_PRINT_QUANTITY.toLocaleString(formatLocale()) }),
      );
    if (minQuantity !== undefined && quantity < minQuantity)
      throw new CartError(
        sharedText(/*i18n*/ 'shared.cart.error.wholesaleMinimum', 'The wholesale price starts at {min} copies.', {
          min: minQuantity.toLocaleString(formatLocale()),
        }),
      );
  };

  return {
    lines: read,
    add(input) {
      const lines = [...read()];
      const key = lineKey(input);
      const existing = lines.findIndex((line) => lineKey(line) === key);
      const quantity = input.kind === 'digital' ? 1 : (existing >= 0 ? lines[existing]!.quantity : 0) + (input.quantity ?? input.minQuantity ?? 1);
      checkQuantity(input.kind, quantity, input.minQuantity);
      const parsed = lineSchema.safeParse({ ...input, quantity, addedAt: existing >= 0 ? lines[existing]!.addedAt : now().toISOString() });
      if (!parsed.success)
        throw new CartError(sharedText(/*i18n*/ 'shared.cart.error.unreadable', 'This pattern could not be added to the cart. Reload the page and try again.'));
      if (existing >= 0) lines[existing] = parsed.data;
      else {
        if (lines.length >= MAX_CART_LINES)
          throw new CartError(
            sharedText(/*i18n*/ 'shared.cart.error.full', 'A cart holds up to {max} patterns. Check out or remove some first.', {
              max: MAX_CART_LINES.toLocaleString(formatLocale()),
            }),
          );
        lines.push(parsed.data);
      }
      write(lines);
      return parsed.data;
    },
    setQuantity(patternId, kind, quantity) {
      const lines = [...read()];
      const index = lines.findIndex((line) => line.patternId === patternId && line.kind === kind);
      if (index < 0) return;
      checkQuantity(kind, quantity, lines[index]!.minQuantity);
      lines[index] = { ...lines[index]!, quantity };
      write(lines);
    },
    remove(patternId, kind) {
      const lines = read();
      const kept = lines.filter((line) => !(line.patternId === patternId && (kind === undefined || line.kind === kind)));
      if (kept.length !== lines.length) write(kept);
    },
    removePatterns(patternIds) {
      const drop = new Set(patternIds);
      const lines = read();
      const kept = lines.filter((line) => !drop.has(line.patternId));
      if (kept.length !== lines.length) write(kept);
    },
    updatePrices(changes) {
      write(
        read().map((line) => {
          const change = changes.find(
            (c) => c.patternId === line.patternId && (c.oldUnitPriceCents === undefined || c.oldUnitPriceCents === line.unitPriceCents),
          );
          const next = change?.unitPriceCents;
          return next === undefined || !Number.isSafeInteger(next) || next < 0 ? line : { ...line, unitPriceCents: next };
        }),
      );
    },
    clear() {
      if (read().length > 0) write([]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload() {
      cached = null;
      const lines = read();
      for (const listener of listeners) listener(lines);
    },
  };
}

/** Lines per currency, in the order the currencies first appear: one checkout each. */
export function groupByCurrency(lines: readonly CartLine[]): { currency: Currency; lines: CartLine[] }[] {
  const groups = new Map<Currency, CartLine[]>();
  for (const line of lines) {
    const group = groups.get(line.currency) ?? [];
    group.push(line);
    groups.set(line.currency, group);
  }
  return [...groups].map(([currency, group]) => ({ currency, lines: group }));
}

const KEY = Symbol.for('stitchhouse.cart');
type Holder = { [KEY]?: Cart };

/**
 * The page's cart (one per page even if two copies of this module load). Another tab's
 * change arrives as a `storage` event: the cache is dropped and subscribers re-read.
 */
export function pageCart(): Cart {
  const holder = globalThis as Holder;
  if (holder[KEY]) return holder[KEY];
  const storage = typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  const cart = createCart(storage);
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) cart.reload();
    });
  }
  holder[KEY] = cart;
  return cart;
}
