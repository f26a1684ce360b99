// How the catalog's codes read to people: crafts, difficulty, categories. One vocabulary for
// the home page, the catalog's filters and cards, the pattern page and the designer's form, so a
// pattern a designer marks "Easy" is "Easy" wherever a buyer meets it. The database keeps the
// codes (patterns.craft check, difficulty 1–5); only the words live here, in shared's catalog
// (read in the page's active language each time a label is asked for; English where no runtime
// is loaded, as in the seed).
import { sharedText } from '../formatLocale.ts';
import { capitalised, categoryLabelWith } from './categories.mjs';

/** Crafts a pattern can be for, as stored (patterns_craft_check in the catalog migration). */
export const CRAFTS = ['sewing', 'quilting', 'knitting', 'crochet', 'embroidery', 'cross-stitch', 'weaving', 'macrame', 'toys', 'bags'] as const;
export type Craft = (typeof CRAFTS)[number];

export function isCraft(value: string): value is Craft {
  return (CRAFTS as readonly string[]).includes(value);
}

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

/** "Sewing", "Cross-stitch" (the craft's own spelling keeps its hyphen; "Nähen" in German): a craft code for display. */
export function craftLabel(craft: string): string {
  return isCraft(craft) ? sharedText(CRAFT_IDS[craft], capitalised(craft)) : capitalised(craft);
}

/** "Dress", "Home decor" ("Kleid" in German): a category slug (hyphens between words) for display. */
export function categoryLabel(category: string): string {
  return categoryLabelWith(sharedText, category);
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
