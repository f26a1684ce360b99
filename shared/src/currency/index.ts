export * from './convert.ts';
export * from './preference.ts';
export * from './rates.ts';
export * from './usePrice.ts';
export { Price } from './Price.tsx';
export { CurrencySelect } from './CurrencySelect.tsx';
