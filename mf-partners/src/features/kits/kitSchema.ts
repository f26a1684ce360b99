// The kit form's rules, worded as the database words them (check_kit() in
// 20261123004100_supplier_kits.sql), so the form catches mistakes before the round trip.
import * as z from '@stitchhouse/shared/zod.ts';
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

export const kitSchema = z.object({
  patternId: z.string().uuid('Pick the pattern this kit is for.'),
  title: z.string().trim().min(3, 'A kit title needs 3 to 120 characters.').max(120, 'A kit title needs 3 to 120 characters.'),
  description: z.string().trim().max(1000, 'A kit description can be at most 1000 characters.'),
  price: z
    .string()
    .trim()
    .min(1, 'Enter the kit’s price, e.g. 24.50.')
    .transform((value, ctx) => {
      const cents = parsePrice(value);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: 'Enter the price as a number, e.g. 24.50.' });
        return z.NEVER;
      }
      if (cents < 1 || cents > 10_000_000) {
        ctx.addIssue({ code: 'custom', message: 'A kit price must be more than 0 and at most 100000.00.' });
        return z.NEVER;
      }
      return cents;
    }),
  currency: z.enum(SUPPORTED_CURRENCIES, { message: 'Kit prices can be in EUR, GBP or USD.' }),
  url: z.string().trim().refine(isShopLink, 'The shop link must be a full https:// address of your shop, e.g. https://yourshop.example/kits/harbour.'),
});

export type KitFormOutput = z.output<typeof kitSchema>;
