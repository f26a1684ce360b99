/**
 * The VAT or tax number's shape for the applicant's country: the same table as
 * public.tax_id_pattern (20261123002100_wholesale_review.sql), on the typed value
 * without spaces, dots and hyphens. Countries not listed take the generic rule.
 */
const PATTERNS: Record<string, { pattern: RegExp; example: string }> = {
  AT: { pattern: /^ATU[0-9]{8}$/, example: 'ATU12345678' },
  BE: { pattern: /^BE[01][0-9]{9}$/, example: 'BE0123456789' },
  BG: { pattern: /^BG[0-9]{9,10}$/, example: 'BG123456789' },
  CY: { pattern: /^CY[0-9]{8}[A-Z]$/, example: 'CY12345678X' },
  CZ: { pattern: /^CZ[0-9]{8,10}$/, example: 'CZ12345678' },
  DE: { pattern: /^DE[0-9]{9}$/, example: 'DE123456789' },
  DK: { pattern: /^DK[0-9]{8}$/, example: 'DK12345678' },
  EE: { pattern: /^EE[0-9]{9}$/, example: 'EE123456789' },
  GR: { pattern: /^EL[0-9]{9}$/, example: 'EL123456789' },
  ES: { pattern: /^ES[A-Z0-9][0-9]{7}[A-Z0-9]$/, example: 'ESX1234567X' },
  FI: { pattern: /^FI[0-9]{8}$/, example: 'FI12345678' },
  FR: { pattern: /^FR[A-Z0-9]{2}[0-9]{9}$/, example: 'FR12345678901' },
  HR: { pattern: /^HR[0-9]{11}$/, example: 'HR12345678901' },
  HU: { pattern: /^HU[0-9]{8}$/, example: 'HU12345678' },
  IE: { pattern: /^IE([0-9]{7}[A-Z]{1,2}|[0-9][A-Z+*][0-9]{5}[A-Z])$/, example: 'IE1234567T' },
  IT: { pattern: /^IT[0-9]{11}$/, example: 'IT12345678901' },
  LT: { pattern: /^LT([0-9]{9}|[0-9]{12})$/, example: 'LT123456789' },
  LU: { pattern: /^LU[0-9]{8}$/, example: 'LU12345678' },
  LV: { pattern: /^LV[0-9]{11}$/, example: 'LV12345678901' },
  MT: { pattern: /^MT[0-9]{8}$/, example: 'MT12345678' },
  NL: { pattern: /^NL[0-9]{9}B[0-9]{2}$/, example: 'NL123456789B01' },
  PL: { pattern: /^PL[0-9]{10}$/, example: 'PL1234567890' },
  PT: { pattern: /^PT[0-9]{9}$/, example: 'PT123456789' },
  RO: { pattern: /^RO[0-9]{2,10}$/, example: 'RO1234567' },
  SE: { pattern: /^SE[0-9]{12}$/, example: 'SE123456789001' },
  SI: { pattern: /^SI[0-9]{8}$/, example: 'SI12345678' },
  SK: { pattern: /^SK[0-9]{10}$/, example: 'SK1234567890' },
  GB: { pattern: /^GB([0-9]{9}|[0-9]{12}|GD[0-9]{3}|HA[0-9]{3})$/, example: 'GB123456789' },
  US: { pattern: /^(US)?[0-9]{9}$/, example: '12-3456789 (EIN)' },
  CA: { pattern: /^(CA)?[0-9]{9}(RT[0-9]{4})?$/, example: '123456789RT0001' },
  AU: { pattern: /^(AU)?[0-9]{11}$/, example: '12 345 678 901 (ABN)' },
  CH: { pattern: /^CHE[0-9]{9}(MWST|TVA|IVA)?$/, example: 'CHE-123.456.789 MWST' },
  NO: { pattern: /^(NO)?[0-9]{9}(MVA)?$/, example: '123456789MVA' },
};

/** The table's generic rule (wholesale_accounts_tax_id_format). */
const GENERIC = /^[A-Za-z0-9][A-Za-z0-9 ./-]{3,29}$/;

/** An example of a valid number for `country`, for the field's hint. */
export function taxIdExample(country: string): string | null {
  return PATTERNS[country.toUpperCase()]?.example ?? null;
}

/** Whether `taxId` has the shape of `country`'s VAT or tax number. */
export function taxIdMatchesCountry(country: string, taxId: string): boolean {
  if (!GENERIC.test(taxId.trim())) return false;
  const rule = PATTERNS[country.toUpperCase()];
  return rule ? rule.pattern.test(taxId.replace(/[\s.-]/g, '').toUpperCase()) : true;
}
