// The auth server's pure rules, without a stack: redirects, password policy, limits, PKCE input.
import { describe, expect, it } from 'vitest';
import type { BackendConfig } from '../src/context.ts';
import { AuthError } from '../src/auth/errors.ts';
import { passwordWeaknesses } from '../src/auth/password.ts';
import { trustedProxyList } from '../src/client-address.ts';
import { parseCodeChallenge } from '../src/auth/pkce.ts';
import { RateLimiter } from '../src/auth/ratelimit.ts';
import { isRedirectAllowed, resolveRedirect } from '../src/auth/redirect.ts';
import { mergeMetadata } from '../src/auth/users.ts';

const config = {
  siteUrl: 'http://localhost:3000',
  redirectAllowList: ['http://127.0.0.1:*', 'https://*.stitchhouse.example/**'],
} as BackendConfig;

describe('redirect allow list', () => {
  it('accepts the site host on any port and paths under allowed globs', () => {
    expect(isRedirectAllowed('http://localhost:3001/auth/callback?next=/x', config)).toBe(true);
    expect(isRedirectAllowed('http://127.0.0.1:5173', config)).toBe(true);
    expect(isRedirectAllowed('http://127.0.0.1:5173/change-password', config)).toBe(true);
    expect(isRedirectAllowed('https://preview.stitchhouse.example/account/user', config)).toBe(true);
  });

  it('refuses other hosts, look-alikes and non-http schemes', () => {
    expect(isRedirectAllowed('https://evil.example.com/', config)).toBe(false);
    expect(isRedirectAllowed('https://a.b.stitchhouse.example/', config)).toBe(false);
    expect(isRedirectAllowed('https://stitchhouse.example.evil.com/', config)).toBe(false);
    expect(isRedirectAllowed('javascript:alert(1)', config)).toBe(false);
    expect(isRedirectAllowed('not a url', config)).toBe(false);
    expect(resolveRedirect('https://evil.example.com/', config)).toBe('http://localhost:3000');
    expect(resolveRedirect(undefined, config)).toBe('http://localhost:3000');
  });

  it('judges the parsed host, never the string: userinfo look-alikes are refused', () => {
    // new URL('http://127.0.0.1:x@3627734734').hostname is 216.58.214.206
    expect(isRedirectAllowed('http://127.0.0.1:x@3627734734', config)).toBe(false);
    expect(isRedirectAllowed('http://127.0.0.1:5173@evil.example/', config)).toBe(false);
    expect(isRedirectAllowed('https://preview.stitchhouse.example@evil.example/a', config)).toBe(false);
    expect(isRedirectAllowed('http://user:pw@127.0.0.1:5173/', config)).toBe(false);
    expect(isRedirectAllowed('http://localhost:x@3627734734', config)).toBe(false);
    // What is redirected to is the URL that was checked.
    expect(resolveRedirect('HTTP://127.0.0.1:5173/a/../b?x=1', config)).toBe('http://127.0.0.1:5173/b?x=1');
  });
});

describe('trusted proxies', () => {
  it('takes addresses and CIDR ranges, and names a bad entry', () => {
    const list = trustedProxyList(['10.0.0.0/8', '::1', '192.168.1.7']);
    expect(list.check('10.2.3.4', 'ipv4')).toBe(true);
    expect(list.check('192.168.1.8', 'ipv4')).toBe(false);
    expect(list.check('::1', 'ipv6')).toBe(true);
    expect(() => trustedProxyList(['10.0.0.0/33'])).toThrow(/10\.0\.0\.0\/33/);
    expect(() => trustedProxyList(['proxy.local'])).toThrow(/TRUSTED_PROXIES/);
  });
});

describe('password policy', () => {
  it('needs 8 characters with a letter and a digit', () => {
    expect(passwordWeaknesses('Quilting42')).toEqual([]);
    expect(passwordWeaknesses('short1')).toEqual(['length']);
    expect(passwordWeaknesses('onlyletters')).toEqual(['characters']);
    expect(passwordWeaknesses('1234567890')).toEqual(['characters']);
    expect(passwordWeaknesses('abc')).toEqual(['length', 'characters']);
    expect(passwordWeaknesses('Näherin2024')).toEqual([]);
  });

  it("refuses the common passwords of zxcvbn-ts, in any case, as GoTrue's pwned", () => {
    expect(passwordWeaknesses('password1')).toEqual(['pwned']);
    expect(passwordWeaknesses('Qwerty123')).toEqual(['pwned']);
    expect(passwordWeaknesses('Quilting42')).toEqual([]);
  });
});

describe('rate limiter', () => {
  it('refuses past the limit per key and counts keys apart', () => {
    const limiter = new RateLimiter(2, 60_000);
    limiter.hit('a');
    limiter.hit('a');
    expect(() => limiter.hit('a')).toThrow(AuthError);
    limiter.hit('b');
    const err = (() => {
      try {
        limiter.hit('a');
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(AuthError);
    expect((err as AuthError).status).toBe(429);
    expect((err as AuthError).code).toBe('over_request_rate_limit');
  });

  it('lets a window pass', () => {
    const limiter = new RateLimiter(1, 0);
    limiter.hit('a');
    limiter.hit('a');
  });

  it('counts only recorded failures when used with check/record', () => {
    const limiter = new RateLimiter(2, 60_000);
    limiter.check('k');
    limiter.record('k');
    limiter.check('k');
    limiter.record('k');
    expect(() => limiter.check('k')).toThrow(/rate limit/);
  });
});

describe('user metadata merge', () => {
  it('merges keys and deletes nulls like GoTrue', () => {
    expect(mergeMetadata({ a: 1, b: 2 }, { b: null, c: 3 })).toEqual({ a: 1, c: 3 });
    expect(mergeMetadata(null, { a: 1 })).toEqual({ a: 1 });
  });
});

describe('PKCE parameters', () => {
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
  it('accepts both or neither', () => {
    expect(parseCodeChallenge({})).toBeNull();
    expect(parseCodeChallenge({ code_challenge: null, code_challenge_method: null })).toBeNull();
    expect(parseCodeChallenge({ code_challenge: challenge, code_challenge_method: 's256' })).toEqual({ challenge, method: 's256' });
  });
  it('refuses half a pair, unknown methods and bad challenges', () => {
    expect(() => parseCodeChallenge({ code_challenge: challenge })).toThrow(/code_challenge_method/);
    expect(() => parseCodeChallenge({ code_challenge: challenge, code_challenge_method: 'md5' })).toThrow(/not supported/);
    expect(() => parseCodeChallenge({ code_challenge: 'short', code_challenge_method: 's256' })).toThrow(/43 and 128/);
    expect(() => parseCodeChallenge({ code_challenge: `${challenge}!`, code_challenge_method: 's256' })).toThrow(/43 and 128/);
  });
});
