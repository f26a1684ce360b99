// shared's words through sharedText: the catalog's in the page's language, and the English written
// beside the id where the catalog lacks the message (a Node process that never loaded a page's catalog).
import { describe, expect, it } from 'vitest';
import { followLocale, sharedText } from '../src/formatLocale.ts';

describe('sharedText', () => {
  it('says the catalog’s words, and the English in the code where the catalog lacks the message', () => {
    const catalog: Record<string, string> = { 'shared.test.known': 'Bekannt', 'shared.test.counted': 'Gezählt' };
    // Lingui's i18n._ takes an id or a descriptor with values, and answers the id for a message it lacks
    const read = (message: string | { id: string }) => {
      const id = typeof message === 'string' ? message : message.id;
      return catalog[id] ?? id;
    };
    followLocale(() => 'de', read as (id: string) => string);
    expect(sharedText('shared.test.known', 'Known')).toBe('Bekannt');
    expect(sharedText('shared.test.counted', 'Counted {count}', { count: 2 })).toBe('Gezählt');
    expect(sharedText('shared.test.missing', 'Missing')).toBe('Missing');
    expect(sharedText('shared.test.missing', 'Missing {count} of {total}', { count: 2, total: 5 })).toBe('Missing 2 of 5');
  });
});
