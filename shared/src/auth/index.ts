// Access (sign-up, sign-in, links, passwords): rules and messages shared by mf-auth and the shell.
export * from './password.ts';
export * from './schemas.ts';
export * from './next.ts';
export * from './links.ts';
export * from '../authMessages.ts';
export * from './signOutIntent.ts';
