import { describe, expect, it } from 'vitest';
import { checkCustom, covers, daysIn, lastTwelveMonths, periodFromSearch, periodSearch, presetPeriod, previousPeriod } from './period.ts';

describe('report periods', () => {
  it('presets on a given day', () => {
    expect(presetPeriod('last-7', '2026-11-23')).toEqual({ preset: 'last-7', from: '2026-11-17', to: '2026-11-23' });
    expect(presetPeriod('last-30', '2026-03-01')).toMatchObject({ from: '2026-01-31', to: '2026-03-01' });
    expect(presetPeriod('this-month', '2026-11-23')).toMatchObject({ from: '2026-11-01', to: '2026-11-23' });
    expect(presetPeriod('last-month', '2026-03-15')).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('last-month', '2026-01-05')).toMatchObject({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('this-year', '2026-11-23')).toMatchObject({ from: '2026-01-01', to: '2026-11-23' });
    expect(daysIn(presetPeriod('last-90', '2026-11-23'))).toBe(90);
  });

  it('the previous period', () => {
    expect(previousPeriod({ preset: 'last-7', from: '2026-11-17', to: '2026-11-23' })).toEqual({ from: '2026-11-10', to: '2026-11-16' });
    expect(previousPeriod({ preset: 'custom', from: '2026-10-01', to: '2026-10-31' })).toEqual({ from: '2026-08-31', to: '2026-09-30' });
    expect(previousPeriod({ preset: 'last-month', from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousPeriod({ preset: 'this-year', from: '2028-01-01', to: '2028-02-29' })).toEqual({ from: '2027-01-01', to: '2027-02-28' });
  });

  it('reads and writes the URL; refuses bad custom ranges in words', () => {
    const custom = periodFromSearch(new URLSearchParams('range=custom&from=2026-10-01&to=2026-10-31'), '2026-11-23');
    expect(custom).toEqual({ period: { preset: 'custom', from: '2026-10-01', to: '2026-10-31' }, problem: null });
    expect(periodSearch(custom.period)).toEqual({ range: 'custom', from: '2026-10-01', to: '2026-10-31' });
    expect(periodFromSearch(new URLSearchParams('range=custom&from=2026-10-31&to=2026-10-01'), '2026-11-23').problem).toBe('end-before-start');
    expect(periodFromSearch(new URLSearchParams('range=nonsense'), '2026-11-23').period).toMatchObject({ preset: 'last-30', to: '2026-11-23' });
    expect(checkCustom('2026-02-30', '2026-03-01')).toBe('bad-date');
    expect(periodSearch({ preset: 'this-month', from: '2026-11-01', to: '2026-11-23' })).toEqual({ range: 'this-month' });
  });

  it('the last 12 months an empty report offers, and whether a period already covers them', () => {
    const year = lastTwelveMonths('2026-11-23');
    expect(year).toEqual({ preset: 'custom', from: '2025-11-24', to: '2026-11-23' });
    expect(daysIn(year)).toBe(365);
    expect(covers(presetPeriod('last-30', '2026-11-23'), year)).toBe(false);
    expect(covers({ from: '2025-01-01', to: '2026-11-23' }, year)).toBe(true);
  });
});
