// POST /verify (code or token_hash → session) and GET /verify (email link → 303 redirect).
import type { Hono } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { withTx, type Db } from '../db.ts';
import { emailChangedNotice, FLOW_METHOD } from '../emails.ts';
import { AuthError, otpExpired, validationFailed } from '../errors.ts';
import { clientInfo, readBody } from '../http.ts';
import { stripPkce, tokenHash, TOKEN_COLUMNS, type EmailKind } from '../links.ts';
import { issueAuthCode } from '../pkce.ts';
import { resolveRedirect } from '../redirect.ts';
import { VERIFY_TYPES, verifyBody } from '../schemas.ts';
import { issueSession, type ClientInfo } from '../sessions.ts';
import { assertPhoneFormat } from './signup.ts';
import { confirmEmail, findUserByEmail, normalizeEmail, type UserRow } from '../users.ts';

type VerifyType = (typeof VERIFY_TYPES)[number];

/** Which stored tokens a verify type may match; `email` is the code from either email. */
const KINDS_FOR_TYPE: Partial<Record<VerifyType, EmailKind[]>> = {
  signup: ['signup'],
  invite: ['invite'],
  magiclink: ['magiclink'],
  recovery: ['recovery'],
  email: ['signup', 'magiclink'],
  email_change: ['email_change', 'email_change_current'],
};

interface Verified {
  user: UserRow;
  kind: EmailKind;
  pkce: boolean;
  /** Secure email change: this address confirmed, the other one has not yet (nothing changed). */
  awaitingOther?: boolean;
  /** Email change applied: the address the account had before. */
  changedFrom?: string;
}

/** GoTrue's answer to the first of the two email-change confirmations. */
export const SINGLE_CONFIRMATION_ACCEPTED = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

async function findByTokenHash(db: Db, kind: EmailKind, hash: string): Promise<UserRow | null> {
  const col = TOKEN_COLUMNS[kind].token;
  const bare = stripPkce(hash);
  const { rows } = await db.query<UserRow>(`select * from auth.users where ${col} in ($1, $2) for update`, [bare, `pkce_${bare}`]);
  return rows[0] ?? null;
}

async function findByCode(db: Db, kind: EmailKind, email: string, code: string): Promise<UserRow | null> {
  const col = TOKEN_COLUMNS[kind].token as keyof UserRow;
  const user =
    kind === 'email_change'
      ? ((await db.query<UserRow>('select * from auth.users where email_change = $1 for update', [email])).rows[0] ?? null)
      : await findUserByEmail(db, email, true);
  const stored = user?.[col];
  if (typeof stored !== 'string' || stored === '') return null;
  return stripPkce(stored) === tokenHash(email, code) ? user : null;
}

/** Checks a code or link token, applies its effect and clears it (single use). */
async function consumeToken(
  deps: AuthDeps,
  db: Db,
  type: VerifyType,
  lookup: { hash: string } | { email: string; code: string },
  expiredMessage: string,
): Promise<Verified> {
  const kinds = KINDS_FOR_TYPE[type];
  if (!kinds) throw new AuthError(422, 'phone_provider_disabled', 'Phone verification is not available');
  for (const kind of kinds) {
    const user = 'hash' in lookup ? await findByTokenHash(db, kind, lookup.hash) : await findByCode(db, kind, lookup.email, lookup.code);
    if (!user) continue;
    const cols = TOKEN_COLUMNS[kind];
    const sentAt = user[cols.sentAt as keyof UserRow] as Date | null;
    if (!sentAt || sentAt.getTime() + deps.ctx.config.otpExpiry * 1000 < Date.now()) throw otpExpired(expiredMessage);
    const pkce = String(user[cols.token as keyof UserRow]).startsWith('pkce_');
    await db.query(`update auth.users set ${cols.token} = '' where id = $1`, [user.id]);
    if (kind === 'email_change' || kind === 'email_change_current') {
      const other = kind === 'email_change' ? user.email_change_token_current : user.email_change_token_new;
      if (other) {
        await db.query('update auth.users set email_change_confirm_status = 1, updated_at = now() where id = $1', [user.id]);
        return { user, kind, pkce, awaitingOther: true };
      }
      await applyEmailChange(db, user);
      return { user, kind, pkce, changedFrom: user.email ?? undefined };
    }
    await confirmEmail(db, user.id);
    return { user, kind, pkce };
  }
  throw otpExpired(expiredMessage);
}

export async function applyEmailChange(db: Db, user: UserRow): Promise<void> {
  const next = normalizeEmail(user.email_change ?? '');
  const taken = await findUserByEmail(db, next);
  if (taken && taken.id !== user.id) {
    throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  await db.query(
    `update auth.users set email = $2::text, email_change = '', email_change_token_new = '', email_change_token_current = '',
       email_change_confirm_status = 0,
       email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now(),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('email', $2::text)
     where id = $1`,
    [user.id, next],
  );
  await db.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [user.id, next],
  );
  if (user.is_anonymous) await convertAnonymous(db, user.id, next);
}

/**
 * An anonymous user who confirmed an address is a permanent one (GoTrue): is_anonymous off,
 * an email identity, provider email. Its id, and so everything it bought, stays.
 */
export async function convertAnonymous(db: Db, userId: string, email: string): Promise<void> {
  const identityData = { sub: userId, email, email_verified: true, phone_verified: false };
  await db.query(
    `update auth.users set is_anonymous = false, updated_at = now(),
       raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"provider": "email", "providers": ["email"]}'::jsonb
     where id = $1`,
    [userId],
  );
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2, $3, 'email', now(), now()) on conflict do nothing`,
    [userId, userId, identityData],
  );
}

async function signIn(deps: AuthDeps, db: Db, verified: Verified, method: string, client: ClientInfo) {
  return issueSession(deps.ctx, db, verified.user, method, client);
}

/** Counts a wrong code; the last allowed one voids every code and link emailed to the address. */
async function wrongCode(deps: AuthDeps, email: string, limitKey: string): Promise<void> {
  deps.verifyCode.record(limitKey);
  deps.accountVerifyCode.record(email);
  if (deps.codeGuesses.fail(email) < deps.codeAttempts) return;
  deps.codeGuesses.reset(email);
  await deps.ctx.pool.query(
    `update auth.users set
       confirmation_token = case when lower(email) = $1 then '' else confirmation_token end,
       recovery_token = case when lower(email) = $1 then '' else recovery_token end,
       email_change_token_current = case when lower(email) = $1 then '' else email_change_token_current end,
       email_change_token_new = case when email_change = $1 then '' else email_change_token_new end
     where lower(email) = $1 or email_change = $1`,
    [email],
  );
}

async function notifyEmailChanged(deps: AuthDeps, verified: Verified): Promise<void> {
  if (!verified.changedFrom || !verified.user.email_change) return;
  const locale = verified.user.raw_user_meta_data?.locale;
  await deps.ctx.mail.send(emailChangedNotice(verified.changedFrom, normalizeEmail(verified.user.email_change), typeof locale === 'string' ? locale : null));
}

const ERROR_NAMES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

export function registerVerify(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;

  app.post('/verify', async (c) => {
    const body = await readBody(c, verifyBody);
    const hasToken = !!body.token;
    const hasHash = !!body.token_hash;
    if (hasToken === hasHash) throw validationFailed('Verify requires either a token or a token hash');
    let lookup: { hash: string } | { email: string; code: string };
    if (body.token_hash) {
      lookup = { hash: body.token_hash };
    } else {
      if (!body.email) {
        // GoTrue validates the number, then finds no code for it: no account has a phone here.
        if (body.phone) {
          assertPhoneFormat(body.phone);
          throw otpExpired();
        }
        throw validationFailed('Only an email address or phone number should be provided on verify');
      }
      lookup = { email: normalizeEmail(body.email), code: body.token!.trim() };
    }
    const client = clientInfo(c, deps.trustedProxies);
    // A 6-digit code is guessable: limited per address + email, per email from everywhere,
    // and per emailed code (deps.codeAttempts wrong tries void it).
    const guessed = 'code' in lookup ? lookup.email : null;
    const limitKey = `${client.ip}|${guessed}`;
    if (guessed) {
      deps.verifyCode.check(limitKey);
      deps.accountVerifyCode.check(guessed);
    }
    let result: { verified: Verified; session?: Record<string, unknown> };
    try {
      result = await withTx(ctx.pool, async (db) => {
        const verified = await consumeToken(deps, db, body.type, lookup, 'Token has expired or is invalid');
        if (verified.awaitingOther) return { verified };
        return { verified, session: await signIn(deps, db, verified, 'otp', client) };
      });
    } catch (err) {
      // Only wrong codes count, so a typo or two costs nothing.
      if (guessed && err instanceof AuthError && err.code === 'otp_expired') await wrongCode(deps, guessed, limitKey);
      throw err;
    }
    if (guessed) deps.codeGuesses.reset(guessed);
    await notifyEmailChanged(deps, result.verified);
    if (!result.session) return c.json({ msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' });
    return c.json(result.session);
  });

  app.get('/verify', async (c) => {
    const token = c.req.query('token') ?? '';
    const type = c.req.query('type') ?? '';
    const target = new URL(resolveRedirect(c.req.query('redirect_to'), ctx.config));
    const isPkce = token.startsWith('pkce_');
    const client = clientInfo(c, deps.trustedProxies);
    try {
      if (!token || !(VERIFY_TYPES as readonly string[]).includes(type)) {
        throw validationFailed('Verify requires a token and a valid type');
      }
      type Outcome = { verified: Verified } & ({ code: string } | { session: Record<string, unknown> } | { awaitingOther: true });
      const outcome = await withTx(ctx.pool, async (db): Promise<Outcome> => {
        const verified = await consumeToken(deps, db, type as VerifyType, { hash: token }, 'Email link is invalid or has expired');
        if (verified.awaitingOther) return { verified, awaitingOther: true };
        if (verified.pkce) return { verified, code: await issueAuthCode(db, verified.user.id, FLOW_METHOD[verified.kind]) };
        return { verified, session: await signIn(deps, db, verified, FLOW_METHOD[verified.kind], client) };
      });
      await notifyEmailChanged(deps, outcome.verified);
      if ('awaitingOther' in outcome) {
        // GoTrue prepRedirectURL: the message in the hash, and in the query for PKCE.
        if (isPkce) target.searchParams.set('message', SINGLE_CONFIRMATION_ACCEPTED);
        target.hash = new URLSearchParams({ message: SINGLE_CONFIRMATION_ACCEPTED }).toString();
      } else if ('code' in outcome) {
        target.searchParams.set('code', outcome.code);
      } else {
        const s = outcome.session;
        target.hash = new URLSearchParams({
          access_token: String(s.access_token),
          expires_at: String(s.expires_at),
          expires_in: String(s.expires_in),
          refresh_token: String(s.refresh_token),
          token_type: 'bearer',
          type,
        }).toString();
      }
    } catch (err) {
      if (!(err instanceof AuthError)) throw err;
      const params = new URLSearchParams({
        error: ERROR_NAMES[err.status] ?? 'server_error',
        error_code: err.code,
        error_description: err.message,
      });
      // PKCE clients read the query, implicit ones the hash; GoTrue fills both for PKCE.
      if (isPkce) for (const [k, v] of params) target.searchParams.set(k, v);
      target.hash = `${params.toString()}&sb=`;
    }
    return c.redirect(target.toString(), 303);
  });
}
