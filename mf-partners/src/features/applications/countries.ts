import { EU_VAT_RATES } from '@stitchhouse/shared/pricing.ts';

/** Countries partners work from: the EU and the other markets Stitchhouse sells to (as stores, mf-account). */
const OTHERS = ['AU', 'CA', 'CH', 'GB', 'IS', 'JP', 'NO', 'NZ', 'US'];

export function countryOptions(locale = 'en'): Array<{ value: string; label: string }> {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return [...Object.keys(EU_VAT_RATES), ...OTHERS]
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export function countryName(code: string | null, locale = 'en'): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
