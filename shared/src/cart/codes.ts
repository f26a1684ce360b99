// The two codes a buyer types at checkout, checked before the quote asks the server (which checks
// them again). zod/mini, the flavour the cart already loads on these pages.
import '../zodNoEval.ts';
import * as z from 'zod/mini';
import { REFERRAL_CODE_FORMAT } from '../partners/referral.ts';

/** The database's rule (discount_codes_code_format): 3–32 characters, upper-cased. */
export const DISCOUNT_CODE_FORMAT = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** A store's discount code as typed: any case, spaces around it dropped. */
export const discountCodeEntrySchema = z.object({
  code: z.string().check(z.trim(), z.toUpperCase(), z.regex(DISCOUNT_CODE_FORMAT, 'A code is 3 to 32 letters, digits, “-” or “_”, as the store gave it.')),
});

/** A partner's (reseller's) code as typed: any case, spaces around it dropped. */
export const partnerCodeEntrySchema = z.object({
  code: z.string().check(z.trim(), z.toUpperCase(), z.regex(REFERRAL_CODE_FORMAT, 'A partner code is 4 to 16 letters and digits, as the partner gave it.')),
});
