// The kit form's rules, worded as the database words them (check_kit() in
// 20261123004100_supplier_kits.sql), so the form catches mistakes before the round trip.
import * as z from '@stitchhouse/shared/zod.ts';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import { SUPPORTED_CURRENCIES } from '@stitchhouse/shared/money.ts';

const HOST = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** Whether a link is a full https:// address with a real host name (the same rule as the database). */
export function isShopLink(value: string): boolean {
  if (value.length > 2000 || /\s/.test(value) || !value.startsWith('https://')) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && HOST.test(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** "24.50" / "24,50" / "24" → 2450 minor units; null when it is not an amount. */
export function parsePrice(value: string): number | null {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

// The messages are read when a form is checked (zod's `error` functions), so they are in the
// language the page is in then.
const say = (id: string) => ({ error: () => i18n._(id) });

export const kitSchema = z.object({
  patternId: z.string().uuid(say(/*i18n*/ 'partners.kit.rule.pattern')),
  title: z.string().trim().min(3, say(/*i18n*/ 'partners.kit.rule.title')).max(120, say(/*i18n*/ 'partners.kit.rule.title')),
  description: z.string().trim().max(1000, say(/*i18n*/ 'partners.kit.rule.description')),
  price: z
    .string()
    .trim()
    .min(1, say(/*i18n*/ 'partners.kit.rule.priceMissing'))
    .transform((value, ctx) => {
      const cents = parsePrice(value);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: i18n._('partners.kit.rule.priceNumber') });
        return z.NEVER;
      }
      if (cents < 1 || cents > 10_000_000) {
        ctx.addIssue({ code: 'custom', message: i18n._('partners.kit.rule.priceRange') });
        return z.NEVER;
      }
      return cents;
    }),
  currency: z.enum(SUPPORTED_CURRENCIES, say(/*i18n*/ 'partners.kit.rule.currency')),
  url: z.string().trim().refine(isShopLink, say(/*i18n*/ 'partners.kit.rule.url')),
});

export type KitFormOutput = z.output<typeof kitSchema>;
