// The screens import the columns, the page size and the slug rule through this module, which the
// shell provides with the catalog's other platform files; the page's server imports the .mjs.
export { CATALOG_PAGE_SIZE, PATTERN_PAGE_COLUMNS, STOREFRONT_COLUMNS } from './columns.mjs';
export { STORE_SLUG_RULE, isStoreSlug } from './storeSlug.mjs';
