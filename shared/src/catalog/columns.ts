// The screens import the columns, the page size and the slug rule through this module, which the
// shell provides with the catalog's other platform files; the page's server imports the .mjs.
export { CATALOG_PAGE_SIZE, PATTERN_PAGE_COLUMNS, STOREFRONT_COLUMNS, STORE_SLUG_RULE, isStoreSlug } from './columns.mjs';
