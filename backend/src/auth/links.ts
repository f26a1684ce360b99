// Email link tokens (GoTrue crypto.GenerateTokenHash): one 6-digit code per email; the link
// carries hex(sha224(email + code)), prefixed pkce_ for PKCE flows. Both check against the same
// stored hash, and verification clears it so a link or code works once.
import { createHash, randomInt } from 'node:crypto';

/** email_change goes to the new address, email_change_current to the old one (secure email change). */
export type EmailKind = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'email_change_current' | 'reauthentication';

/** The `type` an email's link carries: both email-change emails verify as email_change. */
export const LINK_TYPE: Record<EmailKind, string> = {
  signup: 'signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
  email_change_current: 'email_change',
  reauthentication: 'reauthentication',
};

export const generateOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const tokenHash = (email: string, otp: string) => createHash('sha224').update(`${email}${otp}`).digest('hex');

/** The column of auth.users holding each kind's token, and its sent-at column. */
export const TOKEN_COLUMNS: Record<EmailKind, { token: string; sentAt: string }> = {
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  invite: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  // The nonce of GET /reauthenticate; it has a code only, no link.
  reauthentication: { token: 'reauthentication_token', sentAt: 'reauthentication_sent_at' },
  // GoTrue keeps magic-link tokens in recovery_token too.
  magiclink: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change: { token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
  email_change_current: { token: 'email_change_token_current', sentAt: 'email_change_sent_at' },
};

export const stripPkce = (stored: string) => (stored.startsWith('pkce_') ? stored.slice(5) : stored);
