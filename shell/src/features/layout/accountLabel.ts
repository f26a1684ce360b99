import { i18n } from '@stitchhouse/shared/i18n/index.ts';

/** The bits of the signed-in user the header shows. */
export interface AccountUser {
  /** The member's id: the menu asks whether they have a store. */
  id?: string;
  email?: string | null;
  user_metadata?: { display_name?: unknown; full_name?: unknown; name?: unknown } | null;
}

/** The name to greet: display name if set, else the part of the e-mail before "@". */
export function accountName(user: AccountUser): string {
  const meta = user.user_metadata ?? {};
  for (const candidate of [meta.display_name, meta.full_name, meta.name]) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.trim();
  }
  const local = user.email?.split('@')[0]?.trim();
  return local ? local : i18n._('shell.account.yourAccount');
}

/** One or two capital letters for the avatar circle ("Ada Lovelace" → "AL"). */
export function accountInitials(user: AccountUser): string {
  const name = accountName(user);
  const words = name.split(/[\s._-]+/u).filter(Boolean);
  const letters = (words.length >= 2 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1)).map((w) => [...w][0] ?? '');
  const initials = letters.join('').toLocaleUpperCase();
  return initials === '' ? '?' : initials;
}
