import { describe, expect, it } from 'vitest';
import { chartPoints, delta, REPORTS, sortRows, totalOf } from './definitions.ts';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import '../../messages.ts';
import { cellText } from './format.ts';

const rows = [
  { day: '2026-10-02', currency: 'EUR', lines: 2, net_cents: 1000, gross_cents: 1500, fee_cents: 1, vat_cents: 1, refunds_cents: 0 },
  { day: '2026-10-01', currency: 'USD', lines: 1, net_cents: 700, gross_cents: 900, fee_cents: 1, vat_cents: 1, refunds_cents: 0 },
  { day: '2026-10-01', currency: 'EUR', lines: 1, net_cents: -200, gross_cents: 0, fee_cents: 0, vat_cents: 0, refunds_cents: 300 },
];

describe('report maths', () => {
  it('totals money per currency and counts once', () => {
    const sales = REPORTS.sales!;
    expect(
      totalOf(
        sales.totals.find((t) => i18n._(t.label) === 'Net')!,
        rows,
      ),
    ).toEqual({ EUR: 800, USD: 700 });
    expect(
      totalOf(
        sales.totals.find((t) => i18n._(t.label) === 'Order lines')!,
        rows,
      ),
    ).toEqual({ '': 4 });
    expect(
      totalOf(
        sales.totals.find((t) => i18n._(t.label) === 'Order lines')!,
        [],
      ),
    ).toEqual({ '': 0 });
  });

  it('compares with the previous period', () => {
    expect(delta(1200, 1000)).toEqual({ difference: 200, percent: 20 });
    expect(delta(500, 0)).toEqual({ difference: 500, percent: null });
    expect(delta(-50, 100)).toEqual({ difference: -150, percent: -150 });
  });

  it('charts one currency by day, in day order', () => {
    expect(chartPoints(REPORTS.sales!, rows, 'EUR')).toEqual([
      { x: '2026-10-01', value: -200 },
      { x: '2026-10-02', value: 1000 },
    ]);
  });

  it('sorts numbers as numbers', () => {
    const net = REPORTS.sales!.columns.find((c) => c.key === 'net_cents')!;
    expect(sortRows(rows, net, 'descending').map((r) => r.net_cents)).toEqual([1000, 700, -200]);
    const d = REPORTS.sales!.columns.find((c) => c.key === 'day')!;
    expect(sortRows(rows, d, 'ascending').map((r) => r.day)).toEqual(['2026-10-01', '2026-10-01', '2026-10-02']);
  });

  it("in-shop sales: a shop's takings in its sale currency and what it owes, apart from a designer's share", () => {
    const inShop = REPORTS['in-shop-sales']!;
    const both = [
      { side: 'shop', currency: 'EUR', copies: 7, royalty_cents: 3154, designer_share_cents: 2839, takings_currency: 'GBP', takings_cents: 11848 },
      { side: 'designer', currency: 'EUR', copies: 2, royalty_cents: 900, designer_share_cents: 810, takings_currency: null, takings_cents: null },
    ];
    const total = (label: string) =>
      totalOf(
        inShop.totals.find((t) => i18n._(t.label) === label)!,
        both,
      );
    expect(total('Takings')).toEqual({ GBP: 11848 });
    expect(total('Royalties you owe')).toEqual({ EUR: 3154 });
    expect(total('Copies sold in your shop')).toEqual({ '': 7 });
    expect(total('Your share')).toEqual({ EUR: 810 });
    const takings = inShop.columns.find((c) => c.key === 'takings_cents')!;
    expect(cellText(takings, both[0]!)).toBe('£118.48');
    expect(
      cellText(
        inShop.columns.find((c) => c.key === 'side')!,
        both[0]!,
      ),
    ).toBe('In your shop');
  });
});
