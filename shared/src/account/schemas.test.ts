import { describe, expect, it } from 'vitest';
import { deleteAccountSchema, imageProblem, slugFromName, sniffCertificateType, storeSchema, wholesaleApplicationSchema } from './schemas.ts';
import { taxIdMatchesCountry } from './taxId.ts';
import { recoveryCodeSchema } from '../auth/schemas.ts';

const store = {
  name: 'Blue Thimble',
  slug: 'blue-thimble',
  kind: 'designer',
  bio: '',
  country: 'DE',
  currency: 'EUR',
  addressLine1: '',
  addressLine2: '',
  city: '',
  postalCode: '',
  region: '',
  openingHours: '',
};
const application = {
  businessName: 'Stoffladen',
  country: 'DE',
  taxId: 'DE 298 765 432',
  addressLine1: 'Torstraße 1',
  addressLine2: '',
  city: 'Berlin',
  postalCode: '10119',
  region: '',
  website: '',
};

describe('account schemas (mirroring the database)', () => {
  it('suggests a store address from its name', () => {
    expect(slugFromName('Blue Thimble Studio')).toBe('blue-thimble-studio');
    expect(slugFromName('  Ça va — Atelier № 5 ')).toBe('ca-va-atelier-no-5');
  });

  it("checks the store address rule and a shop's street address", () => {
    expect(storeSchema.safeParse(store).success).toBe(true);
    expect(storeSchema.safeParse({ ...store, slug: 'Blue Thimble' }).success).toBe(false);
    expect(storeSchema.safeParse({ ...store, slug: 'bt' }).success).toBe(false);
    const shop = storeSchema.safeParse({ ...store, kind: 'retailer' });
    expect(shop.success).toBe(false);
    expect(shop.error?.issues.map((i) => i.path[0])).toEqual(['addressLine1', 'city', 'postalCode']);
  });

  it('checks the tax number for its country like public.tax_id_pattern', () => {
    expect(taxIdMatchesCountry('DE', 'DE 298 765 432')).toBe(true);
    expect(taxIdMatchesCountry('DE', '298765432')).toBe(false);
    expect(taxIdMatchesCountry('GB', 'GB 123 4567 89')).toBe(true);
    expect(taxIdMatchesCountry('US', '84-1234567')).toBe(true);
    expect(taxIdMatchesCountry('NL', 'NL123456789B01')).toBe(true);
    expect(taxIdMatchesCountry('NL', 'NL123456789')).toBe(false);
    expect(taxIdMatchesCountry('JP', 'T1234567890123')).toBe(true); // no country rule: the generic one
    expect(wholesaleApplicationSchema.safeParse({ ...application, taxId: '12345' }).error?.issues[0]?.message).toBe(
      'This does not look like a VAT or tax number for this country, e.g. DE123456789.',
    );
    expect(wholesaleApplicationSchema.safeParse({ ...application, website: 'stoffladen.de' }).success).toBe(false);
  });

  it('knows pictures and certificates by their bytes, not their names', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(imageProblem(100, png)).toBeNull();
    expect(imageProblem(100, new TextEncoder().encode('not an image'))).toMatch(/not a JPEG, PNG or WebP/);
    expect(imageProblem(11 * 1024 * 1024, png)).toMatch(/limit is 10 MB/);
    expect(sniffCertificateType(new TextEncoder().encode('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffCertificateType(new TextEncoder().encode('<svg'))).toBeNull();
  });

  it('takes recovery codes in any case, with or without the hyphen', () => {
    expect(recoveryCodeSchema.parse({ code: ' 3F9A1C07BE-5d2e8a4f10 ' }).code).toBe('3f9a1c07be5d2e8a4f10');
    expect(recoveryCodeSchema.safeParse({ code: '123456' }).success).toBe(false);
  });

  it('deleting needs the password and a ticked box; the code is 6 digits when given', () => {
    expect(deleteAccountSchema.safeParse({ password: 'x', code: '', confirm: 'yes' }).success).toBe(true);
    expect(deleteAccountSchema.safeParse({ password: 'x', code: '12', confirm: 'yes' }).success).toBe(false);
    expect(deleteAccountSchema.safeParse({ password: 'x', code: '', confirm: '' }).success).toBe(false);
  });
});
