// @ts-check
/**
 * A store's address, /stores/:slug (the database's `stores_slug_format`): lowercase letters and
 * digits in runs joined by single hyphens, 3–40 characters. The account's slug field
 * (shared/src/account/schemas.ts), the storefront's read (mf-catalog) and the page's server
 * (scripts/route-hints.mjs) read it here. A module of its own, so the account's schemas do not
 * bring the catalog's column lists with them.
 */
export const STORE_SLUG_RULE = Object.freeze({ pattern: /^[a-z0-9]+(-[a-z0-9]+)*$/, min: 3, max: 40 });

/**
 * Whether a /stores/:slug address can name a store: another is not asked for.
 * @param {string} slug
 */
export function isStoreSlug(slug) {
  return slug.length >= STORE_SLUG_RULE.min && slug.length <= STORE_SLUG_RULE.max && STORE_SLUG_RULE.pattern.test(slug);
}
