// The password rule of config.toml's [auth] (minimum_password_length, password_requirements),
// checked and worded as GoTrue does (checkPasswordStrength), plus the commonly used passwords
// of zxcvbn-ts's list (`password1`, `qwerty123`…), refused with GoTrue's reason `pwned` (its
// reason for a leaked password). The project's rule (8, letters_digits) is the sign-up form's
// too (shared/src/auth/password.ts).
import { dictionary } from '@zxcvbn-ts/language-common';
import { AuthError } from './errors.ts';
import { PASSWORD_REQUIREMENTS } from './settings.ts';

export interface PasswordRule {
  minLength: number;
  /** Groups the password needs one character of each. */
  requiredCharacters: string[];
}

export const PASSWORD_MIN_LENGTH = 8;
/** The project's rule (supabase/config.toml), for callers without settings at hand. */
export const PROJECT_PASSWORD_RULE: PasswordRule = {
  minLength: PASSWORD_MIN_LENGTH,
  requiredCharacters: PASSWORD_REQUIREMENTS.letters_digits!,
};

let common: ReadonlySet<string> | undefined;
/** Built on first use: decompressing the 49k entries takes a moment nobody needs at start. */
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common']));

export const isCommonPassword = (password: string) => commonPasswords().has(password.toLowerCase());

/** One character of the group; letter groups take any letter of their case (Näherin2024). */
function hasCharacterOf(password: string, group: string): boolean {
  if ([...password].some((ch) => group.includes(ch))) return true;
  const lower = /[a-z]/.test(group);
  const upper = /[A-Z]/.test(group);
  if (lower && upper) return /\p{L}/u.test(password);
  if (lower) return /\p{Ll}/u.test(password);
  if (upper) return /\p{Lu}/u.test(password);
  if (group.includes('0')) return /\p{Nd}/u.test(password);
  return false;
}

export function passwordWeaknesses(password: string, rule: PasswordRule = PROJECT_PASSWORD_RULE): string[] {
  const reasons: string[] = [];
  if ([...password].length < rule.minLength) reasons.push('length');
  if (!rule.requiredCharacters.every((group) => hasCharacterOf(password, group))) reasons.push('characters');
  if (reasons.length === 0 && isCommonPassword(password)) reasons.push('pwned');
  return reasons;
}

/** GoTrue's wording for a password found in a leaked-password list. */
export const COMMON_PASSWORD_MESSAGE = 'Password is known to be weak and easy to guess, please choose a different one.';

/** GoTrue's sentences, one per reason, joined with a space. */
export function weakPasswordMessage(reasons: string[], rule: PasswordRule = PROJECT_PASSWORD_RULE): string {
  if (reasons.includes('pwned')) return COMMON_PASSWORD_MESSAGE;
  const sentences: string[] = [];
  if (reasons.includes('length')) sentences.push(`Password should be at least ${rule.minLength} characters.`);
  if (reasons.includes('characters')) {
    sentences.push(`Password should contain at least one character of each: ${rule.requiredCharacters.join(', ')}.`);
  }
  return sentences.join(' ');
}

export function assertStrongPassword(password: string, rule: PasswordRule = PROJECT_PASSWORD_RULE): void {
  const reasons = passwordWeaknesses(password, rule);
  if (reasons.length > 0) {
    throw new AuthError(422, 'weak_password', weakPasswordMessage(reasons, rule), { weak_password: { reasons } });
  }
}
