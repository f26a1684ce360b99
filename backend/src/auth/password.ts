// Stitchhouse's password rule (the sign-up form shows the same one): at least 8 characters,
// at least one letter and one digit. Reasons use GoTrue's vocabulary for auth-js.
import { AuthError } from './errors.ts';

export const PASSWORD_MIN_LENGTH = 8;

export function passwordWeaknesses(password: string): string[] {
  const reasons: string[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) reasons.push('length');
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) reasons.push('characters');
  return reasons;
}

export const WEAK_PASSWORD_MESSAGE = `Password should be at least ${PASSWORD_MIN_LENGTH} characters and contain at least one letter and one digit.`;

export function assertStrongPassword(password: string): void {
  const reasons = passwordWeaknesses(password);
  if (reasons.length > 0) {
    throw new AuthError(422, 'weak_password', WEAK_PASSWORD_MESSAGE, { weak_password: { reasons } });
  }
}
