// A review as the form holds it (the stars as the chosen radio's value, the text as typed), checked
// before saving; the database checks the same bounds (reviews.rating 1–5, body length). The
// messages are ids of the catalog, read in the page's language where the form shows them.
import * as z from '@stitchhouse/shared/zod.ts';

export const REVIEW_MAX_LENGTH = 4000;

export const reviewFormSchema = z.object({
  rating: z.coerce.number().int().min(1, /*i18n*/ 'catalog.reviews.form.ratingRequired').max(5, /*i18n*/ 'catalog.reviews.form.ratingRequired'),
  // saved as typed; only the check looks past the spaces
  body: z
    .string()
    .refine((body) => body.trim().length > 0, /*i18n*/ 'catalog.reviews.form.bodyRequired')
    .refine((body) => body.trim().length <= REVIEW_MAX_LENGTH, /*i18n*/ 'catalog.reviews.form.bodyTooLong'),
});
