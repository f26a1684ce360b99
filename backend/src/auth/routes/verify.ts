// POST /verify (code or token_hash → session) and GET /verify (email link → 303 redirect).
import type { Hono } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { withTx, type Db } from '../db.ts';
import { FLOW_METHOD } from '../emails.ts';
import { AuthError, otpExpired, validationFailed } from '../errors.ts';
import { clientInfo, readBody } from '../http.ts';
import { stripPkce, tokenHash, TOKEN_COLUMNS, type EmailKind } from '../links.ts';
import { issueAuthCode } from '../pkce.ts';
import { resolveRedirect } from '../redirect.ts';
import { VERIFY_TYPES, verifyBody } from '../schemas.ts';
import { issueSession, type ClientInfo } from '../sessions.ts';
import { confirmEmail, findUserByEmail, normalizeEmail, recordSignIn, type UserRow } from '../users.ts';

type VerifyType = (typeof VERIFY_TYPES)[number];

/** Which stored tokens a verify type may match; `email` is the code from either email. */
const KINDS_FOR_TYPE: Partial<Record<VerifyType, EmailKind[]>> = {
  signup: ['signup'],
  invite: ['signup'],
  magiclink: ['magiclink'],
  recovery: ['recovery'],
  email: ['signup', 'magiclink'],
  email_change: ['email_change'],
};

interface Verified {
  user: UserRow;
  kind: EmailKind;
  pkce: boolean;
}

async function findByTokenHash(db: Db, kind: EmailKind, hash: string): Promise<UserRow | null> {
  const col = TOKEN_COLUMNS[kind].token;
  const bare = stripPkce(hash);
  const { rows } = await db.query<UserRow>(`select * from auth.users where ${col} in ($1, $2) for update`, [
    bare,
    `pkce_${bare}`,
  ]);
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
    const user =
      'hash' in lookup
        ? await findByTokenHash(db, kind, lookup.hash)
        : await findByCode(db, kind, lookup.email, lookup.code);
    if (!user) continue;
    const cols = TOKEN_COLUMNS[kind];
    const sentAt = user[cols.sentAt as keyof UserRow] as Date | null;
    if (!sentAt || sentAt.getTime() + deps.ctx.config.otpExpiry * 1000 < Date.now()) throw otpExpired(expiredMessage);
    const pkce = String(user[cols.token as keyof UserRow]).startsWith('pkce_');
    await db.query(`update auth.users set ${cols.token} = '' where id = $1`, [user.id]);
    if (kind === 'email_change') await applyEmailChange(db, user);
    else await confirmEmail(db, user.id);
    return { user, kind, pkce };
  }
  throw otpExpired(expiredMessage);
}

async function applyEmailChange(db: Db, user: UserRow): Promise<void> {
  const next = normalizeEmail(user.email_change ?? '');
  const taken = await findUserByEmail(db, next);
  if (taken && taken.id !== user.id) {
    throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  await db.query(
    `update auth.users set email = $2::text, email_change = '', email_change_token_new = '', email_change_confirm_status = 0,
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
}

async function signIn(deps: AuthDeps, db: Db, verified: Verified, method: string, client: ClientInfo) {
  await recordSignIn(db, verified.user.id);
  return issueSession(deps.ctx, db, verified.user, method, client);
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
        if (body.phone) throw new AuthError(422, 'phone_provider_disabled', 'Phone verification is not available');
        throw validationFailed('Only an email address or phone number should be provided on verify');
      }
      lookup = { email: normalizeEmail(body.email), code: body.token!.trim() };
    }
    const client = clientInfo(c);
    const limitKey = 'code' in lookup ? `${client.ip}|${lookup.email}` : null;
    if (limitKey) deps.verifyCode.check(limitKey);
    try {
      const session = await withTx(ctx.pool, async (db) => {
        const verified = await consumeToken(deps, db, body.type, lookup, 'Token has expired or is invalid');
        return signIn(deps, db, verified, 'otp', client);
      });
      return c.json(session);
    } catch (err) {
      // Only wrong codes count towards the limit, so a typo or two costs nothing.
      if (limitKey && err instanceof AuthError && err.code === 'otp_expired') deps.verifyCode.record(limitKey);
      throw err;
    }
  });

  app.get('/verify', async (c) => {
    const token = c.req.query('token') ?? '';
    const type = c.req.query('type') ?? '';
    const target = new URL(resolveRedirect(c.req.query('redirect_to'), ctx.config));
    const isPkce = token.startsWith('pkce_');
    const client = clientInfo(c);
    try {
      if (!token || !(VERIFY_TYPES as readonly string[]).includes(type)) {
        throw validationFailed('Verify requires a token and a valid type');
      }
      type Outcome = { code: string } | { session: Record<string, unknown> };
      const outcome = await withTx(ctx.pool, async (db): Promise<Outcome> => {
        const verified = await consumeToken(deps, db, type as VerifyType, { hash: token }, 'Email link is invalid or has expired');
        if (verified.pkce) return { code: await issueAuthCode(db, verified.user.id, FLOW_METHOD[verified.kind]) };
        return { session: await signIn(deps, db, verified, FLOW_METHOD[verified.kind], client) };
      });
      if ('code' in outcome) {
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
