import { describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, MAX_CART_LINES, CartError, createCart, groupByCurrency, parseCart, type CartStorage, type NewCartLine } from '../src/cart/index.ts';

class MemoryStorage implements CartStorage {
  readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '22222222-2222-4222-8222-222222222222';
const ID_C = '33333333-3333-4333-8333-333333333333';

const dress: NewCartLine = { patternId: ID_A, kind: 'digital', title: 'Lighthouse Dress', storeName: 'Blue Thimble', unitPriceCents: 1200, currency: 'EUR' };
const shirt: NewCartLine = { patternId: ID_B, kind: 'digital', title: 'Harbour Shirt', storeName: 'Curve Studio', unitPriceCents: 900, currency: 'USD' };
const print: NewCartLine = {
  patternId: ID_C,
  kind: 'wholesale_print',
  title: 'Tote',
  storeName: 'Blue Thimble',
  unitPriceCents: 400,
  currency: 'EUR',
  minQuantity: 5,
};

describe('cart', () => {
  it('keeps lines in storage, once per pattern and kind, and tells subscribers', () => {
    const storage = new MemoryStorage();
    const cart = createCart(storage, () => new Date('2026-11-23T10:00:00Z'));
    const seen: number[] = [];
    const stop = cart.subscribe((lines) => seen.push(lines.length));
    cart.add(dress);
    cart.add(dress); // a digital pattern is bought once: still one line of 1
    cart.add(shirt);
    expect(cart.lines().map((l) => [l.patternId, l.quantity])).toEqual([
      [ID_A, 1],
      [ID_B, 1],
    ]);
    expect(seen).toEqual([1, 1, 2]);
    stop();
    cart.remove(ID_A);
    expect(seen).toEqual([1, 1, 2]);
    // Another cart over the same storage (a reload, another tab) reads the same lines.
    expect(createCart(storage).lines()).toEqual([{ ...shirt, quantity: 1, addedAt: '2026-11-23T10:00:00.000Z' }]);
    cart.clear();
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('wholesale print lines start at the minimum, add up, and refuse fewer copies or bad numbers', () => {
    const cart = createCart(new MemoryStorage());
    expect(cart.add(print).quantity).toBe(5);
    expect(cart.add({ ...print, quantity: 10 }).quantity).toBe(15);
    cart.setQuantity(ID_C, 'wholesale_print', 7);
    expect(cart.lines()[0]!.quantity).toBe(7);
    expect(() => cart.setQuantity(ID_C, 'wholesale_print', 4)).toThrow('The wholesale price starts at 5 copies.');
    expect(() => cart.setQuantity(ID_C, 'wholesale_print', -1)).toThrow(CartError);
    expect(() => cart.setQuantity(ID_C, 'wholesale_print', 2.5)).toThrow('Enter a whole number of copies, 1 or more.');
    expect(() => cart.setQuantity(ID_C, 'wholesale_print', 1001)).toThrow(/At most 1,000 copies/);
    expect(cart.lines()[0]!.quantity).toBe(7); // nothing lost on bad input
    cart.add(dress);
    expect(() => cart.setQuantity(ID_A, 'digital', 2)).toThrow('A digital pattern is bought once; it stays in your library.');
  });

  it('validates what it reads: tampered lines are dropped, the rest kept', () => {
    const storage = new MemoryStorage();
    const good = { ...dress, quantity: 1, addedAt: '2026-11-23T10:00:00.000Z' };
    storage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        good,
        { ...good, patternId: 'not-a-uuid' },
        { ...shirt, quantity: -3, addedAt: 'x' },
        { ...shirt, quantity: 2, addedAt: 'x' }, // a digital line of 2
        { ...shirt, currency: 'JPY', quantity: 1, addedAt: 'x' },
        { ...print, quantity: 2, addedAt: 'x' }, // under the wholesale minimum
        good, // duplicate
        'junk',
      ]),
    );
    expect(createCart(storage).lines()).toEqual([good]);
    expect(parseCart('{not json')).toEqual([]);
    expect(parseCart('{"a":1}')).toEqual([]);
    expect(parseCart(null)).toEqual([]);
  });

  it('remembers the price seen and takes the server’s new prices when they changed', () => {
    const cart = createCart(new MemoryStorage());
    cart.add(dress);
    cart.add(shirt);
    cart.updatePrices([
      { patternId: ID_A, unitPriceCents: 1500 },
      { patternId: ID_B, unitPriceCents: -1 },
    ]);
    expect(cart.lines().map((l) => l.unitPriceCents)).toEqual([1500, 900]);
    // The same pattern as a PDF and as printed copies: only the line with the old price changes.
    cart.add({ ...print, patternId: ID_A });
    cart.updatePrices([{ patternId: ID_A, oldUnitPriceCents: 400, unitPriceCents: 450 }]);
    expect(
      cart
        .lines()
        .filter((l) => l.patternId === ID_A)
        .map((l) => [l.kind, l.unitPriceCents]),
    ).toEqual([
      ['digital', 1500],
      ['wholesale_print', 450],
    ]);
  });

  it('drops bought or unavailable patterns, and groups lines by currency (one checkout each)', () => {
    const cart = createCart(new MemoryStorage());
    cart.add(dress);
    cart.add(shirt);
    cart.add(print);
    expect(groupByCurrency(cart.lines()).map((g) => [g.currency, g.lines.map((l) => l.patternId)])).toEqual([
      ['EUR', [ID_A, ID_C]],
      ['USD', [ID_B]],
    ]);
    cart.removePatterns([ID_A, ID_C]);
    expect(cart.lines().map((l) => l.patternId)).toEqual([ID_B]);
  });

  it('refuses more than the cart holds, and says so when storage refuses the write', () => {
    const cart = createCart(new MemoryStorage());
    for (let i = 0; i < MAX_CART_LINES; i++) cart.add({ ...dress, patternId: `11111111-1111-4111-8111-${String(i).padStart(12, '0')}` });
    expect(() => cart.add(shirt)).toThrow(`A cart holds up to ${MAX_CART_LINES} patterns.`);
    const full = new MemoryStorage();
    full.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(() => createCart(full).add(dress)).toThrow(/did not let us keep the cart/);
  });

  it('re-reads storage on reload (another tab) and notifies', () => {
    const storage = new MemoryStorage();
    const cart = createCart(storage);
    const other = createCart(storage);
    let count = -1;
    cart.subscribe((lines) => (count = lines.length));
    expect(cart.lines()).toHaveLength(0);
    other.add(dress);
    expect(cart.lines()).toHaveLength(0); // cached until told
    cart.reload();
    expect(count).toBe(1);
  });
});
