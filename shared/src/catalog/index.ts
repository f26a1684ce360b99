export * from './units.ts';
export * from './sizing.ts';
export * from './yardage.ts';
export * from './formats.ts';
export * from './schemas.ts';
