// The screens import the columns through this module, which the shell provides with the catalog's
// other platform files (one chunk the catalog already loads); the page's server imports the .mjs.
export { PATTERN_PAGE_COLUMNS, STOREFRONT_COLUMNS } from './columns.mjs';
