// The pos-catalog function's wire: GET with a till key → the patterns the shop carries,
// JSON or CSV (?format=csv), with an ETag (If-None-Match → 304). Tills and mf-partners' API docs.
import { z } from 'zod';
import { errorEnvelopeOf } from './envelope.ts';
import { TILL_KEY_ERRORS } from './pos-shared.ts';

export const FEED_COLUMNS = [
  'pattern_id',
  'title',
  'designer',
  'craft',
  'category',
  'status',
  'price_cents',
  'currency',
  'print_royalty_cents',
  'printed_copies',
  'wholesale_price_cents',
  'wholesale_currency',
  'wholesale_min_quantity',
  'updated_at',
] as const;

export const feedItem = z.object({
  pattern_id: z.string(),
  title: z.string(),
  designer: z.string(),
  craft: z.string(),
  category: z.string(),
  /** archived patterns stay in the feed while the shop carries them (printed copies left to sell) */
  status: z.string(),
  price_cents: z.number().int(),
  currency: z.string(),
  /** what the shop owes the designer for each printed copy it sells */
  print_royalty_cents: z.number().int(),
  printed_copies: z.number().int(),
  wholesale_price_cents: z.number().int().nullable(),
  wholesale_currency: z.string().nullable(),
  wholesale_min_quantity: z.number().int().nullable(),
  updated_at: z.string(),
});
export type FeedItem = z.infer<typeof feedItem>;

export const posCatalogResponse = z.object({
  store: z.object({ id: z.string(), name: z.string(), currency: z.string() }),
  count: z.number().int(),
  patterns: z.array(feedItem),
});

export const POS_CATALOG_ERRORS = TILL_KEY_ERRORS;
export const posCatalogError = errorEnvelopeOf(POS_CATALOG_ERRORS);
