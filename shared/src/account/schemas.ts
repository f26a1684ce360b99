/**
 * The account screens' rules, mirrored by the database's checks (profiles, stores:
 * 20261122000100_accounts.sql, 20261122000200_catalog.sql, 20261123002000_account.sql),
 * so a form says what is wrong before the server has to.
 */
import '../zodNoEval.ts';
import { z } from 'zod';
import { emailSchema } from '../auth/schemas.ts';
import { STORE_SLUG_RULE } from '../catalog/storeSlug.mjs';
import { SUPPORTED_CURRENCIES } from '../money.ts';
import { taxIdExample, taxIdMatchesCountry } from './taxId.ts';

export const profileSchema = z.object({
  displayName: z.string().trim().min(1, 'Enter the name other people will see.').max(80, 'Use at most 80 characters.'),
});

/** A new address, and the current password to prove it is the account's owner asking. */
export const emailChangeSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your current password.'),
});

export const STORE_KINDS = ['designer', 'retailer', 'supplier'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];
export const STORE_KIND_LABELS: Record<StoreKind, string> = {
  designer: 'Designer: I sell my own patterns',
  retailer: 'Shop: I run a fabric or craft shop',
  supplier: 'Supplier: I supply shops (approved partners only)',
};

/** A store's address (STORE_SLUG_RULE, the database's); reserved words are checked live by the server. */
export const slugSchema = z
  .string()
  .trim()
  .min(STORE_SLUG_RULE.min, `Use at least ${STORE_SLUG_RULE.min} characters.`)
  .max(STORE_SLUG_RULE.max, `Use at most ${STORE_SLUG_RULE.max} characters.`)
  .regex(STORE_SLUG_RULE.pattern, 'Use lowercase letters, digits and single hyphens between them, e.g. "blue-thimble".');

/** A suggestion for the address from the store's name ("Blue Thimble Studio" → "blue-thimble-studio"). */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, STORE_SLUG_RULE.max)
    .replace(/-+$/, '');
}

const optional = (max: number, label: string) => z.string().trim().max(max, `${label}: use at most ${max} characters.`);

export const storeSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter your store’s name.').max(80, 'Use at most 80 characters.'),
    slug: slugSchema,
    kind: z.enum(STORE_KINDS, 'Choose what kind of store this is.'),
    bio: z.string().max(5000, 'Keep the bio under 5,000 characters.'),
    country: z.string().regex(/^[A-Z]{2}$/, 'Choose a country.'),
    currency: z.enum(SUPPORTED_CURRENCIES, 'Choose a currency.'),
    addressLine1: optional(200, 'Street'),
    addressLine2: optional(200, 'Address line 2'),
    city: optional(100, 'Town or city'),
    postalCode: optional(20, 'Postcode'),
    region: optional(100, 'Region'),
    openingHours: z.string().max(500, 'Keep the opening hours under 500 characters.'),
  })
  .superRefine((store, ctx) => {
    // stores_retailer_address: a shop has a street address customers can visit.
    if (store.kind !== 'retailer') return;
    if (!store.addressLine1) ctx.addIssue({ code: 'custom', path: ['addressLine1'], message: 'A shop needs its street address.' });
    if (!store.city) ctx.addIssue({ code: 'custom', path: ['city'], message: 'A shop needs its town or city.' });
    if (!store.postalCode) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'A shop needs its postcode.' });
  });
export type StoreInput = z.infer<typeof storeSchema>;

/** Images of avatars and stores: what the buckets accept (avatars, store-assets: 10 MiB). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** The image type by its first bytes (a renamed file is not an image), or null. */
export function sniffImageType(head: Uint8Array): (typeof IMAGE_TYPES)[number] | null {
  const at = (i: number, bytes: number[]) => bytes.every((b, j) => head[i + j] === b);
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}

/** Why an image cannot be used, or null when it can. */
export function imageProblem(size: number, head: Uint8Array): string | null {
  if (size === 0) return 'This file is empty.';
  if (size > IMAGE_MAX_BYTES) return `This image is ${(size / 1024 / 1024).toFixed(1)} MB; the limit is 10 MB.`;
  if (!sniffImageType(head)) return 'This file is not a JPEG, PNG or WebP image (checked by its content, not its name).';
  return null;
}

/** A wholesale application (wholesale_accounts): the tax number must fit the country. */
export const wholesaleApplicationSchema = z
  .object({
    businessName: z.string().trim().min(2, 'Enter the business’s registered name.').max(120, 'Use at most 120 characters.'),
    country: z.string().regex(/^[A-Z]{2}$/, 'Choose the business’s country.'),
    taxId: z.string().trim().min(1, 'Enter the VAT or tax number.'),
    addressLine1: z.string().trim().min(3, 'Enter the street address.').max(200, 'Use at most 200 characters.'),
    addressLine2: z.string().trim().max(200, 'Use at most 200 characters.'),
    city: z.string().trim().min(1, 'Enter the town or city.').max(100, 'Use at most 100 characters.'),
    postalCode: z.string().trim().min(2, 'Enter the postcode.').max(20, 'Use at most 20 characters.'),
    region: z.string().trim().max(100, 'Use at most 100 characters.'),
    website: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^https?:\/\/\S+$/, 'Enter the full address, starting with https://'),
    ]),
  })
  .superRefine((application, ctx) => {
    if (application.taxId && !taxIdMatchesCountry(application.country, application.taxId)) {
      const example = taxIdExample(application.country);
      ctx.addIssue({
        code: 'custom',
        path: ['taxId'],
        message: `This does not look like a VAT or tax number for this country${example ? `, e.g. ${example}` : ''}.`,
      });
    }
  });
export type WholesaleApplicationInput = z.infer<typeof wholesaleApplicationSchema>;

/** Files a resale certificate may be (the private bucket's types and limit). */
export const CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;

/** The certificate's type by its first bytes (PDF, JPEG or PNG), or null. */
export function sniffCertificateType(head: Uint8Array): 'application/pdf' | 'image/jpeg' | 'image/png' | null {
  if (head[0] === 0x25 && head[1] === 0x50 && head[2] === 0x44 && head[3] === 0x46) return 'application/pdf';
  const image = sniffImageType(head);
  return image === 'image/jpeg' || image === 'image/png' ? image : null;
}

/** Deleting the account: the current password, the app's code when one is set up, and a yes. */
export const deleteAccountSchema = z.object({
  password: z.string().min(1, 'Enter your current password.'),
  code: z
    .string()
    .transform((code) => code.replace(/\s+/g, ''))
    .pipe(z.union([z.literal(''), z.string().regex(/^\d{6}$/, 'The code is 6 digits, like 123456.')])),
  confirm: z.literal('yes', 'Tick the box to confirm you want to delete your account.'),
});
