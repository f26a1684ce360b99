import { describe, expect, it } from 'vitest';
import { readKey } from '../src/pageReads.mjs';

describe('readKey: one name for one REST read, however it was written', () => {
  it('ignores the order and encoding of query parameters and the order of body keys', () => {
    expect(readKey('get', 'currency_rates?select=currency,per_eur,as_of&limit=2')).toBe(
      readKey('GET', 'currency_rates?limit=2&select=currency%2Cper_eur%2Cas_of'),
    );
    expect(readKey('POST', 'rpc/search_patterns', '{"sort":"newest","limit":24,"currency":"EUR"}')).toBe(
      readKey('POST', 'rpc/search_patterns', { currency: 'EUR', limit: 24, sort: 'newest', nested: undefined }),
    );
  });

  it('tells apart what the backend would answer differently', () => {
    const base = readKey('POST', 'rpc/search_patterns', { currency: 'EUR', limit: 24 });
    expect(readKey('POST', 'rpc/search_patterns', { currency: 'GBP', limit: 24 })).not.toBe(base);
    expect(readKey('POST', 'rpc/search_patterns', { currency: 'EUR', limit: '24' })).not.toBe(base);
    expect(readKey('POST', 'rpc/search_patterns', { currency: 'EUR', limit: 24, offset: 0 })).not.toBe(base);
    expect(readKey('GET', 'rpc/search_patterns?currency=EUR&limit=24')).not.toBe(base);
    expect(readKey('GET', 'stores?slug=eq.a')).not.toBe(readKey('GET', 'stores?slug=eq.b'));
    expect(readKey('GET', 'stores?slug=eq.a&slug=eq.b')).not.toBe(readKey('GET', 'stores?slug=eq.a'));
  });

  it('keeps a body that is not JSON as it is', () => {
    expect(readKey('POST', 'rpc/x', 'not json')).toBe('POST rpc/x? "not json"');
  });
});
