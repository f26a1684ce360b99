// The in-shop sales rules the page's preview and the pos functions share.
import { describe, expect, it } from 'vitest';
import { writeCsv } from '../src/csv.ts';
import { readSalesCsv } from '../src/pos/csv.ts';
import { csvSaleRowSchema, judgeLines, parsePrice, parseSoldAt, patternIdsOf, REASONS, saleLineSchema, type PatternFacts } from '../src/pos/sales.ts';
import { percentOf, printRoyalty, PRINT_ROYALTY_BP, splitRoyalty } from '../src/pricing.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const carried = '6f1c8f1e-2a4b-4c3d-8e5f-0a1b2c3d4e5f';
const elsewhere = '7f1c8f1e-2a4b-4c3d-8e5f-0a1b2c3d4e5f';
const facts = new Map<string, PatternFacts>([
  [carried, { carried: true, price_cents: 1400, currency: 'USD', designer_plan: 'free' }],
  [elsewhere, { carried: false, price_cents: 900, currency: 'USD', designer_plan: 'pro' }],
]);

describe('dates and prices', () => {
  it('reads dates and date-times, refuses impossible, future and malformed ones', () => {
    expect(parseSoldAt('2026-11-20', NOW)).toBe('2026-11-20T00:00:00.000Z');
    expect(parseSoldAt('2026-11-20T14:05:00+02:00', NOW)).toBe('2026-11-20T12:05:00.000Z');
    expect(parseSoldAt('2026-11-20 14:05Z', NOW)).toBe('2026-11-20T14:05:00.000Z');
    for (const bad of ['2026-02-31', '2026-13-01', '20/11/2026', '2026-11-30', 'yesterday', '', '1999-12-31']) expect(parseSoldAt(bad, NOW)).toBeNull();
  });

  it('reads prices with a dot or a comma, refuses negatives and fractions of a cent', () => {
    expect(parsePrice('18')).toBe(1800);
    expect(parsePrice('18.5')).toBe(1850);
    expect(parsePrice(' 12,50 ')).toBe(1250);
    expect(parsePrice('0')).toBe(0);
    for (const bad of ['-1', '1.005', 'twelve', '', '1e3']) expect(parsePrice(bad)).toBeNull();
  });
});

describe('judging lines', () => {
  it('gives each bad line its reason and keeps the good ones', () => {
    const rows = [
      { external_id: 'a', pattern_id: carried, quantity: '2', unit_price: '18.00', currency: '', sold_at: '2026-11-01' },
      { external_id: 'b', pattern_id: elsewhere, quantity: '1', unit_price: '18.00', sold_at: '2026-11-01' },
      { external_id: 'c', pattern_id: '00000000-0000-4000-8000-000000000000', quantity: '1', unit_price: '1', sold_at: '2026-11-01' },
      { external_id: 'd', pattern_id: carried, quantity: '0', unit_price: '1', sold_at: '2026-11-01' },
      { external_id: 'a', pattern_id: carried, quantity: '1', unit_price: '1', sold_at: '2026-11-01' },
      { external_id: '', pattern_id: 'nope', quantity: '1.5', unit_price: '-2', currency: 'XYZ', sold_at: 'soon' },
    ];
    const verdicts = judgeLines(rows, csvSaleRowSchema, facts);
    expect(verdicts[0]).toMatchObject({ status: 'accepted', sale: { quantity: 2, unit_price_cents: 1800, currency: null } });
    expect(verdicts.slice(1).map((v) => (v.status === 'rejected' ? v.reason : v.status))).toEqual([
      REASONS.not_carried,
      REASONS.unknown_pattern,
      REASONS.quantity,
      REASONS.repeated,
      [REASONS.external_id, REASONS.pattern_id, REASONS.quantity, REASONS.unit_price, REASONS.currency, REASONS.sold_at].join('; '),
    ]);
    expect(patternIdsOf(rows)).toEqual([carried, elsewhere, '00000000-0000-4000-8000-000000000000']);
  });

  it('the API line schema takes numbers and refuses strings for them', () => {
    const ok = saleLineSchema.safeParse({ external_id: 'x', pattern_id: carried, quantity: 1, unit_price_cents: 100, sold_at: '2026-11-01T10:00:00Z' });
    expect(ok.success).toBe(true);
    const bad = saleLineSchema.safeParse({ external_id: 'x', pattern_id: carried, quantity: '1', unit_price_cents: 1.5, sold_at: '2026-11-01T10:00:00Z' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([REASONS.quantity, REASONS.unit_price]);
  });
});

describe('CSV files', () => {
  it('needs the named columns, reads any order and separators, and writes what it reads', () => {
    expect(readSalesCsv('a,b\n1,2').problem).toContain('missing: external_id, pattern_id, quantity, unit_price, sold_at');
    expect(readSalesCsv('external_id,pattern_id,quantity,unit_price,sold_at\n').problem).toBe('The file has a header but no sales.');
    const file = readSalesCsv('\uFEFFSold_At;Quantity;Unit_Price;Pattern_ID;External_ID\r\n2026-11-01;1;"12,50";x;r-1\r\n\r\n');
    expect(file).toEqual({ problem: null, rows: [{ sold_at: '2026-11-01', quantity: '1', unit_price: '12,50', pattern_id: 'x', external_id: 'r-1' }] });
    expect(
      writeCsv(
        [
          { a: 'x, "y"', b: 2 },
          { a: '=SUM(A1)', b: null },
        ],
        ['a', 'b'],
      ),
    ).toBe('a,b\r\n"x, ""y""",2\r\n"\'=SUM(A1)",\r\n');
  });
});

describe('royalty', () => {
  it("is the rate of the list price per copy, split by the designer's plan", () => {
    expect(PRINT_ROYALTY_BP).toBe(6000);
    expect(printRoyalty(1400, 3, 'USD', 'free')).toEqual(splitRoyalty(3 * percentOf(1400, 6000), 'USD', 'free'));
    expect(printRoyalty(1405, 1, 'EUR', 'pro')).toEqual({ price: 843, platformFee: 17, designerPayout: 826, currency: 'EUR' });
    expect(printRoyalty(0, 2, 'GBP', 'free').price).toBe(0);
    expect(() => printRoyalty(1400, 0, 'USD', 'free')).toThrow('Quantity');
  });
});
