// The four auth emails. Each carries the verify link (through the gateway) and the same
// 6-digit code, so one message serves both magic-link and code sign-in.
import type { MailMessage, ServiceContext } from '../context.ts';
import type { Db } from './db.ts';
import { generateOtp, LINK_TYPE, tokenHash, TOKEN_COLUMNS, type EmailKind } from './links.ts';
import { createFlowState, type CodeChallenge } from './pkce.ts';
import { emailRateLimited, type EmailBudget } from './ratelimit.ts';
import { escapeHtml } from '../../../shared/src/html.ts';

/** amr / flow_state authentication_method for sessions that start from each email. */
export const FLOW_METHOD: Record<EmailKind, string> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
  email_change_current: 'email_change',
  reauthentication: 'reauthentication',
};

export interface PendingEmail {
  kind: EmailKind;
  to: string;
  otp: string;
  linkToken: string;
  redirectTo: string;
  /** email_change_current: the address the account is moving to, named in the email. */
  newEmail?: string;
}

/**
 * Stores a fresh token for the kind on the user (and a PKCE flow) inside the caller's
 * transaction. Like GoTrue, the previous email's sent-at column enforces SMTP_MAX_FREQUENCY.
 */
export async function prepareEmail(
  db: Db,
  args: {
    userId: string;
    kind: EmailKind;
    to: string;
    redirectTo: string;
    pkce: CodeChallenge | null;
    minInterval: number;
    /** Spent when the email will be sent (not for admin links). */
    budget?: EmailBudget | null;
  },
): Promise<PendingEmail> {
  const cols = TOKEN_COLUMNS[args.kind];
  if (args.minInterval > 0) {
    const { rows } = await db.query<{ wait: number | null }>(
      `select extract(epoch from (${cols.sentAt} + make_interval(secs => $2) - now()))::float8 as wait
       from auth.users where id = $1`,
      [args.userId, args.minInterval],
    );
    const wait = rows[0]?.wait ?? null;
    if (wait !== null && wait > 0) throw emailRateLimited(wait);
  }
  args.budget?.take();
  const otp = generateOtp();
  const hash = tokenHash(args.to, otp);
  const linkToken = args.pkce ? `pkce_${hash}` : hash;
  const extra = args.kind === 'email_change' ? ', email_change = $3' : '';
  await db.query(
    `update auth.users set ${cols.token} = $2, ${cols.sentAt} = now(), updated_at = now()${extra} where id = $1`,
    args.kind === 'email_change' ? [args.userId, linkToken, args.to] : [args.userId, linkToken],
  );
  if (args.pkce) await createFlowState(db, args.userId, args.pkce, FLOW_METHOD[args.kind]);
  return { kind: args.kind, to: args.to, otp, linkToken, redirectTo: args.redirectTo };
}

/**
 * For an address that gets no email (unknown, or nothing to send): the same statements as
 * prepareEmail on a user id that matches no row, so the answer costs what a real one does.
 */
export async function rehearseEmail(db: Db, kind: EmailKind, to: string, minInterval: number, budget?: EmailBudget | null): Promise<void> {
  await prepareEmail(db, { userId: NO_USER, kind, to, redirectTo: '', pkce: null, minInterval, budget });
}
const NO_USER = '00000000-0000-0000-0000-000000000000';

/**
 * PUT /user or /resend with a new address: the new address gets a link and code, and with
 * secure email change (GoTrue MAILER_SECURE_EMAIL_CHANGE_ENABLED, on by default) the current
 * one gets its own, so a stolen session alone cannot move the account. Both must be confirmed.
 */
export async function prepareEmailChange(
  db: Db,
  args: {
    userId: string;
    currentEmail: string | null;
    to: string;
    redirectTo: string;
    pkce: CodeChallenge | null;
    minInterval: number;
    budget?: EmailBudget | null;
    secure: boolean;
  },
): Promise<PendingEmail[]> {
  const toNew = await prepareEmail(db, { ...args, kind: 'email_change' });
  await db.query(`update auth.users set email_change_token_current = '', email_change_confirm_status = 0 where id = $1`, [args.userId]);
  if (!args.secure || !args.currentEmail) return [toNew];
  // The pace was checked on the shared sent-at column just above.
  const toCurrent = await prepareEmail(db, { ...args, kind: 'email_change_current', to: args.currentEmail, minInterval: 0, budget: null });
  return [{ ...toCurrent, newEmail: args.to }, toNew];
}

const COPY: Record<EmailKind, { subject: string; intro: string; action: string }> = {
  signup: {
    subject: 'Confirm your Stitchhouse account',
    intro: 'Welcome to Stitchhouse! Confirm your email address to finish creating your account.',
    action: 'Confirm my account',
  },
  invite: {
    subject: 'You are invited to Stitchhouse',
    intro: 'You have been invited to create an account on Stitchhouse. Accept the invitation to choose your password.',
    action: 'Accept the invitation',
  },
  reauthentication: {
    subject: 'Confirm it is you',
    intro: 'Enter this code to confirm a change to your Stitchhouse account, such as a new password.',
    action: '',
  },
  magiclink: {
    subject: 'Your sign-in link',
    intro: 'Use this link to sign in to Stitchhouse.',
    action: 'Sign in',
  },
  recovery: {
    subject: 'Reset your password',
    intro: 'Someone asked to reset the password of your Stitchhouse account. If it was you, choose a new one:',
    action: 'Reset my password',
  },
  email_change: {
    subject: 'Confirm your new email',
    intro: 'Confirm this address to make it the email of your Stitchhouse account.',
    action: 'Confirm my new email',
  },
  email_change_current: {
    subject: 'Confirm your email change',
    intro:
      'Someone asked to change the email of your Stitchhouse account to {new}. The change needs a confirmation ' +
      'from this address and from the new one. If it was not you, do not confirm, and change your password.',
    action: 'Confirm the change',
  },
};

export function composeEmail(ctx: ServiceContext, email: PendingEmail): MailMessage {
  const link =
    `${ctx.config.apiExternalUrl}/auth/v1/verify?token=${encodeURIComponent(email.linkToken)}` +
    `&type=${LINK_TYPE[email.kind]}&redirect_to=${encodeURIComponent(email.redirectTo)}`;
  const copy = { ...COPY[email.kind], intro: COPY[email.kind].intro.replace('{new}', email.newEmail ?? '') };
  const minutes = Math.round(ctx.config.otpExpiry / 60);
  if (email.kind === 'reauthentication') {
    // GoTrue's reauthentication email carries the code alone.
    const text =
      `${copy.intro}\n\nYour code: ${email.otp}\n\nIt works once and expires in ${minutes} minutes. ` + `If you did not ask for it, change your password.\n`;
    return {
      to: email.to,
      subject: copy.subject,
      text,
      html: text
        .split('\n\n')
        .map((p) => `<p>${escapeHtml(p.trim())}</p>`)
        .join(''),
    };
  }
  const text =
    `${copy.intro}\n\n${copy.action}: ${link}\n\n` +
    `Or enter this code: ${email.otp}\n\n` +
    `The link and the code work once and expire in ${minutes} minutes. ` +
    `If you did not ask for this email, you can ignore it.\n`;
  const html =
    `<p>${escapeHtml(copy.intro)}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(copy.action)}</a></p>` +
    `<p>Or enter this code: <strong>${email.otp}</strong></p>` +
    `<p>The link and the code work once and expire in ${minutes} minutes. ` +
    `If you did not ask for this email, you can ignore it.</p>`;
  return { to: email.to, subject: copy.subject, text, html };
}

/** After an email change: the old address hears about it (GoTrue's email_changed notification). */
export function emailChangedNotice(oldEmail: string, newEmail: string): MailMessage {
  const text =
    `The email of your Stitchhouse account was changed from ${oldEmail} to ${newEmail}.\n\n` +
    'If you did not make this change, reset your password and contact support.\n';
  return {
    to: oldEmail,
    subject: 'Your email was changed',
    text,
    html: text
      .split('\n\n')
      .map((p) => `<p>${escapeHtml(p.trim())}</p>`)
      .join(''),
  };
}
