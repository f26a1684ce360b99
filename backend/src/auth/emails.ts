// The four auth emails. Each carries the verify link (through the gateway) and the same
// 6-digit code, so one message serves both magic-link and code sign-in.
import type { MailMessage, ServiceContext } from '../context.ts';
import type { Db } from './db.ts';
import { generateOtp, LINK_TYPE, tokenHash, TOKEN_COLUMNS, type EmailKind } from './links.ts';
import { createFlowState, type CodeChallenge } from './pkce.ts';
import { emailRateLimited, type EmailBudget } from './ratelimit.ts';
import { escapeHtml } from '../../../shared/src/html.ts';
import { authMailI18n } from './mailText.ts';

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
  /** The user's language (user_metadata.locale, as GoTrue's templates read `.Data.locale`); English without one. */
  locale?: string | null;
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
  const { rows } = await db.query<{ locale: string | null }>(
    `update auth.users set ${cols.token} = $2, ${cols.sentAt} = now(), updated_at = now()${extra} where id = $1
     returning raw_user_meta_data ->> 'locale' as locale`,
    args.kind === 'email_change' ? [args.userId, linkToken, args.to] : [args.userId, linkToken],
  );
  if (args.pkce) await createFlowState(db, args.userId, args.pkce, FLOW_METHOD[args.kind]);
  return { kind: args.kind, to: args.to, otp, linkToken, redirectTo: args.redirectTo, locale: rows[0]?.locale ?? null };
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

/** Each kind's subject, opening and button, as ids of the auth mails' catalog (backend/src/auth/locales). */
const COPY: Record<EmailKind, { subject: string; intro: string; action: string }> = {
  signup: { subject: /*i18n*/ 'authmail.signup.subject', intro: /*i18n*/ 'authmail.signup.intro', action: /*i18n*/ 'authmail.signup.action' },
  invite: { subject: /*i18n*/ 'authmail.invite.subject', intro: /*i18n*/ 'authmail.invite.intro', action: /*i18n*/ 'authmail.invite.action' },
  reauthentication: { subject: /*i18n*/ 'authmail.reauthentication.subject', intro: /*i18n*/ 'authmail.reauthentication.intro', action: '' },
  magiclink: { subject: /*i18n*/ 'authmail.magiclink.subject', intro: /*i18n*/ 'authmail.magiclink.intro', action: /*i18n*/ 'authmail.magiclink.action' },
  recovery: { subject: /*i18n*/ 'authmail.recovery.subject', intro: /*i18n*/ 'authmail.recovery.intro', action: /*i18n*/ 'authmail.recovery.action' },
  email_change: {
    subject: /*i18n*/ 'authmail.emailChange.subject',
    intro: /*i18n*/ 'authmail.emailChange.intro',
    action: /*i18n*/ 'authmail.emailChange.action',
  },
  email_change_current: {
    subject: /*i18n*/ 'authmail.emailChangeCurrent.subject',
    intro: /*i18n*/ 'authmail.emailChangeCurrent.intro',
    action: /*i18n*/ 'authmail.emailChangeCurrent.action',
  },
};

const paragraphs = (text: string) =>
  text
    .split('\n\n')
    .map((p) => `<p>${escapeHtml(p.trim())}</p>`)
    .join('');

export function composeEmail(ctx: ServiceContext, email: PendingEmail): MailMessage {
  const i18n = authMailI18n(email.locale);
  const link =
    `${ctx.config.apiExternalUrl}/auth/v1/verify?token=${encodeURIComponent(email.linkToken)}` +
    `&type=${LINK_TYPE[email.kind]}&redirect_to=${encodeURIComponent(email.redirectTo)}`;
  const copy = COPY[email.kind];
  const subject = i18n._(copy.subject);
  const intro = i18n._(copy.intro, { new: email.newEmail ?? '' });
  const minutes = Math.round(ctx.config.otpExpiry / 60);
  if (email.kind === 'reauthentication') {
    // GoTrue's reauthentication email carries the code alone.
    const text = `${intro}\n\n${i18n._('authmail.yourCode', { code: email.otp })}\n\n${i18n._('authmail.codeOnce', { minutes })}\n`;
    return { to: email.to, subject, text, html: paragraphs(text) };
  }
  const action = i18n._(copy.action);
  const orCode = i18n._('authmail.orCode', { code: email.otp });
  const expiry = i18n._('authmail.linkOnce', { minutes });
  const text = `${intro}\n\n${action}: ${link}\n\n${orCode}\n\n${expiry}\n`;
  const html =
    `<p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` +
    `<p>${escapeHtml(orCode)}</p>` +
    `<p>${escapeHtml(expiry)}</p>`;
  return { to: email.to, subject, text, html };
}

/** After an email change: the old address hears about it (GoTrue's email_changed notification), in the user's language. */
export function emailChangedNotice(oldEmail: string, newEmail: string, locale?: string | null): MailMessage {
  const i18n = authMailI18n(locale);
  const text = `${i18n._('authmail.changed.text', { old: oldEmail, new: newEmail })}\n\n${i18n._('authmail.changed.notYou')}\n`;
  return { to: oldEmail, subject: i18n._('authmail.changed.subject'), text, html: paragraphs(text) };
}
