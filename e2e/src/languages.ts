// What a language pass checks on a page: no English left where the page is in another
// language, and nothing wider than the screen (German's long words). English texts come from every
// app's compiled English catalog, so a text that was forgotten is found without listing it here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n, type Messages } from '@lingui/core';
import type { Page } from 'playwright-core';
import { CATALOGS } from '../../lingui.config.js';
import { sharedTextMessages } from '../../scripts/shared-text.mjs';
import { root } from './harness.ts';

type Compiled = string | Array<string | unknown[]>;

/** A compiled message's literal parts ("by ", " patterns"): what would show in English. */
function literalText(message: Compiled): string[] {
  if (typeof message === 'string') return message.split(/\{\w+\}/); // the code's English (sharedText): plain `{name}` placeholders
  return message.filter((part): part is string => typeof part === 'string');
}

function catalog(dir: string, locale: string): Record<string, Compiled> {
  return (JSON.parse(readFileSync(join(root, dir, 'locales', `${locale}.json`), 'utf8')) as { messages: Record<string, Compiled> }).messages;
}

/** The English shared's code says itself (read once: it parses shared's sources). */
let codeEnglish: ReturnType<typeof sharedTextMessages> | undefined;

/** A catalog's English as a page shows it: shared's main one without what its code says itself has that back (scripts/i18n.mjs). */
function englishCatalog(dir: string): Record<string, Compiled> {
  const english = catalog(dir, 'en');
  if (dir !== 'shared/src') return english;
  for (const [id, { calls }] of (codeEnglish ??= sharedTextMessages(root))) english[id] ??= calls[0]!.english;
  return english;
}

/**
 * English texts of every catalog that read differently in `locale` (a text the same in both, a
 * brand or "PDF", is not a sign of anything) and are long enough to be a sentence or a label.
 */
export function englishOnlyTexts(locale: string): Set<string> {
  const texts = new Set<string>();
  for (const { dir } of CATALOGS) {
    const english = englishCatalog(dir);
    const other = catalog(dir, locale);
    for (const [id, message] of Object.entries(english)) {
      const translated = new Set(literalText(other[id] ?? '').map((part) => part.trim()));
      for (const part of literalText(message)) {
        const text = part.trim();
        if (text.length >= 8 && /\s/.test(text) && !translated.has(text)) texts.add(text);
      }
    }
  }
  return texts;
}

/** The English texts (from the catalogs) the page shows although it is in another language. */
export async function untranslatedTexts(page: Page, english: Set<string>): Promise<string[]> {
  const shown = await page.evaluate(() => document.body.innerText);
  return [...english].filter((text) => shown.includes(text));
}

/** Elements wider than the viewport or sticking out of it to the right (a word that does not wrap). */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      // inside a scroller the visitor can scroll (a wide table in its labelled region) is fine
      let scroller = element.parentElement;
      while (scroller && scroller !== document.body && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      if (scroller && scroller !== document.body) continue;
      if (getComputedStyle(element).position === 'fixed' && box.left >= width) continue; // an off-screen drawer
      found.push(
        `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''} "${(element.innerText || '').slice(0, 40)}" (${Math.round(box.right)} > ${width})`,
      );
    }
    return found.slice(0, 10);
  });
}

/**
 * The words of every app's catalog in `locale` as a page says them (`say(id, values)`): a test
 * that walks the product finds its buttons and headings in any language by the messages' ids.
 */
export function wordsIn(locale: string): (id: string, values?: Record<string, unknown>) => string {
  const i18n = setupI18n();
  for (const { dir } of CATALOGS) i18n.load(locale, catalog(dir, locale) as unknown as Messages);
  i18n.activate(locale);
  return (id, values) => {
    const said = i18n._(id, values);
    if (said === id) throw new Error(`no message ${id} in ${locale}`);
    return said;
  };
}

/** Where a message's value is not known in advance (an amount, an order number): `said(id, { amount: ANY_VALUE })`. */
export const ANY_VALUE = '\u0000';

/** A message said with ANY_VALUE holes, as a pattern that matches it with any value there (the whole text, or within one). */
export function saidPattern(text: string, { whole = true } = {}): RegExp {
  const escaped = text
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .split(ANY_VALUE)
    .join('.+?');
  return new RegExp(whole ? `^${escaped}$` : escaped);
}
