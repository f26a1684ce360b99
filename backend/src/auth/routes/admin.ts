// Service-role endpoints, as GoTrue's admin API (admin.go, invite.go, mail.go adminGenerateLink):
// users (create, list newest first with Link/X-Total-Count paging, read, update, delete), their
// factors, invitations and generated email links.
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { AuthDeps } from '../deps.ts';
import { withTx, type Db } from '../db.ts';
import { prepareEmail, type PendingEmail } from '../emails.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { readBody } from '../http.ts';
import { LINK_TYPE } from '../links.ts';
import { assertStrongPassword } from '../password.ts';
import { resolveRedirect } from '../redirect.ts';
import { adminDeleteBody, adminUserBody, GENERATE_LINK_TYPES, generateLinkBody, inviteBody, isValidEmail } from '../schemas.ts';
import { isUuid, requireAdmin } from '../sessions.ts';
import {
  confirmEmail,
  createUser,
  FACTOR_COLUMNS,
  factorJson,
  findUserByEmail,
  findUserById,
  mergeMetadata,
  normalizeEmail,
  setPassword,
  userJson,
  type FactorRow,
  type UserRow,
} from '../users.ts';
import { convertAnonymous } from './verify.ts';
import { assertPhoneFormat, invalidEmail, phoneDisabled } from './signup.ts';

const userNotFound = () => new AuthError(404, 'user_not_found', 'User not found');
const emailExists = () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered');

/** GoTrue validateEmail: required, at most 255 characters, checkmail's format; lower-cased. */
function validEmail(email: string | null | undefined): string {
  if (!email) throw validationFailed('An email address is required');
  if (email.length > 255) throw validationFailed('An email address is too long');
  if (!isValidEmail(email)) throw invalidEmail();
  return normalizeEmail(email);
}

/** Go's time.ParseDuration for ban_duration ("24h", "90m", "1h30m"); "none" lifts a ban. */
function banUntil(duration: string): Date | null {
  if (duration === 'none') return null;
  const units: Record<string, number> = { h: 3600_000, m: 60_000, s: 1000, ms: 1, us: 0.001, µs: 0.001, ns: 0.000001 };
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(ms|us|µs|ns|h|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== duration) {
    throw validationFailed(`invalid format for ban duration: time: invalid duration "${duration}"`);
  }
  return new Date(Date.now() + parts.reduce((ms, p) => ms + Number(p[1]) * units[p[2]!]!, 0));
}

/** GoTrue paginate(): unsigned integers or a 400. */
function pageParam(c: Context, name: string, fallback: number): number {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) {
    throw validationFailed(`Bad Pagination Parameters: strconv.ParseUint: parsing "${raw}": invalid syntax`);
  }
  return Number(raw);
}

type Route = (c: Context, deps: AuthDeps) => Promise<Response>;

/** The service-role gate in front of /admin/* and /invite. */
function adminOnly(deps: AuthDeps) {
  return async (c: Context, next: () => Promise<void>) => {
    await requireAdmin(deps.ctx, c.req.header('authorization'));
    await next();
  };
}

export function registerAdmin(app: Hono, deps: AuthDeps): void {
  app.use('/admin/*', adminOnly(deps));
  app.use('/invite', adminOnly(deps));
  const route = (handler: Route) => (c: Context) => handler(c, deps);
  app.post('/admin/users', route(createUserRoute));
  app.get('/admin/users', route(listUsersRoute));
  app.get('/admin/users/:id', route(getUserRoute));
  app.put('/admin/users/:id', route(updateUserRoute));
  app.delete('/admin/users/:id', route(deleteUserRoute));
  app.get('/admin/users/:id/factors', route(listFactorsRoute));
  app.delete('/admin/users/:id/factors/:factorId', route(deleteFactorRoute));
  app.post('/invite', route(inviteRoute));
  app.post('/admin/generate_link', route(generateLinkRoute));
  // GoTrue serves a user's passkeys to the admin whatever the passkey switch; with passkeys off
  // (config.toml has no [auth.passkey]) none can be registered, so the list is empty and every id unknown.
  app.get(
    '/admin/users/:id/passkeys',
    route(async (c) => {
      await loadUser(deps.ctx.pool, c.req.param('id') ?? '');
      return c.json([]);
    }),
  );
  app.delete(
    '/admin/users/:id/passkeys/:passkeyId',
    route(async (c) => {
      await loadUser(deps.ctx.pool, c.req.param('id') ?? '');
      throw new AuthError(404, 'validation_failed', 'Passkey not found');
    }),
  );
}

/** GoTrue loadUser: a malformed id is a 400, an unknown one a 404. */
async function loadUser(db: Db, id: string, forUpdate = false): Promise<UserRow> {
  if (!isUuid(id)) throw validationFailed('user_id must be an UUID');
  const user = await findUserById(db, id, forUpdate);
  if (!user) throw userNotFound();
  return user;
}

async function loadFactor(db: Db, userId: string, factorId: string): Promise<FactorRow & { user_id: string }> {
  if (!isUuid(factorId)) throw validationFailed('factor_id must be an UUID');
  const { rows } = await db.query<FactorRow & { user_id: string }>(`select ${FACTOR_COLUMNS}, user_id from auth.mfa_factors where id = $1 and user_id = $2`, [
    factorId,
    userId,
  ]);
  if (!rows[0]) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  return rows[0];
}

/** POST /admin/users */
async function createUserRoute(c: Context, deps: AuthDeps): Promise<Response> {
  const { ctx } = deps;
  const body = await readBody(c, adminUserBody);
  if (!body.email && !body.phone) {
    throw new AuthError(422, 'validation_failed', 'Cannot create a user without either an email or phone');
  }
  if (body.phone) assertPhoneFormat(body.phone);
  if (!body.email) throw phoneDisabled.signup();
  const email = validEmail(body.email);
  if (body.password) assertStrongPassword(body.password, deps.passwordRule);
  const banned = body.ban_duration ? banUntil(body.ban_duration) : undefined;
  const json = await withTx(ctx.pool, async (db) => {
    if (await findUserByEmail(db, email)) throw emailExists();
    const user = await createUser(db, {
      email,
      password: body.password || undefined,
      userMetadata: body.user_metadata ?? {},
      appMetadata: body.app_metadata ?? {},
      confirmed: body.email_confirm === true,
      role: body.role || undefined,
      metadataAsGiven: true,
    });
    if (banned !== undefined) await db.query('update auth.users set banned_until = $2 where id = $1', [user.id, banned]);
    return userJson(db, (await findUserById(db, user.id))!);
  });
  return c.json(json);
}

/** GoTrue addPaginationHeaders: auth-js reads nextPage/lastPage from Link. */
function paginationLink(apiExternalUrl: string, page: number, perPage: number, total: number): string {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const pageUrl = (n: number) => {
    const url = new URL(`${apiExternalUrl}/auth/v1/admin/users`);
    url.searchParams.set('page', String(n));
    url.searchParams.set('per_page', String(perPage));
    return `<${url.pathname}${url.search}>`;
  };
  const links = [];
  if (page < lastPage) links.push(`${pageUrl(page + 1)}; rel="next"`);
  links.push(`${pageUrl(lastPage)}; rel="last"`);
  return links.join(', ');
}

/** GET /admin/users */
async function listUsersRoute(c: Context, deps: AuthDeps): Promise<Response> {
  const { ctx } = deps;
  const page = Math.max(1, pageParam(c, 'page', 1));
  const perPage = Math.min(1000, Math.max(1, pageParam(c, 'per_page', 50)));
  const filter = c.req.query('filter')?.trim();
  const where = filter ? `where email ilike $1 or raw_user_meta_data->>'full_name' ilike $1` : '';
  const args = filter ? [`%${filter.replace(/[\\%_]/g, '\\$&')}%`] : [];
  const total = Number((await ctx.pool.query<{ n: string }>(`select count(*) as n from auth.users ${where}`, args)).rows[0]!.n);
  // Newest first, as GoTrue sorts by default (created_at desc).
  const { rows } = await ctx.pool.query<UserRow>(
    `select * from auth.users ${where} order by created_at desc, id desc limit $${args.length + 1} offset $${args.length + 2}`,
    [...args, perPage, (page - 1) * perPage],
  );
  const users = [];
  for (const row of rows) users.push(await userJson(ctx.pool, row));
  c.header('X-Total-Count', String(total));
  c.header('Link', paginationLink(ctx.config.apiExternalUrl, page, perPage, total));
  return c.json({ users, aud: 'authenticated' });
}

/** GET /admin/users/:id */
async function getUserRoute(c: Context, deps: AuthDeps): Promise<Response> {
  const user = await loadUser(deps.ctx.pool, c.req.param('id')!);
  return c.json(await userJson(deps.ctx.pool, user));
}

/** A new address for the user, on the user row and its email identity (an anonymous user becomes an email user). */
async function changeEmail(db: Db, user: UserRow, email: string): Promise<void> {
  const taken = await findUserByEmail(db, email);
  if (taken && taken.id !== user.id) throw emailExists();
  await db.query(
    `update auth.users set email = $2, email_change = '', email_change_token_new = '',
                    email_change_token_current = '', updated_at = now() where id = $1`,
    [user.id, email],
  );
  const updated = await db.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [user.id, email],
  );
  if (user.is_anonymous || !updated.rowCount) await convertAnonymous(db, user.id, email);
}

/** PUT /admin/users/:id */
async function updateUserRoute(c: Context, deps: AuthDeps): Promise<Response> {
  const { ctx } = deps;
  const body = await readBody(c, adminUserBody);
  const email = body.email ? validEmail(body.email) : null;
  if (body.phone) {
    assertPhoneFormat(body.phone);
    throw phoneDisabled.signup();
  }
  if (body.password != null) assertStrongPassword(body.password, deps.passwordRule);
  const banned = body.ban_duration ? banUntil(body.ban_duration) : undefined;
  const json = await withTx(ctx.pool, async (db) => {
    const user = await loadUser(db, c.req.param('id')!, true);
    if (banned !== undefined) await db.query('update auth.users set banned_until = $2 where id = $1', [user.id, banned]);
    if (body.role) await db.query('update auth.users set role = $2 where id = $1', [user.id, body.role]);
    if (body.email_confirm) await confirmEmail(db, user.id);
    if (body.password != null) await setPassword(db, user.id, body.password);
    if (email && email !== user.email) await changeEmail(db, user, email);
    if (body.app_metadata) {
      await db.query('update auth.users set raw_app_meta_data = $2 where id = $1', [user.id, mergeMetadata(user.raw_app_meta_data, body.app_metadata)]);
    }
    if (body.user_metadata) {
      await db.query('update auth.users set raw_user_meta_data = $2 where id = $1', [user.id, mergeMetadata(user.raw_user_meta_data, body.user_metadata)]);
    }
    await db.query('update auth.users set updated_at = now() where id = $1', [user.id]);
    return userJson(db, (await findUserById(db, user.id))!);
  });
  return c.json(json);
}

/**
 * GoTrue SoftDeleteUser: the row stays (foreign keys, history) but can never sign in
 * again: addresses and identities obfuscated, password gone, factors and sessions deleted.
 * Built-in sha256(), not pgcrypto's digest(): digest() fails now and then on the embedded PGlite.
 */
async function softDeleteUser(db: Db, userId: string): Promise<void> {
  await db.query(
    `update auth.users set deleted_at = now(), updated_at = now(), encrypted_password = '',
       email = case when email is null then null else 'deleted-' || encode(sha256(convert_to(id::text || email, 'UTF8')), 'hex') end,
       phone = null, email_change = '', phone_change = '',
       confirmation_token = '', recovery_token = '', email_change_token_new = '', email_change_token_current = '',
       reauthentication_token = ''
     where id = $1`,
    [userId],
  );
  await db.query(
    `update auth.identities set identity_data = '{}'::jsonb, updated_at = now(),
       provider_id = 'deleted-' || encode(sha256(convert_to(id::text || provider_id, 'UTF8')), 'hex')
     where user_id = $1`,
    [userId],
  );
  await db.query('delete from auth.mfa_factors where user_id = $1', [userId]);
  await db.query('delete from auth.sessions where user_id = $1', [userId]);
}

/** DELETE /admin/users/:id {should_soft_delete} */
async function deleteUserRoute(c: Context, deps: AuthDeps): Promise<Response> {
  const { should_soft_delete: soft } = await readBody(c, adminDeleteBody);
  await withTx(deps.ctx.pool, async (db) => {
    const user = await loadUser(db, c.req.param('id')!, true);
    if (!soft) {
      await db.query('delete from auth.users where id = $1', [user.id]);
      return;
    }
    if (user.deleted_at) return;
    await softDeleteUser(db, user.id);
  });
  return c.json({});
}

/** GET /admin/users/:id/factors */
async function listFactorsRoute(c: Context, deps: AuthDeps): Promise<Response> {
  const { ctx } = deps;
  const user = await loadUser(ctx.pool, c.req.param('id')!);
  const { rows } = await ctx.pool.query<FactorRow>(`select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at`, [user.id]);
  return c.json(rows.map(factorJson));
}

/** DELETE /admin/users/:id/factors/:factorId */
async function deleteFactorRoute(c: Context, deps: AuthDeps): Promise<Response> {
  const { ctx } = deps;
  const user = await loadUser(ctx.pool, c.req.param('id')!);
  const factor = await loadFactor(ctx.pool, user.id, c.req.param('factorId')!);
  await withTx(ctx.pool, async (db) => {
    await db.query('delete from auth.mfa_factors where id = $1', [factor.id]);
    // Sessions that reached aal2 with it fall back to aal1, as when the user unenrols it.
    await db.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`, [factor.id]);
  });
  return c.json(factorJson(factor));
}

/** POST /invite: a new (or unconfirmed) user and the invitation email. */
async function inviteRoute(c: Context, deps: AuthDeps): Promise<Response> {
  const { ctx } = deps;
  const body = await readBody(c, inviteBody);
  const email = validEmail(body.email);
  const redirectTo = resolveRedirect(c.req.query('redirect_to'), ctx.config);
  const result = await withTx(ctx.pool, async (db) => {
    let user = await findUserByEmail(db, email, true);
    if (user?.email_confirmed_at) throw emailExists();
    user ??= await createUser(db, { email, userMetadata: body.data ?? {}, confirmed: false, invited: true });
    await db.query('update auth.users set invited_at = now() where id = $1', [user.id]);
    const pending = await prepareEmail(db, {
      userId: user.id,
      kind: 'invite',
      to: email,
      redirectTo,
      pkce: null,
      minInterval: deps.emailMinInterval,
      budget: deps.emailBudget,
    });
    return { pending, json: await userJson(db, (await findUserById(db, user.id))!) };
  });
  await deps.send(result.pending);
  return c.json(result.json);
}

type GenerateLinkBody = z.infer<typeof generateLinkBody>;
/** What every generated link's email shares. */
type LinkBase = { to: string; redirectTo: string; pkce: null; minInterval: number };

/** generate_link's signup: an unconfirmed user gets the data merged, an unknown address is signed up. */
async function signupLinkUser(db: Db, deps: AuthDeps, body: GenerateLinkBody, email: string, user: UserRow | null, passwordless: boolean): Promise<UserRow> {
  if (user?.email_confirmed_at) throw emailExists();
  if (user) {
    if (body.data) {
      await db.query('update auth.users set raw_user_meta_data = $2 where id = $1', [user.id, mergeMetadata(user.raw_user_meta_data, body.data)]);
    }
    return user;
  }
  if (!body.password && !passwordless) throw new AuthError(422, 'validation_failed', 'Signup requires a valid password');
  if (body.password) assertStrongPassword(body.password, deps.passwordRule);
  // GoTrue adminGenerateLink: user_metadata is the data given, nothing of the identity merged in
  return createUser(db, { email, password: body.password || undefined, userMetadata: body.data ?? {}, confirmed: false, metadataAsGiven: true });
}

/** generate_link's email_change_current / email_change_new. */
async function emailChangeLink(db: Db, deps: AuthDeps, body: GenerateLinkBody, type: string, user: UserRow, base: LinkBase): Promise<PendingEmail> {
  const secure = deps.ctx.config.secureEmailChange !== false;
  if (!secure && type === 'email_change_current') {
    throw validationFailed('Enable secure email change to generate link for current email');
  }
  const next = validEmail(body.new_email);
  const taken = await findUserByEmail(db, next);
  if (taken && taken.id !== user.id) throw emailExists();
  let pending: PendingEmail;
  if (type === 'email_change_new') {
    pending = await prepareEmail(db, { ...base, to: next, userId: user.id, kind: 'email_change' });
  } else {
    pending = await prepareEmail(db, { ...base, userId: user.id, kind: 'email_change_current' });
    await db.query(`update auth.users set email_change = $2 where id = $1`, [user.id, next]);
  }
  await db.query('update auth.users set email_change_confirm_status = 0 where id = $1', [user.id]);
  return pending;
}

/** The email generate_link answers for, as GoTrue prepares it (user created or updated as the type needs). */
async function prepareLinkEmail(
  db: Db,
  deps: AuthDeps,
  body: GenerateLinkBody,
  email: string,
  redirectTo: string,
): Promise<{ pending: PendingEmail; user: UserRow }> {
  let type = body.type;
  let user = await findUserByEmail(db, email, true);
  // GoTrue: a magic link for an unknown address signs it up (with a password nobody knows).
  const passwordless = !user && type === 'magiclink';
  if (!user) {
    if (type === 'magiclink') type = 'signup';
    else if (type !== 'signup' && type !== 'invite') {
      throw new AuthError(404, 'user_not_found', 'User with this email not found');
    }
  }
  const base: LinkBase = { to: email, redirectTo, pkce: null, minInterval: 0 };
  switch (type) {
    case 'magiclink':
    case 'recovery':
      return { pending: await prepareEmail(db, { ...base, userId: user!.id, kind: type }), user: user! };
    case 'invite':
      if (user?.email_confirmed_at) throw emailExists();
      user ??= await createUser(db, { email, userMetadata: body.data ?? {}, confirmed: false, invited: true, metadataAsGiven: true });
      await db.query('update auth.users set invited_at = now() where id = $1', [user.id]);
      return { pending: await prepareEmail(db, { ...base, userId: user.id, kind: 'invite' }), user };
    case 'signup':
      user = await signupLinkUser(db, deps, body, email, user, passwordless);
      return { pending: await prepareEmail(db, { ...base, userId: user.id, kind: 'signup' }), user };
    default:
      return { pending: await emailChangeLink(db, deps, body, type, user!, base), user: user! };
  }
}

/** POST /admin/generate_link: the link and code an email would carry, without sending it. */
async function generateLinkRoute(c: Context, deps: AuthDeps): Promise<Response> {
  const { ctx } = deps;
  const body = await readBody(c, generateLinkBody);
  const email = validEmail(body.email);
  if (!(GENERATE_LINK_TYPES as readonly string[]).includes(body.type)) {
    throw validationFailed(`Invalid email action link type requested: ${body.type}`);
  }
  const redirectTo = resolveRedirect(c.req.query('redirect_to') ?? body.redirect_to ?? body.redirectTo ?? undefined, ctx.config);
  const result = await withTx(ctx.pool, async (db) => {
    const { pending, user } = await prepareLinkEmail(db, deps, body, email, redirectTo);
    return { pending, json: await userJson(db, (await findUserById(db, user.id))!) };
  });
  const verificationType = LINK_TYPE[result.pending.kind];
  const actionLink =
    `${ctx.config.apiExternalUrl}/auth/v1/verify?token=${encodeURIComponent(result.pending.linkToken)}` +
    `&type=${verificationType}&redirect_to=${encodeURIComponent(redirectTo)}`;
  return c.json({
    ...result.json,
    action_link: actionLink,
    email_otp: result.pending.otp,
    hashed_token: result.pending.linkToken,
    verification_type: verificationType,
    redirect_to: redirectTo,
  });
}
