import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_SIGN_IN, safeNextPath, signInHref } from './next.ts';
import { emailRedirectUrl, expiredLinkHref, isExpiredLinkError, linkErrorFromUrl } from './links.ts';

describe('safeNextPath', () => {
  it.each([
    ['/patterns/my-patterns', '/patterns/my-patterns'],
    ['/patterns?craft=quilting#top', '/patterns?craft=quilting#top'],
    ['/account/user', '/account/user'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'patterns',
    '/\tevil',
    '/sign-in?next=/x',
    '/sign-up/thank-you',
  ])('refuses %j', (input) => {
    expect(safeNextPath(input)).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it('builds the sign-in link of a protected page', () => {
    expect(signInHref('/account?tab=store')).toBe('/sign-in?next=%2Faccount%3Ftab%3Dstore');
  });
});

describe('email links', () => {
  it('sends each kind back to its landing page, remembering kind and next', () => {
    expect(emailRedirectUrl('http://127.0.0.1:4000', 'magiclink', '/patterns/my-store')).toBe(
      'http://127.0.0.1:4000/sign-in/thank-you?link=magiclink&next=%2Fpatterns%2Fmy-store',
    );
    expect(emailRedirectUrl('http://x.test', 'recovery')).toBe('http://x.test/change-password?link=recovery');
    expect(emailRedirectUrl('http://x.test', 'magiclink', 'https://evil.example')).toContain(`next=${encodeURIComponent(DEFAULT_AFTER_SIGN_IN)}`);
  });

  it('reads an expired link error from the hash (implicit flow)', () => {
    const error = linkErrorFromUrl(
      'http://x.test/sign-in/thank-you?link=magiclink&next=%2Faccount#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );
    expect(error).toEqual({ code: 'otp_expired', description: 'Email link is invalid or has expired', kind: 'magiclink', next: '/account' });
    expect(isExpiredLinkError(error!)).toBe(true);
    expect(expiredLinkHref(error!)).toBe('/expired-link?link=magiclink&next=%2Faccount');
  });

  it('reads it from the query (PKCE flow) and ignores unknown kinds', () => {
    const error = linkErrorFromUrl('http://x.test/?error=access_denied&error_code=otp_expired&link=pirate');
    expect(error?.code).toBe('otp_expired');
    expect(error?.kind).toBeNull();
    expect(expiredLinkHref(error!)).toBe('/expired-link');
  });

  it('finds nothing in an ordinary URL or a session hash', () => {
    expect(linkErrorFromUrl('http://x.test/patterns?craft=knitting')).toBeNull();
    expect(linkErrorFromUrl('http://x.test/#access_token=a&refresh_token=b&type=magiclink')).toBeNull();
  });
});

describe('sign-out intent', async () => {
  const { consumeSignOutIntent, markSignOutIntended } = await import('./signOutIntent.ts');
  it('is consumed once, and only shortly after it was marked', () => {
    expect(consumeSignOutIntent(1000)).toBe(false);
    markSignOutIntended(1000);
    expect(consumeSignOutIntent(2000)).toBe(true);
    expect(consumeSignOutIntent(2001)).toBe(false);
    markSignOutIntended(1000);
    expect(consumeSignOutIntent(60_000)).toBe(false);
  });
});
