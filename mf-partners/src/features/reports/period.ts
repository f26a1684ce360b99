// A report's date range: presets, a custom range, both kept in the URL (?range=last-30 or
// ?range=custom&from=2026-10-01&to=2026-10-31), and the previous period it is compared with.
// Days are UTC calendar days, as the SQL reports count them; `to` is inclusive.

import { formatPeriodDay } from './format.ts';

// labels are catalog ids, read with i18n._ where the picker shows them
export const PRESETS = [
  { value: 'last-7', label: /*i18n*/ 'partners.period.last7' },
  { value: 'last-30', label: /*i18n*/ 'partners.period.last30' },
  { value: 'last-90', label: /*i18n*/ 'partners.period.last90' },
  { value: 'this-month', label: /*i18n*/ 'partners.period.thisMonth' },
  { value: 'last-month', label: /*i18n*/ 'partners.period.lastMonth' },
  { value: 'this-year', label: /*i18n*/ 'partners.period.thisYear' },
  { value: 'custom', label: /*i18n*/ 'partners.period.custom' },
] as const;

export type Preset = (typeof PRESETS)[number]['value'];
export interface Period {
  preset: Preset;
  from: string;
  to: string;
}

export const DEFAULT_PRESET: Exclude<Preset, 'custom'> = 'last-30';
const DAY = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);
const addDays = (day: string, n: number) => toDay(ms(day) + n * DAY);
const isDay = (s: string | null): s is string => !!s && ISO_DAY.test(s) && !Number.isNaN(ms(s)) && toDay(ms(s)) === s;
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const previousMonthStart = (day: string) => {
  const d = new Date(ms(monthStart(day)));
  return toDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
};

/** Number of days in the range, both ends counted. */
export const daysIn = (p: { from: string; to: string }) => Math.round((ms(p.to) - ms(p.from)) / DAY) + 1;

/** The dates of a preset on `today` (YYYY-MM-DD, UTC). */
export function presetPeriod(preset: Exclude<Preset, 'custom'>, today: string): Period {
  switch (preset) {
    case 'last-7':
      return { preset, from: addDays(today, -6), to: today };
    case 'last-30':
      return { preset, from: addDays(today, -29), to: today };
    case 'last-90':
      return { preset, from: addDays(today, -89), to: today };
    case 'this-month':
      return { preset, from: monthStart(today), to: today };
    case 'last-month':
      return { preset, from: previousMonthStart(today), to: addDays(monthStart(today), -1) };
    case 'this-year':
      return { preset, from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

export type PeriodProblem = 'bad-date' | 'end-before-start' | 'too-long';
/** What is wrong with a custom range, as catalog ids. */
export const PROBLEM_TEXT: Record<PeriodProblem, string> = {
  'bad-date': /*i18n*/ 'partners.period.problem.badDate',
  'end-before-start': /*i18n*/ 'partners.period.problem.endBeforeStart',
  'too-long': /*i18n*/ 'partners.period.problem.tooLong',
};

export function checkCustom(from: string | null, to: string | null): PeriodProblem | null {
  if (!isDay(from) || !isDay(to)) return 'bad-date';
  if (to < from) return 'end-before-start';
  if (daysIn({ from, to }) > 3660) return 'too-long';
  return null;
}

/** The period the URL asks for; anything unreadable falls back to the default preset (with the problem, for custom ranges). */
export function periodFromSearch(search: URLSearchParams, today: string): { period: Period; problem: PeriodProblem | null } {
  const asked = search.get('range') as Preset | null;
  if (asked === 'custom') {
    const from = search.get('from');
    const to = search.get('to');
    const problem = checkCustom(from, to);
    if (!problem) return { period: { preset: 'custom', from: from!, to: to! }, problem: null };
    return { period: presetPeriod(DEFAULT_PRESET, today), problem };
  }
  const preset = PRESETS.some((p) => p.value === asked) ? (asked as Exclude<Preset, 'custom'>) : DEFAULT_PRESET;
  return { period: presetPeriod(preset, today), problem: null };
}

/** The URL parameters of a period (presets move with the calendar, so only custom ranges keep dates). */
export function periodSearch(period: Period): Record<string, string> {
  return period.preset === 'custom' ? { range: 'custom', from: period.from, to: period.to } : { range: period.preset };
}

/**
 * The period to compare with: the month before for "last month", the same dates a year earlier
 * for "this year", otherwise the same number of days just before.
 */
export function previousPeriod(period: Period): { from: string; to: string } {
  if (period.preset === 'last-month') return { from: previousMonthStart(period.from), to: addDays(period.from, -1) };
  if (period.preset === 'this-year') {
    const year = Number(period.from.slice(0, 4)) - 1;
    const to = `${year}${period.to.slice(4)}`;
    return { from: `${year}-01-01`, to: isDay(to) ? to : `${year}-02-28` };
  }
  const length = daysIn(period);
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}

export const todayUtc = () => toDay(Date.now());

/** The last 12 months to `today` (365 days, a custom range): where an empty report looks for data to offer. */
export const lastTwelveMonths = (today: string): Period => ({ preset: 'custom', from: addDays(today, -364), to: today });

/** Whether `outer` covers all of `inner` (an empty period inside it needs no second look). */
export const covers = (outer: { from: string; to: string }, inner: { from: string; to: string }) => outer.from <= inner.from && outer.to >= inner.to;

/** "1 Oct 2026 – 31 Oct 2026" (in the page's language: "1. Okt. 2026 – 31. Okt. 2026") */
export function periodLabel(p: { from: string; to: string }): string {
  return `${formatPeriodDay(p.from)} – ${formatPeriodDay(p.to)}`;
}
