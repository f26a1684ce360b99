// auth.users / auth.identities access and the User JSON auth-js expects (GoTrue models/user.go).
import { randomUUID } from 'node:crypto';
import type { Db } from './db.ts';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change_confirm_status: number | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

export interface FactorRow {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  last_challenged_at: Date | null;
  phone: string | null;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string, forUpdate = false): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`select * from auth.users where lower(email) = $1 and is_sso_user = false${forUpdate ? ' for update' : ''}`, [
    normalizeEmail(email),
  ]);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: string, forUpdate = false): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`select * from auth.users where id = $1${forUpdate ? ' for update' : ''}`, [id]);
  return rows[0] ?? null;
}

export const isBanned = (user: UserRow) => user.banned_until !== null && user.banned_until.getTime() > Date.now();

export interface NewUser {
  email: string;
  password?: string | undefined;
  userMetadata?: Record<string, unknown> | undefined;
  appMetadata?: Record<string, unknown> | undefined;
  confirmed: boolean;
  role?: string | undefined;
  /** Sign-up copies the identity's claims into user_metadata; admin creation keeps exactly what was passed (as GoTrue). */
  metadataAsGiven?: boolean;
  /** Invited (POST /invite, generate_link invite): invited_at is set. */
  invited?: boolean;
}

/** Inserts the user and its email identity; app triggers on auth.users (profiles) fire here. */
export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  const id = randomUUID();
  const email = normalizeEmail(input.email);
  const identityData = { sub: id, email, email_verified: input.confirmed, phone_verified: false };
  const userMeta = input.metadataAsGiven ? (input.userMetadata ?? {}) : { ...(input.userMetadata ?? {}), ...identityData };
  const appMeta = { ...(input.appMetadata ?? {}), provider: 'email', providers: ['email'] };
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, is_anonymous, invited_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3,
       case when $4::text is null then '' else extensions.crypt($4::text, extensions.gen_salt('bf')) end,
       case when $5 then now() end, $6, $7, false, now(), now(), false, case when $8 then now() end)`,
    [id, input.role ?? 'authenticated', email, input.password ?? null, input.confirmed, appMeta, userMeta, input.invited === true],
  );
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2, $3, 'email', now(), now())`,
    [id, id, identityData],
  );
  return (await findUserById(db, id))!;
}

/** An anonymous user (GoTrue SignupAnonymously): no email, no identity, is_anonymous in its tokens. */
export async function createAnonymousUser(db: Db, userMetadata: Record<string, unknown>): Promise<UserRow> {
  const id = randomUUID();
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, encrypted_password, raw_app_meta_data, raw_user_meta_data,
       is_super_admin, created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', '', $2, $3, false, now(), now(), true)`,
    [id, { provider: 'anonymous', providers: ['anonymous'] }, userMetadata],
  );
  return (await findUserById(db, id))!;
}

export async function passwordMatches(db: Db, user: UserRow, candidate: string): Promise<boolean> {
  if (!user.encrypted_password) return false;
  const { rows } = await db.query<{ ok: boolean }>('select encrypted_password = extensions.crypt($2, encrypted_password) as ok from auth.users where id = $1', [
    user.id,
    candidate,
  ]);
  return rows[0]?.ok === true;
}

/** The bcrypt work of passwordMatches without a user, so an unknown address answers as slowly. */
export async function spendPasswordCheck(db: Db, candidate: string): Promise<void> {
  await db.query(`select extensions.crypt($1, extensions.gen_salt('bf')) as spent`, [candidate]);
}

export async function setPassword(db: Db, userId: string, password: string): Promise<void> {
  await db.query(
    `update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf')), updated_at = now()
     where id = $1`,
    [userId, password],
  );
}

/** Marks the email verified on the user and its identity (signup/invite/magic-link verification). */
export async function confirmEmail(db: Db, userId: string): Promise<void> {
  await db.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now(),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
     where id = $1`,
    [userId],
  );
  await db.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

/** GoTrue's UpdateUserMetaData: keys merge, a null value deletes the key. */
export function mergeMetadata(current: Record<string, unknown> | null, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export async function recordSignIn(db: Db, userId: string): Promise<void> {
  await db.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
  await db.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [userId]);
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

export const FACTOR_COLUMNS = 'id, friendly_name, factor_type, status, created_at, updated_at, last_challenged_at, phone';

/** GoTrue's Factor JSON (in the user, and from the admin factor endpoints). */
export function factorJson(f: FactorRow): Record<string, unknown> {
  return {
    id: f.id,
    friendly_name: f.friendly_name ?? '',
    factor_type: f.factor_type,
    status: f.status,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    last_challenged_at: iso(f.last_challenged_at) ?? null,
    phone: f.phone,
  };
}

/** The User object of GoTrue's API; absent (omitempty) fields are left out. */
export async function userJson(db: Db, user: UserRow): Promise<Record<string, unknown>> {
  const identities = await db.query<IdentityRow>('select * from auth.identities where user_id = $1 order by created_at', [user.id]);
  const factors = await db.query<FactorRow>(
    `select id, friendly_name, factor_type, status, created_at, updated_at, last_challenged_at, phone
     from auth.mfa_factors where user_id = $1 order by created_at`,
    [user.id],
  );
  const json: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: user.email_change ? iso(user.email_change_sent_at) : undefined,
    invited_at: iso(user.invited_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.rows.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    factors: factors.rows.length > 0 ? factors.rows.map(factorJson) : undefined,
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  };
  for (const key of Object.keys(json)) if (json[key] === undefined) delete json[key];
  return json;
}

/** Anti-enumeration: what sign-up answers for an already confirmed address (no identities). */
export function obfuscatedUserJson(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email: normalizeEmail(email),
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
