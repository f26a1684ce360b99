// How the catalog's codes read to people: crafts, difficulty, categories. One vocabulary for
// the home page, the catalog's filters and cards, the pattern page and the designer's form, so a
// pattern a designer marks "Easy" is "Easy" wherever a buyer meets it. The database keeps the
// codes (patterns.craft check, difficulty 1–5); only the words live here, in shared's catalog
// (read in the page's active language each time a label is asked for; English where no runtime
// is loaded, as in the seed).
import { sharedText } from '../formatLocale.ts';

/** Crafts a pattern can be for, as stored (patterns_craft_check in the catalog migration). */
export const CRAFTS = ['sewing', 'quilting', 'knitting', 'crochet', 'embroidery', 'cross-stitch', 'weaving', 'macrame', 'toys', 'bags'] as const;
export type Craft = (typeof CRAFTS)[number];

export function isCraft(value: string): value is Craft {
  return (CRAFTS as readonly string[]).includes(value);
}

const capitalised = (words: string) => (words === '' ? '' : words.charAt(0).toUpperCase() + words.slice(1));

/** Each craft's message id (its English is the capitalised code). */
const CRAFT_IDS: Record<Craft, string> = {
  sewing: /*i18n*/ 'shared.craft.sewing',
  quilting: /*i18n*/ 'shared.craft.quilting',
  knitting: /*i18n*/ 'shared.craft.knitting',
  crochet: /*i18n*/ 'shared.craft.crochet',
  embroidery: /*i18n*/ 'shared.craft.embroidery',
  'cross-stitch': /*i18n*/ 'shared.craft.crossStitch',
  weaving: /*i18n*/ 'shared.craft.weaving',
  macrame: /*i18n*/ 'shared.craft.macrame',
  toys: /*i18n*/ 'shared.craft.toys',
  bags: /*i18n*/ 'shared.craft.bags',
};

/**
 * The categories the marketplace names in every language (designers' own slugs outside this list
 * read as written, capitalised).
 */
const CATEGORY_IDS: Record<string, string> = {
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
};

/** "Sewing", "Cross-stitch" (the craft's own spelling keeps its hyphen; "Nähen" in German): a craft code for display. */
export function craftLabel(craft: string): string {
  return isCraft(craft) ? sharedText(CRAFT_IDS[craft], capitalised(craft)) : capitalised(craft);
}

/** "Dresses", "Home decor": a category slug (hyphens between words) for display. */
export function categoryLabel(category: string): string {
  const english = capitalised(category.replace(/-/g, ' '));
  return Object.hasOwn(CATEGORY_IDS, category) ? sharedText(CATEGORY_IDS[category]!, english) : english;
}

/**
 * Difficulty 1–5 in the words buyers filter by (beginners look for "Beginner" and "Easy").
 * Index 0 is level 1.
 */
export const DIFFICULTY_LABELS = ['Beginner', 'Easy', 'Intermediate', 'Advanced', 'Expert'] as const;
export const DIFFICULTY_LEVELS = [1, 2, 3, 4, 5] as const;
const DIFFICULTY_IDS = [
  /*i18n*/ 'shared.difficulty.beginner',
  /*i18n*/ 'shared.difficulty.easy',
  /*i18n*/ 'shared.difficulty.intermediate',
  /*i18n*/ 'shared.difficulty.advanced',
  /*i18n*/ 'shared.difficulty.expert',
] as const;

/** 1–5 to words (in the page's language); anything else gives '' so nothing misleading is shown. */
export function difficultyLabel(level: number): string {
  return Number.isInteger(level) && level >= 1 && level <= DIFFICULTY_LABELS.length
    ? sharedText(DIFFICULTY_IDS[level - 1]!, DIFFICULTY_LABELS[level - 1]!)
    : '';
}
