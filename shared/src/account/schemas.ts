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
import { i18n } from '../i18n/index.ts';
import '../form/messages.ts';
import { say, text } from '../zodMessage.ts';

export const profileSchema = z.object({
  displayName: z.string().trim().min(1, say(/*i18n*/ 'shared.form.displayNameRequired')).max(80, atMost(80)),
});

/** A new address, and the current password to prove it is the account's owner asking. */
export const emailChangeSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, say(/*i18n*/ 'shared.account.currentPassword')),
});

export const STORE_KINDS = ['designer', 'retailer', 'supplier'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];
const STORE_KIND_IDS: Record<StoreKind, string> = {
  designer: /*i18n*/ 'shared.account.kindDesigner',
  retailer: /*i18n*/ 'shared.account.kindRetailer',
  supplier: /*i18n*/ 'shared.account.kindSupplier',
};
/** Each kind's choice, in the page's language when read. */
export const STORE_KIND_LABELS: Readonly<Record<StoreKind, string>> = {
  get designer() {
    return i18n._(STORE_KIND_IDS.designer);
  },
  get retailer() {
    return i18n._(STORE_KIND_IDS.retailer);
  },
  get supplier() {
    return i18n._(STORE_KIND_IDS.supplier);
  },
};

/** A store's address (STORE_SLUG_RULE, the database's); reserved words are checked live by the server. */
export const slugSchema = z
  .string()
  .trim()
  .min(STORE_SLUG_RULE.min, say(/*i18n*/ 'shared.form.atLeast', { count: STORE_SLUG_RULE.min }))
  .max(STORE_SLUG_RULE.max, atMost(STORE_SLUG_RULE.max))
  .regex(STORE_SLUG_RULE.pattern, say(/*i18n*/ 'shared.account.slugFormat'));

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

/** "Use at most 80 characters." */
function atMost(count: number) {
  return say(/*i18n*/ 'shared.form.atMost', { count });
}

/** An optional field's limit, naming the field (`label` an id of shared's catalog): "Street: use at most 200 characters." */
const optional = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: () => i18n._('shared.account.fieldAtMost', { field: i18n._(label), count: max }) });

export const storeSchema = z
  .object({
    name: z.string().trim().min(1, say(/*i18n*/ 'shared.account.storeName')).max(80, atMost(80)),
    slug: slugSchema,
    kind: z.enum(STORE_KINDS, say(/*i18n*/ 'shared.account.storeKind')),
    bio: z.string().max(5000, say(/*i18n*/ 'shared.account.bioTooLong', { count: 5000 })),
    country: z.string().regex(/^[A-Z]{2}$/, say(/*i18n*/ 'shared.account.country')),
    currency: z.enum(SUPPORTED_CURRENCIES, say(/*i18n*/ 'shared.account.currency')),
    addressLine1: optional(200, /*i18n*/ 'shared.account.street'),
    addressLine2: optional(200, /*i18n*/ 'shared.account.addressLine2'),
    city: optional(100, /*i18n*/ 'shared.account.city'),
    postalCode: optional(20, /*i18n*/ 'shared.account.postcode'),
    region: optional(100, /*i18n*/ 'shared.account.region'),
    openingHours: z.string().max(500, say(/*i18n*/ 'shared.account.openingHoursTooLong', { count: 500 })),
  })
  .superRefine((store, ctx) => {
    // stores_retailer_address: a shop has a street address customers can visit.
    if (store.kind !== 'retailer') return;
    if (!store.addressLine1) ctx.addIssue({ code: 'custom', path: ['addressLine1'], message: text(/*i18n*/ 'shared.account.shopStreet') });
    if (!store.city) ctx.addIssue({ code: 'custom', path: ['city'], message: text(/*i18n*/ 'shared.account.shopCity') });
    if (!store.postalCode) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: text(/*i18n*/ 'shared.account.shopPostcode') });
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
  if (size === 0) return i18n._('shared.account.fileEmpty');
  if (size > IMAGE_MAX_BYTES)
    return i18n._('shared.account.imageTooLarge', {
      size: new Intl.NumberFormat(i18n.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(size / 1024 / 1024),
      limit: 10,
    });
  if (!sniffImageType(head)) return i18n._('shared.account.imageType');
  return null;
}

/** A wholesale application (wholesale_accounts): the tax number must fit the country. */
export const wholesaleApplicationSchema = z
  .object({
    businessName: z.string().trim().min(2, say(/*i18n*/ 'shared.account.businessName')).max(120, atMost(120)),
    country: z.string().regex(/^[A-Z]{2}$/, say(/*i18n*/ 'shared.account.businessCountry')),
    taxId: z.string().trim().min(1, say(/*i18n*/ 'shared.account.taxId')),
    addressLine1: z.string().trim().min(3, say(/*i18n*/ 'shared.account.streetRequired')).max(200, atMost(200)),
    addressLine2: z.string().trim().max(200, atMost(200)),
    city: z.string().trim().min(1, say(/*i18n*/ 'shared.account.cityRequired')).max(100, atMost(100)),
    postalCode: z.string().trim().min(2, say(/*i18n*/ 'shared.account.postcodeRequired')).max(20, atMost(20)),
    region: z.string().trim().max(100, atMost(100)),
    website: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^https?:\/\/\S+$/, say(/*i18n*/ 'shared.account.website')),
    ]),
  })
  .superRefine((application, ctx) => {
    if (application.taxId && !taxIdMatchesCountry(application.country, application.taxId)) {
      const example = taxIdExample(application.country);
      ctx.addIssue({
        code: 'custom',
        path: ['taxId'],
        message: example ? text(/*i18n*/ 'shared.account.taxIdWrongExample', { example }) : text(/*i18n*/ 'shared.account.taxIdWrong'),
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
  password: z.string().min(1, say(/*i18n*/ 'shared.account.currentPassword')),
  code: z
    .string()
    .transform((code) => code.replace(/\s+/g, ''))
    .pipe(z.union([z.literal(''), z.string().regex(/^\d{6}$/, say(/*i18n*/ 'shared.form.codeFormat'))])),
  confirm: z.literal('yes', say(/*i18n*/ 'shared.account.deleteConfirm')),
});
