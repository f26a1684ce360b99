import { describe, expect, it } from 'vitest';
import '../src/messages.ts';
import { isShopLink, kitSchema, parsePrice } from '../src/features/kits/kitSchema.ts';

const good = {
  patternId: '00000000-0000-4000-8000-000000000201',
  title: 'Linen kit',
  description: '',
  price: '24.50',
  currency: 'EUR',
  url: 'https://fabric.example/kits/1',
};

describe('kit form rules', () => {
  it('reads prices in major units into cents', () => {
    expect(parsePrice('24.50')).toBe(2450);
    expect(parsePrice('24,5')).toBe(2450);
    expect(parsePrice('7')).toBe(700);
    expect(parsePrice('1.234')).toBeNull();
    expect(parsePrice('-3')).toBeNull();
    expect(kitSchema.parse(good).price).toBe(2450);
  });

  it('accepts only https shop links with a host name', () => {
    expect(isShopLink('https://fabric.example/kits?x=1')).toBe(true);
    for (const bad of [
      'http://fabric.example',
      'javascript:alert(1)',
      'https://localhost',
      'https://a b.example',
      'https://user:pw@fabric.example',
      'fabric.example',
    ]) {
      expect(isShopLink(bad), bad).toBe(false);
    }
  });

  it('says what is wrong with each field', () => {
    const result = kitSchema.safeParse({ ...good, patternId: '', price: '0', currency: 'JPY', url: 'http://fabric.example', title: 'ab' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      patternId: 'Pick the pattern this kit is for.',
      title: 'A kit title needs 3 to 120 characters.',
      price: 'A kit price must be more than 0 and at most 100000.00.',
      currency: 'Kit prices can be in EUR, GBP or USD.',
      url: 'The shop link must be a full https:// address of your shop, e.g. https://yourshop.example/kits/harbour.',
    });
  });
});
