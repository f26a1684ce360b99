import { describe, expect, it } from 'vitest';
import { countryName, countryOptions, EU_VAT_RATES } from '../src/countries.ts';

describe('country names', () => {
  it('writes out every country we sell to exactly as Intl names it in English', () => {
    const intl = new Intl.DisplayNames(['en'], { type: 'region' });
    const options = countryOptions();
    expect(options.length).toBe(Object.keys(EU_VAT_RATES).length + 9);
    for (const { value, label } of options) expect(label, value).toBe(intl.of(value));
  });

  it('asks Intl for other countries and other languages, and keeps an unknown code', () => {
    expect(countryName('BR')).toBe('Brazil');
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('constructor')).toBe('constructor');
    expect(countryName('ZZ')).toBe(new Intl.DisplayNames(['en'], { type: 'region' }).of('ZZ'));
    expect(countryName(null)).toBe('');
  });

  it('sorts the options by name', () => {
    const labels = countryOptions().map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
  });
});
