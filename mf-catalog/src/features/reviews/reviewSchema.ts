// A review as the form holds it (the stars as the chosen radio's value, the text as typed), checked
// before saving; the database checks the same bounds (reviews.rating 1–5, body length).
import * as z from '@stitchhouse/shared/zod.ts';

export const REVIEW_MAX_LENGTH = 4000;

export const reviewFormSchema = z.object({
  rating: z.coerce.number().int().min(1, 'Choose from 1 to 5 stars').max(5, 'Choose from 1 to 5 stars'),
  // saved as typed; only the check looks past the spaces
  body: z
    .string()
    .refine((body) => body.trim().length > 0, 'Tell other makers how it went')
    .refine((body) => body.trim().length <= REVIEW_MAX_LENGTH, 'Keep it under 4,000 characters'),
});
