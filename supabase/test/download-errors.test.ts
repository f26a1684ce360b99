import { describe, expect, it } from 'vitest';
import { DownloadFailure, downloadFileName, failureFromRpc } from '../functions/download/errors.ts';
import { updateEmail } from '../functions/pattern-updated/email.ts';

describe('download errors', () => {
  it('maps record_download codes to reasons', () => {
    expect(failureFromRpc({ code: 'PT403', message: 'x' }).code).toBe('not_owned');
    expect(failureFromRpc({ code: '22P02', message: 'x' }).code).toBe('not_owned');
    expect(failureFromRpc({ code: 'PT401', message: 'x' }).code).toBe('not_signed_in');
    expect(failureFromRpc({ code: 'PT404', message: 'no a0' })).toMatchObject({ code: 'file_missing', message: 'no a0' });
    expect(failureFromRpc({ code: 'PT429', message: 'x' }).code).toBe('rate_limited');
    expect(() => failureFromRpc({ code: '57014', message: 'timeout' })).toThrow(/record_download failed/);
    expect(new DownloadFailure('link_expired').message).toBe('This download link has expired.');
  });

  it('names files after the pattern, format and version', () => {
    expect(downloadFileName('Élodie Wrap Dress!', 'us_letter', 3)).toBe('elodie-wrap-dress-us-letter-v3.pdf');
    expect(downloadFileName('???', 'a4', 1)).toBe('pattern-a4-v1.pdf');
  });
});

describe('update email', () => {
  it('carries the changelog and an expiring download link, HTML-escaped', () => {
    const mail = updateEmail({
      siteUrl: 'https://stitchhouse.test',
      patternId: 'p1',
      title: 'Tote <Bag>',
      storeName: 'A & B',
      version: 3,
      changes: 'Fixed <seam> allowance',
      expires: 1_900_000_000,
    });
    expect(mail.subject).toBe('Updated: Tote <Bag> (version 3)');
    expect(mail.text).toContain('Fixed <seam> allowance');
    expect(mail.text).toContain('https://stitchhouse.test/download/p1?expires=1900000000');
    expect(mail.html).toContain('Fixed &lt;seam&gt; allowance');
    expect(mail.html).toContain('A &amp; B');
    expect(mail.html).not.toContain('<Bag>');
  });
});
