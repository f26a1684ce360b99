/** The currency a locale such as "en-GB", "de-AT" or "fr" most likely pays in (USD elsewhere). */
export declare function currencyForLocale(locale: string | undefined | null): 'EUR' | 'GBP' | 'USD';
