/**
 * In-shop sales reported by a till (the pos-sales function) or a CSV upload (the page's preview
 * and the pos-import function): the ONE set of rules both follow. The browser marks bad rows with
 * these reasons before anything is sent; the server judges every row again with the same code.
 */
import '../zodNoEval.ts';
import { z } from 'zod';
import { sharedText } from '../formatLocale.ts';
import { SUPPORTED_CURRENCIES, type Currency } from '../money.ts';

/** Requests per minute one till key may make (the database counts them: pos_authenticate). */
export const POS_REQUESTS_PER_MINUTE = 60;
/** Lines one sales request may carry. */
export const MAX_SALE_LINES = 500;
/** Rows one CSV upload may carry. */
export const MAX_CSV_ROWS = 5000;
export const MAX_QUANTITY = 10000;
/** A sale may be dated at most this far ahead of the server's clock (tills drift). */
const CLOCK_SKEW_MS = 10 * 60 * 1000;
const EARLIEST_SALE = Date.parse('2000-01-01T00:00:00Z');

/** One in-shop sale, as the till sends it and as it is recorded. */
export interface SaleLine {
  external_id: string;
  pattern_id: string;
  quantity: number;
  unit_price_cents: number;
  /** The shop's currency when the line leaves it out. */
  currency: Currency | null;
  /** ISO timestamp (UTC). */
  sold_at: string;
}

/** Why a line is refused, in the API's words (what a till reads, and the functions answer). */
export const REASONS = {
  external_id: 'external_id is required (your receipt or line number, at most 100 characters)',
  pattern_id: 'pattern_id must be a pattern id from your catalog feed',
  quantity: `quantity must be a whole number from 1 to ${MAX_QUANTITY}`,
  unit_price: 'unit price must be an amount of zero or more, like 12.50',
  currency: `currency must be one of ${SUPPORTED_CURRENCIES.join(', ')}`,
  sold_at: 'sold_at must be a date like 2026-11-20 or a date and time like 2026-11-20T14:05:00Z, not in the future',
  unknown_pattern: 'No pattern has this id',
  not_carried: 'Your shop does not carry this pattern (another shop’s, or not in your stock)',
  repeated: 'This external_id appears more than once in this upload',
} as const;
type Reason = keyof typeof REASONS;

const REASON_IDS: Record<Reason, string> = {
  external_id: /*i18n*/ 'shared.pos.reason.externalId',
  pattern_id: /*i18n*/ 'shared.pos.reason.patternId',
  quantity: /*i18n*/ 'shared.pos.reason.quantity',
  unit_price: /*i18n*/ 'shared.pos.reason.unitPrice',
  currency: /*i18n*/ 'shared.pos.reason.currency',
  sold_at: /*i18n*/ 'shared.pos.reason.soldAt',
  unknown_pattern: /*i18n*/ 'shared.pos.reason.unknownPattern',
  not_carried: /*i18n*/ 'shared.pos.reason.notCarried',
  repeated: /*i18n*/ 'shared.pos.reason.repeated',
};

/** A reason in the page's language; in the functions (no catalog loaded) the API's English words. */
function reason(key: Reason): string {
  return sharedText(REASON_IDS[key], REASONS[key], { max: MAX_QUANTITY, currencies: SUPPORTED_CURRENCIES.join(', ') });
}
/** The same reason as zod's message, read when zod reports it (so in the language of that moment). */
const because = (key: Reason) => ({ error: () => reason(key) });

/** A line's reasons as the server wrote them ("a; b", the API's English) in the page's language. */
export function sayReasons(text: string): string {
  const keys = Object.keys(REASONS) as Reason[];
  return text
    .split('; ')
    .map((part) => {
      const key = keys.find((k) => REASONS[k] === part);
      return key ? reason(key) : part;
    })
    .join('; ');
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const isoDateTime = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A date or date-time string → ISO UTC, or null when it is not a real date, is too old or in the future. */
export function parseSoldAt(value: string, now: number = Date.now()): string | null {
  const text = value.trim();
  if (!isoDate.test(text) && !isoDateTime.test(text)) return null;
  // Date.parse rolls 2026-02-31 over to March: the written day must exist.
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (new Date(Date.UTC(y, m - 1, d)).getUTCDate() !== d || m < 1 || m > 12) return null;
  const time = Date.parse(isoDate.test(text) ? `${text}T00:00:00Z` : text.replace(' ', 'T'));
  if (Number.isNaN(time) || time < EARLIEST_SALE || time > now + CLOCK_SKEW_MS) return null;
  return new Date(time).toISOString();
}

const externalId = z.string(because('external_id')).trim().min(1, because('external_id')).max(100, because('external_id'));
const patternId = z.guid(because('pattern_id'));
const quantity = z.number(because('quantity')).int(because('quantity')).min(1, because('quantity')).max(MAX_QUANTITY, because('quantity'));
const currency = z.enum(SUPPORTED_CURRENCIES, because('currency'));
const soldAt = z.string(because('sold_at')).transform((value, ctx) => {
  const iso = parseSoldAt(value);
  if (iso === null) {
    ctx.addIssue({ code: 'custom', message: reason('sold_at') });
    return z.NEVER;
  }
  return iso;
});

/** One line of the sales endpoint's JSON body. */
export const saleLineSchema = z.object({
  external_id: externalId,
  pattern_id: patternId,
  quantity,
  unit_price_cents: z.number(because('unit_price')).int(because('unit_price')).min(0, because('unit_price')).max(100_000_000, because('unit_price')),
  currency: currency.nullish().transform((c) => c ?? null),
  sold_at: soldAt,
});

/** The sales endpoint's body: the lines are judged one by one (saleLineSchema), not all or nothing. */
export const salesRequestSchema = z.object({
  lines: z
    .array(z.unknown(), { error: 'Send {"lines": [...]} with at least one sale' })
    .min(1, { error: 'Send at least one sale line' })
    .max(MAX_SALE_LINES, { error: `Send at most ${MAX_SALE_LINES} lines per request` }),
});

/** "12.50", "12,50", "12" → 1250; anything else (negative, three decimals, text) → null. */
export function parsePrice(value: string): number | null {
  const text = value.trim().replace(',', '.');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The CSV file's columns; the first row must name them (any order, extra columns ignored). */
export const CSV_COLUMNS = ['external_id', 'pattern_id', 'quantity', 'unit_price', 'currency', 'sold_at'] as const;
export const REQUIRED_CSV_COLUMNS = ['external_id', 'pattern_id', 'quantity', 'unit_price', 'sold_at'] as const;

const cell = (key: Reason) => z.string(because(key)).default('');

/** One CSV row (all text, as read from the file) → a sale line, with the same reasons as the API. */
export const csvSaleRowSchema = z
  .object({
    external_id: cell('external_id').pipe(externalId),
    pattern_id: cell('pattern_id')
      .transform((v) => v.trim())
      .pipe(patternId),
    quantity: cell('quantity')
      .transform((v, ctx) => {
        if (!/^\s*\d+\s*$/.test(v)) {
          ctx.addIssue({ code: 'custom', message: reason('quantity') });
          return z.NEVER;
        }
        return Number(v);
      })
      .pipe(quantity),
    unit_price: cell('unit_price').transform((v, ctx) => {
      const cents = parsePrice(v);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: reason('unit_price') });
        return z.NEVER;
      }
      return cents;
    }),
    currency: cell('currency')
      .transform((v) => v.trim().toUpperCase())
      .pipe(z.union([z.literal(''), currency], because('currency')))
      .transform((c) => (c === '' ? null : c)),
    sold_at: cell('sold_at').pipe(soldAt),
  })
  .transform((row): SaleLine => ({
    external_id: row.external_id,
    pattern_id: row.pattern_id,
    quantity: row.quantity,
    unit_price_cents: row.unit_price,
    currency: row.currency,
    sold_at: row.sold_at,
  }));

/** What the shop's catalog knows about a pattern a line names. */
export interface PatternFacts {
  carried: boolean;
  price_cents: number;
  currency: string;
  designer_plan: string;
}

export type LineVerdict =
  | { line: number; external_id: string | null; status: 'accepted'; sale: SaleLine }
  | { line: number; external_id: string | null; status: 'rejected'; reason: string };

function reasonsOf(error: z.ZodError): string {
  return [...new Set(error.issues.map((i) => i.message))].join('; ');
}

function externalIdOf(input: unknown): string | null {
  if (input && typeof input === 'object' && 'external_id' in input) {
    const v = (input as { external_id: unknown }).external_id;
    if (typeof v === 'string' && v.trim() !== '') return v.trim().slice(0, 100);
  }
  return null;
}

/**
 * Judges lines in order (1-based `line`): shape first (`schema`), then one external_id per
 * upload, then the pattern: known, and carried by this shop. `facts` holds what the database
 * said about each pattern id the lines name (absent = unknown).
 */
export function judgeLines(
  inputs: readonly unknown[],
  schema: { safeParse(input: unknown): z.ZodSafeParseResult<SaleLine> },
  facts: ReadonlyMap<string, PatternFacts>,
  firstLine = 1,
): LineVerdict[] {
  const seen = new Set<string>();
  return inputs.map((input, i): LineVerdict => {
    const line = i + firstLine;
    const parsed = schema.safeParse(input);
    if (!parsed.success) return { line, external_id: externalIdOf(input), status: 'rejected', reason: reasonsOf(parsed.error) };
    const sale = parsed.data;
    if (seen.has(sale.external_id)) return { line, external_id: sale.external_id, status: 'rejected', reason: reason('repeated') };
    seen.add(sale.external_id);
    const known = facts.get(sale.pattern_id.toLowerCase());
    if (!known) return { line, external_id: sale.external_id, status: 'rejected', reason: reason('unknown_pattern') };
    if (!known.carried) return { line, external_id: sale.external_id, status: 'rejected', reason: reason('not_carried') };
    return { line, external_id: sale.external_id, status: 'accepted', sale: { ...sale, pattern_id: sale.pattern_id.toLowerCase() } };
  });
}

/** The pattern ids named by well-formed lines (what to ask the database about). */
export function patternIdsOf(inputs: readonly unknown[]): string[] {
  const ids = new Set<string>();
  for (const input of inputs) {
    if (input && typeof input === 'object' && 'pattern_id' in input) {
      const v = String((input as { pattern_id: unknown }).pattern_id ?? '')
        .trim()
        .toLowerCase();
      if (patternId.safeParse(v).success) ids.add(v);
    }
  }
  return [...ids];
}
