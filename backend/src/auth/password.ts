// Stitchhouse's password rule (the sign-up form shows the same one, shared/src/auth/password.ts):
// at least 8 characters, at least one letter and one digit, and not one of the commonly used
// passwords of zxcvbn-ts's list (`password1`, `qwerty123`…). Reasons use GoTrue's vocabulary
// for auth-js: `pwned` is GoTrue's reason for a known leaked password.
import { dictionary } from '@zxcvbn-ts/language-common';
import { AuthError } from './errors.ts';

export const PASSWORD_MIN_LENGTH = 8;

let common: ReadonlySet<string> | undefined;
/** Built on first use: decompressing the 49k entries takes a moment nobody needs at start. */
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common']));

export const isCommonPassword = (password: string) => commonPasswords().has(password.toLowerCase());

export function passwordWeaknesses(password: string): string[] {
  const reasons: string[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) reasons.push('length');
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) reasons.push('characters');
  if (reasons.length === 0 && isCommonPassword(password)) reasons.push('pwned');
  return reasons;
}

export const WEAK_PASSWORD_MESSAGE = `Password should be at least ${PASSWORD_MIN_LENGTH} characters and contain at least one letter and one digit.`;
/** GoTrue's wording for a password found in a leaked-password list. */
export const COMMON_PASSWORD_MESSAGE = 'Password is known to be weak and easy to guess, please choose a different one.';

export const weakPasswordMessage = (reasons: string[]) =>
  reasons.includes('pwned') ? COMMON_PASSWORD_MESSAGE : WEAK_PASSWORD_MESSAGE;

export function assertStrongPassword(password: string): void {
  const reasons = passwordWeaknesses(password);
  if (reasons.length > 0) {
    throw new AuthError(422, 'weak_password', weakPasswordMessage(reasons), { weak_password: { reasons } });
  }
}
