import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as columns from '../src/catalog/columns.mjs';

describe('the columns a pattern page and a storefront read', () => {
  it('are typed as exactly the text they hold (the rows postgrest-js infers)', () => {
    const declarations = readFileSync(new URL('../src/catalog/columns.d.mts', import.meta.url), 'utf8');
    const declared = Object.fromEntries([...declarations.matchAll(/export declare const (\w+): '([^']*)';/g)].map(([, name, text]) => [name, text]));
    const texts = Object.fromEntries(Object.entries(columns).filter(([name]) => name.endsWith('_COLUMNS')));
    expect(declared).toEqual(texts);
  });
});
