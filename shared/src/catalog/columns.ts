// The screens import the columns (and the page size, the slug rule) through this module, which the shell provides with the catalog's
// other platform files (one chunk the catalog already loads); the page's server imports the .mjs.
export { CATALOG_PAGE_SIZE, PATTERN_PAGE_COLUMNS, STOREFRONT_COLUMNS, isStoreSlug } from './columns.mjs';
