import { describe, expect, it } from 'vitest';
import '../../messages.ts';
import '../../catalogs/owner/messages.ts';
import { DOWNLOAD_REASONS, isDownloadReason, reasonCopy } from './reasons.ts';

describe('download failure reasons', () => {
  it('explains every reason with a next step', () => {
    for (const reason of DOWNLOAD_REASONS) {
      const copy = reasonCopy(reason, 'p-1');
      expect(copy.title.length).toBeGreaterThan(5);
      expect(copy.action.href.startsWith('/')).toBe(true);
    }
  });
  it('says how long to wait after the limit', () => {
    expect(reasonCopy('rate_limited', 'p-1', 12).explanation).toContain('in about 12 minutes');
    expect(reasonCopy('rate_limited', 'p-1', 1).explanation).toContain('in about 1 minute;');
    expect(reasonCopy('rate_limited', null).explanation).toContain('within the hour');
  });
  it('sends people without the pattern to buy it, and strangers to sign in', () => {
    expect(reasonCopy('not_owned', 'abc').action.href).toBe('/patterns/abc');
    expect(reasonCopy('not_signed_in', 'abc').action.href).toBe('/sign-in?next=%2Fpatterns%2Fabc%2Fdownload');
    expect(isDownloadReason('teapot')).toBe(false);
  });
});
