/**
 * Stitchhouse's password rule. It is the embedded auth server's rule
 * (backend/src/auth/password.ts passwordWeaknesses): at least 8 characters, at least
 * one letter and one digit, letters and digits in any script, and not one of the common
 * passwords of zxcvbn-ts's list (`password1`). Keep the two identical: the form must never
 * accept what the server refuses, nor the reverse.
 *
 * The common-password list is about 25 KB gzipped, so it is not part of this module: the
 * screens that set a password call loadCommonPasswords() when they open, and until it has
 * arrived the `common` rule counts as met (the server still refuses a common password).
 */
import { i18n } from '../i18n/index.ts';
import '../form/messages.ts';

export const PASSWORD_MIN_LENGTH = 8;

export type PasswordRuleId = 'length' | 'letter' | 'digit' | 'common';

let commonPasswords: ReadonlySet<string> | undefined;
let loadingCommon: Promise<ReadonlySet<string>> | undefined;

/** Loads the common-password list once (a lazy chunk); the rules use it from then on. */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  loadingCommon ??= import('./commonPasswords.data.ts').then((data) => {
    commonPasswords = new Set(data.default.split('\n'));
    return commonPasswords;
  });
  return loadingCommon;
}

// The words live with the other auth messages (errors.ts needs them without the password rules: authMessages.ts).
export { commonPasswordMessage } from '../authMessages.ts';

/** Whether the list has arrived, so a screen can wait for it before re-rendering. */
export const commonPasswordsLoaded = () => commonPasswords !== undefined;

/** True for a password of the common list (any letter case); false while the list is not loaded. */
export const isCommonPassword = (password: string) => commonPasswords?.has(password.toLowerCase()) ?? false;

export interface PasswordRule {
  id: PasswordRuleId;
  label: string;
  met: boolean;
}

const hasLetter = (password: string) => /\p{L}/u.test(password);
const hasDigit = (password: string) => /\p{Nd}/u.test(password);
// Characters, not UTF-16 units: an emoji counts once, as the server counts it.
const length = (password: string) => [...password].length;

/** The checklist shown under the password field, in display order (labels in the page's language). */
export function passwordRules(password: string): PasswordRule[] {
  return [
    { id: 'length', label: i18n._('shared.password.ruleLength', { count: PASSWORD_MIN_LENGTH }), met: length(password) >= PASSWORD_MIN_LENGTH },
    { id: 'letter', label: i18n._('shared.password.ruleLetter'), met: hasLetter(password) },
    { id: 'digit', label: i18n._('shared.password.ruleDigit'), met: hasDigit(password) },
    { id: 'common', label: i18n._('shared.password.ruleCommon'), met: !isCommonPassword(password) },
  ];
}

export function isPasswordAllowed(password: string): boolean {
  return passwordRules(password).every((rule) => rule.met);
}

export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

const STRENGTH_IDS: Record<PasswordStrength, string> = {
  0: /*i18n*/ 'shared.password.tooShort',
  1: /*i18n*/ 'shared.password.weak',
  2: /*i18n*/ 'shared.password.fair',
  3: /*i18n*/ 'shared.password.good',
  4: /*i18n*/ 'shared.password.strong',
};

/** The strength meter's word for each level, in the page's language when read. */
export const STRENGTH_LABELS: Readonly<Record<PasswordStrength, string>> = {
  get 0() {
    return i18n._(STRENGTH_IDS[0]);
  },
  get 1() {
    return i18n._(STRENGTH_IDS[1]);
  },
  get 2() {
    return i18n._(STRENGTH_IDS[2]);
  },
  get 3() {
    return i18n._(STRENGTH_IDS[3]);
  },
  get 4() {
    return i18n._(STRENGTH_IDS[4]);
  },
};

/**
 * A rough guide shown while typing. Only the rules above decide what is accepted;
 * strength rewards length and variety on top, and punishes one repeated character.
 */
export function passwordStrength(password: string): PasswordStrength {
  const n = length(password);
  if (n === 0) return 0;
  if (!isPasswordAllowed(password)) return n < PASSWORD_MIN_LENGTH ? 0 : 1;
  const classes = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((re) => re.test(password)).length;
  const distinct = new Set(password).size;
  if (distinct <= 3) return 1;
  let score = 2;
  if (n >= 12) score += 1;
  if (classes >= 3 && n >= 10) score += 1;
  if (n >= 16 && classes >= 2) score = Math.max(score, 3);
  return Math.min(score, 4) as PasswordStrength;
}
