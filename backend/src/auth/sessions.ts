// Sessions, access tokens and rotating refresh tokens (as GoTrue's tokens/service.go issues them).
import { randomBytes, randomUUID } from 'node:crypto';
import type { ServiceContext } from '../context.ts';
import { signAccessToken, verifyProjectJwt } from '../jwt.ts';
import { parseBearer } from '../../../shared/src/bearer.ts';
import type { Db } from './db.ts';
import { withTx } from './db.ts';
import { AuthError, sessionNotFound } from './errors.ts';
import { findUserById, isBanned, recordSignIn, userJson, type UserRow } from './users.ts';

/** GoTrue's default: a revoked token presented within 10 s of its rotation gets the current one back. */
export const DEFAULT_REFRESH_TOKEN_REUSE_INTERVAL_S = 10;

export interface SessionRow {
  id: string;
  user_id: string;
  aal: string | null;
  factor_id: string | null;
  created_at: Date;
  not_after: Date | null;
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string;
  updated_at: Date;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export interface AccessClaims {
  sub: string;
  role: string;
  session_id?: string;
  aal?: string;
  email?: string;
  [key: string]: unknown;
}

const newRefreshToken = () => randomBytes(16).toString('base64url');

async function insertRefreshToken(db: Db, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

export async function addAmrClaim(db: Db, sessionId: string, method: string): Promise<void> {
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method, randomUUID()],
  );
}

async function accessToken(ctx: ServiceContext, db: Db, user: UserRow, session: SessionRow): Promise<string> {
  const amr = await db.query<{ method: string; ts: number }>(
    `select authentication_method as method, extract(epoch from updated_at)::bigint::int as ts
     from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [session.id],
  );
  return signAccessToken(
    {
      iss: `${ctx.config.apiExternalUrl}/auth/v1`,
      sub: user.id,
      aud: user.aud ?? 'authenticated',
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? 'authenticated',
      aal: session.aal ?? 'aal1',
      amr: amr.rows.map((r) => ({ method: r.method, timestamp: r.ts })),
      session_id: session.id,
      is_anonymous: user.is_anonymous,
    },
    ctx.config,
    ctx.config.jwtExpiry,
  );
}

/** The AccessTokenResponse auth-js turns into a session. */
export async function sessionResponse(ctx: ServiceContext, db: Db, user: UserRow, session: SessionRow, refreshToken: string): Promise<Record<string, unknown>> {
  const fresh = (await findUserById(db, user.id)) ?? user;
  const expiresIn = ctx.config.jwtExpiry;
  return {
    access_token: await accessToken(ctx, db, fresh, session),
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    refresh_token: refreshToken,
    user: await userJson(db, fresh),
  };
}

/**
 * Creates a session signed in by `method` (password, otp, magiclink, anonymous, an autoconfirmed
 * sign-up, …) and its first refresh token; the user's last_sign_in_at is now, as GoTrue sets it
 * for every new session.
 */
export async function issueSession(ctx: ServiceContext, db: Db, user: UserRow, method: string, client: ClientInfo): Promise<Record<string, unknown>> {
  const id = randomUUID();
  const { rows } = await db.query<SessionRow>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', null, $3, $4) returning *`,
    [id, user.id, client.userAgent ?? null, isIp(client.ip) ? client.ip : null],
  );
  await addAmrClaim(db, id, method);
  const token = await insertRefreshToken(db, user.id, id, null);
  await recordSignIn(db, user.id);
  return sessionResponse(ctx, db, user, rows[0]!, token);
}

/** After a second factor: the same session becomes aal2 with a fresh refresh token. */
export async function upgradeSessionToAal2(ctx: ServiceContext, db: Db, user: UserRow, sessionId: string, factorId: string): Promise<Record<string, unknown>> {
  const { rows } = await db.query<SessionRow>(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1 returning *`, [
    sessionId,
    factorId,
  ]);
  if (!rows[0]) throw sessionNotFound();
  await addAmrClaim(db, sessionId, 'totp');
  const active = await db.query<{ token: string }>(
    `update auth.refresh_tokens set revoked = true, updated_at = now()
     where session_id = $1 and revoked = false returning token`,
    [sessionId],
  );
  const token = await insertRefreshToken(db, user.id, sessionId, active.rows.at(-1)?.token ?? null);
  return sessionResponse(ctx, db, user, rows[0], token);
}

const refreshNotFound = () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/** grant_type=refresh_token with rotation and reuse detection (GoTrue RefreshTokenGrant, v1 tokens). */
export async function refreshGrant(ctx: ServiceContext, presented: string): Promise<Record<string, unknown>> {
  const outcome = await withTx(ctx.pool, async (db) => {
    const found = await db.query<RefreshTokenRow>('select * from auth.refresh_tokens where token = $1 for update', [presented]);
    const token = found.rows[0];
    if (!token) throw refreshNotFound();
    const session = (await db.query<SessionRow>('select * from auth.sessions where id = $1 for update', [token.session_id])).rows[0];
    if (!session) throw refreshNotFound();
    const user = await findUserById(db, session.user_id);
    if (!user) throw refreshNotFound();
    if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned');
    if (session.not_after && session.not_after.getTime() < Date.now()) {
      throw new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
    }

    if (token.revoked) {
      const active = (
        await db.query<RefreshTokenRow>('select * from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1', [session.id])
      ).rows[0];
      // Two tabs raced, or the client lost the last answer: within the interval it gets the
      // current token back. Later, even the parent of the current token is a replay (GoTrue).
      const reuseMs = (ctx.config.refreshTokenReuseInterval ?? DEFAULT_REFRESH_TOKEN_REUSE_INTERVAL_S) * 1000;
      if (active && Date.now() <= token.updated_at.getTime() + reuseMs) {
        return { ok: await sessionResponse(ctx, db, user, session, active.token) };
      }
      // A token replayed after the interval: treat the family as stolen and end the session.
      await db.query('delete from auth.sessions where id = $1', [session.id]);
      return { reused: true as const };
    }

    await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [token.id]);
    const next = await insertRefreshToken(db, user.id, session.id, token.token);
    await db.query(`update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $1`, [session.id]);
    return { ok: await sessionResponse(ctx, db, user, session, next) };
  });
  // Thrown after commit so the family revocation sticks.
  if ('reused' in outcome) throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  return outcome.ok;
}

export interface Authenticated {
  user: UserRow;
  session: SessionRow;
  claims: AccessClaims;
}

export async function verifyBearer(ctx: ServiceContext, authorization: string | undefined): Promise<AccessClaims> {
  const token = parseBearer(authorization);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return await verifyProjectJwt<AccessClaims>(token, ctx.config);
  } catch (err) {
    const reason = err instanceof Error && 'code' in err && err.code === 'ERR_JWT_EXPIRED' ? 'token is expired' : 'signature is invalid';
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

/** The signed-in user behind a Bearer access token, with a live session. */
export async function authenticate(ctx: ServiceContext, authorization: string | undefined): Promise<Authenticated> {
  const claims = await verifyBearer(ctx, authorization);
  if (typeof claims.sub !== 'string' || !isUuid(claims.sub)) {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  }
  const user = await findUserById(ctx.pool, claims.sub);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (typeof claims.session_id !== 'string' || !isUuid(claims.session_id)) throw sessionNotFound();
  const session = (await ctx.pool.query<SessionRow>('select * from auth.sessions where id = $1 and user_id = $2', [claims.session_id, user.id])).rows[0];
  if (!session) throw sessionNotFound();
  if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
  return { user, session, claims };
}

export async function requireAdmin(ctx: ServiceContext, authorization: string | undefined): Promise<void> {
  const claims = await verifyBearer(ctx, authorization);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
    throw new AuthError(403, 'not_admin', 'User not allowed');
  }
}

export const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
const isIp = (s: string) => /^[0-9.]+$|^[0-9a-f:]+$/i.test(s);
