/**
 * The marketplace's name lives here and nowhere else: "Stitchhouse" is a working
 * name, so every screen, e-mail and legal page reads it from this module.
 */
export const BRAND_NAME = 'Stitchhouse';

/** One line that says what the marketplace is for, used under the logo and in page titles. */
export const BRAND_TAGLINE = 'Sewing and craft patterns, sold by the people who draft them.';

/** Contact addresses named on the legal and support pages. */
export const BRAND_CONTACT = {
  support: 'help@stitchhouse.example',
  privacy: 'privacy@stitchhouse.example',
  legal: 'legal@stitchhouse.example',
} as const;

/** Builds a document title such as "Pricing · Stitchhouse". */
export function pageTitle(page?: string): string {
  const trimmed = page?.trim();
  return trimmed ? `${trimmed} · ${BRAND_NAME}` : `${BRAND_NAME} · ${BRAND_TAGLINE}`;
}
