// @ts-check
// The categories the marketplace names in every language, by their message ids in shared's
// catalog: the catalog's screens (labels.ts `categoryLabel`) and the page server's heads
// (scripts/page-head.mjs, a Product's `category`) read the same words. Designers' own slugs
// outside this list read as written, capitalised.

/** @type {Readonly<Record<string, string>>} */
const CATEGORY_IDS = Object.freeze({
  alphabet: /*i18n*/ 'shared.category.alphabet',
  bag: /*i18n*/ 'shared.category.bag',
  blanket: /*i18n*/ 'shared.category.blanket',
  cardigan: /*i18n*/ 'shared.category.cardigan',
  coat: /*i18n*/ 'shared.category.coat',
  dress: /*i18n*/ 'shared.category.dress',
  hat: /*i18n*/ 'shared.category.hat',
  home: /*i18n*/ 'shared.category.home',
  'home-decor': /*i18n*/ 'shared.category.homeDecor',
  'hoop-art': /*i18n*/ 'shared.category.hoopArt',
  jacket: /*i18n*/ 'shared.category.jacket',
  jumpsuit: /*i18n*/ 'shared.category.jumpsuit',
  kids: /*i18n*/ 'shared.category.kids',
  mending: /*i18n*/ 'shared.category.mending',
  ornament: /*i18n*/ 'shared.category.ornament',
  pouch: /*i18n*/ 'shared.category.pouch',
  quilt: /*i18n*/ 'shared.category.quilt',
  sampler: /*i18n*/ 'shared.category.sampler',
  shawl: /*i18n*/ 'shared.category.shawl',
  shirt: /*i18n*/ 'shared.category.shirt',
  skirt: /*i18n*/ 'shared.category.skirt',
  socks: /*i18n*/ 'shared.category.socks',
  sweater: /*i18n*/ 'shared.category.sweater',
  top: /*i18n*/ 'shared.category.top',
  toy: /*i18n*/ 'shared.category.toy',
  trousers: /*i18n*/ 'shared.category.trousers',
});

/** Words with their first letter in capitals ("Cross-stitch", "Home decor"). */
export const capitalised = (/** @type {string} */ words) => (words === '' ? '' : words.charAt(0).toUpperCase() + words.slice(1));

/**
 * A category slug's name through `translate` (a catalog reader: the id, and the English to use
 * without a runtime): "Home decor" for `home-decor`, a designer's own slug capitalised.
 * @param {(id: string, english: string) => string} translate
 * @param {string} category
 */
export function categoryLabelWith(translate, category) {
  const english = capitalised(category.replace(/-/g, ' '));
  const id = Object.hasOwn(CATEGORY_IDS, category) ? CATEGORY_IDS[category] : undefined;
  return id ? translate(id, english) : english;
}
