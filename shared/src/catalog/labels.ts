// How the catalog's codes read to people: crafts, difficulty, categories. One vocabulary for
// the home page, the catalog's filters and cards, the pattern page and the designer's form, so a
// pattern a designer marks "Easy" is "Easy" wherever a buyer meets it. The database keeps the
// codes (patterns.craft check, difficulty 1–5); only the words live here.

/** Crafts a pattern can be for, as stored (patterns_craft_check in the catalog migration). */
export const CRAFTS = ['sewing', 'quilting', 'knitting', 'crochet', 'embroidery', 'cross-stitch', 'weaving', 'macrame', 'toys', 'bags'] as const;
export type Craft = (typeof CRAFTS)[number];

export function isCraft(value: string): value is Craft {
  return (CRAFTS as readonly string[]).includes(value);
}

const capitalised = (words: string) => (words === '' ? '' : words.charAt(0).toUpperCase() + words.slice(1));

/** "Sewing", "Cross-stitch" (the craft's own spelling keeps its hyphen): a craft code for display. */
export function craftLabel(craft: string): string {
  return capitalised(craft);
}

/** "Dresses", "Home decor": a category slug (hyphens between words) for display. */
export function categoryLabel(category: string): string {
  return capitalised(category.replace(/-/g, ' '));
}

/**
 * Difficulty 1–5 in the words buyers filter by (beginners look for "Beginner" and "Easy").
 * Index 0 is level 1.
 */
export const DIFFICULTY_LABELS = ['Beginner', 'Easy', 'Intermediate', 'Advanced', 'Expert'] as const;
export const DIFFICULTY_LEVELS = [1, 2, 3, 4, 5] as const;

/** 1–5 to words; anything else gives '' so nothing misleading is shown. */
export function difficultyLabel(level: number): string {
  return Number.isInteger(level) && level >= 1 && level <= DIFFICULTY_LABELS.length ? DIFFICULTY_LABELS[level - 1]! : '';
}
