import { describe, expect, it } from 'vitest';
import { chartPoints, delta, REPORTS, sortRows, totalOf } from './definitions.ts';

const rows = [
  { day: '2026-10-02', currency: 'EUR', lines: 2, net_cents: 1000, gross_cents: 1500, fee_cents: 1, vat_cents: 1, refunds_cents: 0 },
  { day: '2026-10-01', currency: 'USD', lines: 1, net_cents: 700, gross_cents: 900, fee_cents: 1, vat_cents: 1, refunds_cents: 0 },
  { day: '2026-10-01', currency: 'EUR', lines: 1, net_cents: -200, gross_cents: 0, fee_cents: 0, vat_cents: 0, refunds_cents: 300 },
];

describe('report maths', () => {
  it('totals money per currency and counts once', () => {
    const sales = REPORTS.sales!;
    expect(totalOf(sales.totals.find((t) => t.label === 'Net')!, rows)).toEqual({ EUR: 800, USD: 700 });
    expect(totalOf(sales.totals.find((t) => t.label === 'Order lines')!, rows)).toEqual({ '': 4 });
    expect(totalOf(sales.totals.find((t) => t.label === 'Order lines')!, [])).toEqual({ '': 0 });
  });

  it('compares with the previous period', () => {
    expect(delta(1200, 1000)).toEqual({ difference: 200, percent: 20 });
    expect(delta(500, 0)).toEqual({ difference: 500, percent: null });
    expect(delta(-50, 100)).toEqual({ difference: -150, percent: -150 });
  });

  it('charts one currency by day, in day order', () => {
    expect(chartPoints(REPORTS.sales!, rows, 'EUR')).toEqual([{ x: '2026-10-01', value: -200 }, { x: '2026-10-02', value: 1000 }]);
  });

  it('sorts numbers as numbers', () => {
    const net = REPORTS.sales!.columns.find((c) => c.key === 'net_cents')!;
    expect(sortRows(rows, net, 'descending').map((r) => r.net_cents)).toEqual([1000, 700, -200]);
    const d = REPORTS.sales!.columns.find((c) => c.key === 'day')!;
    expect(sortRows(rows, d, 'ascending').map((r) => r.day)).toEqual(['2026-10-01', '2026-10-01', '2026-10-02']);
  });
});
