import { describe, expect, it } from 'vitest';
import { RPC_GET_MAX_QUERY, readKey, rpcAsGet, rpcQuery } from '../src/pageReads.mjs';

describe('readKey: one name for one REST read, however it was written', () => {
  it('ignores the order and encoding of query parameters and the order of body keys', () => {
    expect(readKey('get', 'currency_rates?select=currency,per_eur,as_of&limit=2')).toBe(
      readKey('GET', 'currency_rates?limit=2&select=currency%2Cper_eur%2Cas_of'),
    );
    expect(readKey('POST', 'rpc/search_patterns', '{"sort":"newest","page_size":24,"currency":"EUR"}')).toBe(
      readKey('POST', 'rpc/search_patterns', { currency: 'EUR', page_size: 24, sort: 'newest', nested: undefined }),
    );
  });

  it('tells apart what the backend would answer differently', () => {
    const base = readKey('POST', 'rpc/search_patterns', { currency: 'EUR', page_size: 24 });
    expect(readKey('POST', 'rpc/search_patterns', { currency: 'GBP', page_size: 24 })).not.toBe(base);
    expect(readKey('POST', 'rpc/search_patterns', { currency: 'EUR', page_size: '24' })).not.toBe(base);
    expect(readKey('POST', 'rpc/search_patterns', { currency: 'EUR', page_size: 24, page_offset: 0 })).not.toBe(base);
    expect(readKey('GET', 'rpc/search_patterns?currency=EUR&page_size=24')).not.toBe(base);
    expect(readKey('GET', 'stores?slug=eq.a')).not.toBe(readKey('GET', 'stores?slug=eq.b'));
    expect(readKey('GET', 'stores?slug=eq.a&slug=eq.b')).not.toBe(readKey('GET', 'stores?slug=eq.a'));
  });

  it('keeps a body that is not JSON as it is', () => {
    expect(readKey('POST', 'rpc/x', 'not json')).toBe('POST rpc/x? "not json"');
  });
});

describe('rpcQuery / rpcAsGet: an RPC read as a GET', () => {
  it('puts the arguments in the query string as supabase-js does: in order, arrays as {a,b}, undefined left out', () => {
    expect(rpcQuery({ currency: 'EUR', q: 'wrap dress & co', free_only: false, yarn_steps: [100, 500], hip: undefined, page_size: 24 })).toBe(
      'currency=EUR&q=wrap+dress+%26+co&free_only=false&yarn_steps=%7B100%2C500%7D&page_size=24',
    );
    // the page server's key for it is the key of the browser's GET, however that is encoded
    expect(readKey('GET', `rpc/search_patterns?${rpcQuery({ sort: 'newest', page_size: 24, page_offset: 0 })}`)).toBe(
      readKey('GET', 'rpc/search_patterns?page_offset=0&page_size=24&sort=newest'),
    );
  });

  it('goes as a GET while the arguments fit a URL, as a POST past that', () => {
    expect(rpcAsGet({ q: 'é'.repeat(200), sort: 'relevance', page_size: 24, page_offset: 0 })).toBe(true);
    expect(rpcAsGet({ q: 'x'.repeat(RPC_GET_MAX_QUERY) })).toBe(false);
    expect(rpcAsGet({ q: '🧵'.repeat(400) })).toBe(false);
  });
});
