export * from './sales.ts';
export * from './csv.ts';
export * from './examples.ts';
