// GoTrue parity: what supabase-js can reach answers as GoTrue does — the admin API
// (update, links, invites, factors, paging), GET /reauthenticate and the nonce, the errors of
// features that are off, and config.toml's [auth] settings (stacks started with other ones).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHelpers, newEmail, PASSWORD } from './auth-client.ts';
import { startTestStack, type TestStack } from './harness.ts';

const adminOf = (stack: TestStack): SupabaseClient =>
  createClient(stack.url, stack.serviceRoleKey, { auth: { autoRefreshToken: false, persistSession: false } });

/** The body and status of a failed supabase-js call, as GoTrue sent them. */
function failure(error: unknown): { status?: number; code?: string; message?: string } {
  const e = error as { status?: number; code?: string; message?: string } | null;
  expect(e, 'the call should have failed').not.toBeNull();
  return { status: e!.status, code: e!.code, message: e!.message };
}

describe('the project config (supabase/config.toml)', () => {
  let stack: TestStack;
  const h = authHelpers(() => stack);
  let admin: SupabaseClient;

  beforeAll(async () => {
    stack = await startTestStack({ emailMinInterval: 0 });
    admin = adminOf(stack);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  describe('admin users', () => {
    it('createUser keeps user_metadata as given and refuses an invalid address', async () => {
      const email = newEmail('admin-meta');
      const { data, error } = await admin.auth.admin.createUser({ email, password: PASSWORD, user_metadata: { full_name: 'Ada' } });
      expect(error).toBeNull();
      expect(data.user!.user_metadata).toEqual({ full_name: 'Ada' });
      expect(data.user!.identities![0]!.identity_data).toMatchObject({ sub: data.user!.id, email });

      const bad = await admin.auth.admin.createUser({ email: 'xx:;x@x.x', password: PASSWORD });
      expect(failure(bad.error)).toEqual({
        status: 400,
        code: 'validation_failed',
        message: 'Unable to validate email address: invalid format',
      });
    });

    it('listUsers is newest first with Link paging, and refuses bad paging with 400', async () => {
      const first = (await admin.auth.admin.createUser({ email: newEmail('older'), password: PASSWORD })).data.user!;
      const second = (await admin.auth.admin.createUser({ email: newEmail('newer'), password: PASSWORD })).data.user!;
      const { data, error } = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
      expect(error).toBeNull();
      expect(data.users.map((u) => u.id)).toEqual([second.id, first.id]);
      expect((data as { total: number }).total).toBeGreaterThanOrEqual(2);
      expect((data as { nextPage: number | null }).nextPage).toBe(2);

      const bad = await admin.auth.admin.listUsers({ page: -1 });
      expect(failure(bad.error)).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(bad.error!.message).toMatch(/^Bad Pagination Parameters/);
    });

    it('updateUserById changes email, password, metadata and bans; malformed and unknown ids answer 400 and 404', async () => {
      const email = newEmail('admin-update');
      const user = (await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { a: 1, b: 2 } })).data.user!;
      const moved = newEmail('admin-moved');
      const { data, error } = await admin.auth.admin.updateUserById(user.id, {
        email: moved,
        password: 'Embroider77',
        user_metadata: { b: null, c: 3 },
        app_metadata: { plan: 'pro' },
      });
      expect(error).toBeNull();
      expect(data.user!.email).toBe(moved);
      expect(data.user!.user_metadata).toEqual({ a: 1, c: 3 });
      expect(data.user!.app_metadata).toMatchObject({ provider: 'email', plan: 'pro' });
      const signIn = await h.client().auth.signInWithPassword({ email: moved, password: 'Embroider77' });
      expect(signIn.error).toBeNull();

      const banned = await admin.auth.admin.updateUserById(user.id, { ban_duration: '24h' });
      expect(new Date(banned.data.user!.banned_until!).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
      const refused = await h.client().auth.signInWithPassword({ email: moved, password: 'Embroider77' });
      expect(failure(refused.error)).toMatchObject({ status: 400, code: 'user_banned' });

      // auth-js checks ids itself; GoTrue's own answer to a malformed one:
      const malformed = await h.raw('/admin/users/not-a-uuid', { method: 'PUT', token: stack.serviceRoleKey, body: '{}' });
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toMatchObject({ error_code: 'validation_failed', msg: 'user_id must be an UUID' });
      expect(failure((await admin.auth.admin.getUserById('00000000-0000-4000-8000-000000000000')).error)).toEqual({
        status: 404,
        code: 'user_not_found',
        message: 'User not found',
      });
    });

    it('deleteUser with shouldSoftDelete keeps the row but the account can never sign in again', async () => {
      const email = newEmail('soft');
      const user = (await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })).data.user!;
      const token = (await (await h.signedIn(email)).auth.getSession()).data.session!.access_token;
      expect((await admin.auth.admin.deleteUser(user.id, true)).error).toBeNull();
      const kept = await admin.auth.admin.getUserById(user.id);
      expect(kept.data.user!.deleted_at).toBeTruthy();
      expect(kept.data.user!.email).not.toBe(email);
      expect(failure((await h.client().auth.signInWithPassword({ email, password: PASSWORD })).error)).toMatchObject({ code: 'invalid_credentials' });
      const session = await h.raw('/user', { token });
      expect(session.status).toBe(403);
      expect((await session.json()).error_code).toBe('session_not_found');
      // the address is free again
      expect((await admin.auth.admin.createUser({ email, password: PASSWORD })).error).toBeNull();
    });

    it('inviteUserByEmail creates the user, mails the invitation, and refuses a confirmed address', async () => {
      const email = newEmail('invited');
      const { data, error } = await admin.auth.admin.inviteUserByEmail(email, { data: { shop: 'Thimble' } });
      expect(error).toBeNull();
      expect(data.user!.invited_at).toBeTruthy();
      expect(data.user!.email_confirmed_at).toBeUndefined();
      const { link } = await h.lastMail(email, 'You are invited to Stitchhouse');
      const opened = await h.openLink(link);
      expect(opened.hash.get('type')).toBe('invite');
      expect(opened.hash.get('access_token')).toBeTruthy();

      const again = await admin.auth.admin.inviteUserByEmail(email);
      expect(failure(again.error)).toEqual({
        status: 422,
        code: 'email_exists',
        message: 'A user with this email address has already been registered',
      });
    });

    it('generateLink answers every link type with hashed_token, action_link and verification_type', async () => {
      const fresh = newEmail('link-signup');
      const signup = await admin.auth.admin.generateLink({ type: 'signup', email: fresh, password: PASSWORD });
      expect(signup.error).toBeNull();
      expect(signup.data.properties).toMatchObject({ verification_type: 'signup', email_otp: expect.stringMatching(/^\d{6}$/) });
      expect(signup.data.properties!.action_link).toContain(`/auth/v1/verify?token=${signup.data.properties!.hashed_token}&type=signup`);
      const confirmed = await h.client().auth.verifyOtp({ token_hash: signup.data.properties!.hashed_token, type: 'signup' });
      expect(confirmed.error).toBeNull();
      expect(confirmed.data.user!.email).toBe(fresh);

      const magic = await admin.auth.admin.generateLink({ type: 'magiclink', email: fresh });
      expect(magic.data.properties!.verification_type).toBe('magiclink');
      expect((await h.openLink(magic.data.properties!.action_link)).hash.get('access_token')).toBeTruthy();

      const recovery = await admin.auth.admin.generateLink({ type: 'recovery', email: fresh });
      expect(recovery.data.properties!.verification_type).toBe('recovery');
      const recovered = await h.client().auth.verifyOtp({ email: fresh, token: recovery.data.properties!.email_otp, type: 'recovery' });
      expect(recovered.error).toBeNull();

      const invite = await admin.auth.admin.generateLink({ type: 'invite', email: newEmail('link-invite') });
      expect(invite.data.properties!.verification_type).toBe('invite');
      expect(invite.data.user!.invited_at).toBeTruthy();

      const target = newEmail('link-moved');
      const current = await admin.auth.admin.generateLink({ type: 'email_change_current', email: fresh, newEmail: target });
      const next = await admin.auth.admin.generateLink({ type: 'email_change_new', email: fresh, newEmail: target });
      expect(next.data.properties!.verification_type).toBe('email_change');
      expect(next.data.user!.new_email).toBe(target);
      await h.openLink(current.data.properties!.action_link);
      await h.openLink(next.data.properties!.action_link);
      expect((await admin.auth.admin.getUserById(confirmed.data.user!.id)).data.user!.email).toBe(target);

      // A magic link for an unknown address is a sign-up link; a recovery link is a 404.
      const unknownMagic = await admin.auth.admin.generateLink({ type: 'magiclink', email: newEmail('link-unknown') });
      expect(unknownMagic.data.properties!.verification_type).toBe('signup');
      const unknownRecovery = await admin.auth.admin.generateLink({ type: 'recovery', email: newEmail('link-unknown') });
      expect(failure(unknownRecovery.error)).toEqual({ status: 404, code: 'user_not_found', message: 'User with this email not found' });
    });

    it('lists and deletes a user factor through admin.mfa', async () => {
      const email = await h.signUpConfirmed(newEmail('admin-mfa'));
      const c = await h.signedIn(email);
      const enrolled = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
      expect(enrolled.error).toBeNull();
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.data!.totp.secret) });
      const verified = await c.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code: totp.generate() });
      expect(verified.error).toBeNull();
      const userId = (await c.auth.getUser()).data.user!.id;

      const listed = await admin.auth.admin.mfa.listFactors({ userId });
      expect(listed.error).toBeNull();
      expect(listed.data!.factors).toEqual([
        expect.objectContaining({ id: enrolled.data!.id, factor_type: 'totp', status: 'verified', friendly_name: 'Phone app' }),
      ]);
      const deleted = await admin.auth.admin.mfa.deleteFactor({ userId, id: enrolled.data!.id });
      expect(deleted.error).toBeNull();
      expect((await admin.auth.admin.mfa.listFactors({ userId })).data!.factors).toEqual([]);
      const again = await admin.auth.admin.mfa.deleteFactor({ userId, id: enrolled.data!.id });
      expect(failure(again.error)).toEqual({ status: 404, code: 'mfa_factor_not_found', message: 'Factor not found' });
    });
  });

  describe('features that are off answer as GoTrue does', () => {
    it('SSO, manual linking, OAuth id_token and web3', async () => {
      const sso = await h.client().auth.signInWithSSO({ domain: 'stitchhouse.test' });
      expect(failure(sso.error)).toEqual({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });

      const c = await h.signedIn(await h.signUpConfirmed(newEmail('linker')));
      const link = await c.auth.linkIdentity({ provider: 'github' });
      expect(failure(link.error)).toEqual({ status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled' });

      const google = await h.client().auth.signInWithIdToken({ provider: 'google', token: 'eyJ.x.y' });
      expect(failure(google.error)).toEqual({
        status: 400,
        code: 'provider_disabled',
        message: 'Provider (issuer "https://accounts.google.com") is not enabled',
      });
      const web3 = await h.raw('/token?grant_type=web3', { method: 'POST', body: JSON.stringify({ chain: 'solana', message: 'm', signature: 's' }) });
      expect(web3.status).toBe(422);
      expect(await web3.json()).toMatchObject({ error_code: 'web3_provider_disabled', msg: 'Web3 provider is disabled' });
    });

    it('phone sign-up, OTP and verification', async () => {
      const signUp = await h.client().auth.signUp({ phone: '+441234567890', password: PASSWORD });
      expect(failure(signUp.error)).toEqual({ status: 400, code: 'phone_provider_disabled', message: 'Phone signups are disabled' });
      const otp = await h.client().auth.signInWithOtp({ phone: '+441234567890' });
      expect(failure(otp.error)).toEqual({ status: 400, code: 'phone_provider_disabled', message: 'Unsupported phone provider' });
      const badNumber = await h.client().auth.verifyOtp({ phone: 'not-a-number', token: '123456', type: 'sms' });
      expect(failure(badNumber.error)).toEqual({
        status: 400,
        code: 'validation_failed',
        message: 'Invalid phone number format (E.164 required)',
      });
    });

    it('phone and WebAuthn factors, and passkeys', async () => {
      const c = await h.signedIn(await h.signUpConfirmed(newEmail('webauthn')));
      const phone = await c.auth.mfa.enroll({ factorType: 'phone', phone: '+441234567890' });
      expect(failure(phone.error)).toEqual({ status: 422, code: 'mfa_phone_enroll_not_enabled', message: 'MFA enroll is disabled for Phone' });
      const token = (await c.auth.getSession()).data.session!.access_token;
      const webauthn = await h.raw('/factors', { method: 'POST', token, body: JSON.stringify({ factor_type: 'webauthn', friendly_name: 'Key' }) });
      expect(webauthn.status).toBe(422);
      expect(await webauthn.json()).toMatchObject({ error_code: 'mfa_webauthn_enroll_not_enabled', msg: 'MFA enroll is disabled for WebAuthn' });
      const passkeys = await h.raw('/passkeys/authentication/options', { method: 'POST', body: '{}' });
      expect(passkeys.status).toBe(404);
      expect(await passkeys.json()).toMatchObject({ error_code: 'passkey_disabled', msg: 'Passkeys are disabled' });
    });
  });

  it('GET /reauthenticate mails a code', async () => {
    const email = await h.signUpConfirmed(newEmail('reauth'));
    const c = await h.signedIn(email);
    const { error } = await c.auth.reauthenticate();
    expect(error).toBeNull();
    const message = (await h.inbox(email)).find((m) => m.subject === 'Confirm it is you');
    expect(message?.text).toMatch(/Your code: \d{6}/);
  });

  it('settings, health and the JWKS answer without an apikey; other auth calls still need one', async () => {
    for (const path of ['/settings', '/health', '/.well-known/jwks.json']) {
      expect((await fetch(`${stack.url}/auth/v1${path}`)).status, path).toBe(200);
    }
    const settings = await (await fetch(`${stack.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({ disable_signup: false, mailer_autoconfirm: false, external: { email: true, anonymous_users: true } });
    expect((await fetch(`${stack.url}/auth/v1/user`)).status).toBe(401);
  });

  it('anonymous sign-ins are on for guest checkout (enable_anonymous_sign_ins = true)', async () => {
    const { data, error } = await h.client().auth.signInAnonymously();
    expect(error).toBeNull();
    expect(data.user!.is_anonymous).toBe(true);
  });
});

describe('a stack with other [auth] settings: autoconfirm, anonymous sign-ins, stricter passwords, secure password change', () => {
  let stack: TestStack;
  const h = authHelpers(() => stack);

  beforeAll(async () => {
    stack = await startTestStack({
      emailMinInterval: 0,
      authConfig: {
        enable_anonymous_sign_ins: true,
        minimum_password_length: 10,
        password_requirements: 'lower_upper_letters_digits',
        email: { enable_confirmations: false, secure_password_change: true },
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('signs up without a confirmation email, and a second sign-up is user_already_exists', async () => {
    const email = newEmail('autoconfirm');
    const { data, error } = await h.client().auth.signUp({ email, password: 'QuiltingTwo42' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect(await h.inbox(email)).toEqual([]);
    const again = await h.client().auth.signUp({ email, password: 'QuiltingTwo42' });
    expect(failure(again.error)).toEqual({ status: 422, code: 'user_already_exists', message: 'User already registered' });
    const settings = await (await fetch(`${stack.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({ mailer_autoconfirm: true, external: { anonymous_users: true } });
  });

  it('applies minimum_password_length and password_requirements in GoTrue words', async () => {
    const { error } = await h.client().auth.signUp({ email: newEmail('weak'), password: 'quilting42' });
    expect(failure(error)).toMatchObject({ status: 422, code: 'weak_password' });
    expect((error as { reasons?: string[] }).reasons).toEqual(['characters']);
    expect(error!.message).toBe('Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.');
    const short = await h.client().auth.signUp({ email: newEmail('short'), password: 'Quilt42' });
    expect((short.error as { reasons?: string[] }).reasons).toEqual(['length']);
    expect(short.error!.message).toBe('Password should be at least 10 characters.');
  });

  it('signs in anonymously, keeps MFA from anonymous users, and converts by updateUser({ email }) keeping the id', async () => {
    const c = h.client();
    const { data, error } = await c.auth.signInAnonymously({ options: { data: { cart: 'guest' } } });
    expect(error).toBeNull();
    expect(data.user!.is_anonymous).toBe(true);
    expect(data.user!.app_metadata).toMatchObject({ provider: 'anonymous' });
    const claims = (await c.auth.getClaims()).data!.claims;
    expect(claims.is_anonymous).toBe(true);
    expect(claims.role).toBe('authenticated');

    const enroll = await c.auth.mfa.enroll({ factorType: 'totp' });
    expect(failure(enroll.error)).toEqual({ status: 403, code: 'no_authorization', message: 'Anonymous user not allowed to perform these actions' });

    const email = newEmail('guest');
    const converted = await c.auth.updateUser({ email });
    expect(converted.error).toBeNull();
    expect(converted.data.user!.id).toBe(data.user!.id);
    expect(converted.data.user!.email).toBe(email);
    expect(converted.data.user!.is_anonymous).toBe(false);
    await c.auth.refreshSession();
    expect((await c.auth.getClaims()).data!.claims.is_anonymous).toBe(false);
  });

  it('asks a session older than 24 h for the reauthentication nonce before a password change', async () => {
    const email = newEmail('nonce');
    const c = h.client();
    expect((await c.auth.signUp({ email, password: 'QuiltingTwo42' })).error).toBeNull();
    // A fresh session changes the password without a nonce (GoTrue's 24 h window).
    expect((await c.auth.updateUser({ password: 'QuiltingThree43' })).error).toBeNull();

    const sessionId = (await c.auth.getClaims()).data!.claims.session_id;
    await stack.pool.query(`update auth.sessions set created_at = now() - interval '25 hours' where id = $1`, [sessionId]);
    const without = await c.auth.updateUser({ password: 'QuiltingFour44' });
    expect(failure(without.error)).toEqual({ status: 400, code: 'reauthentication_needed', message: 'Password update requires reauthentication' });

    expect((await c.auth.reauthenticate()).error).toBeNull();
    const message = (await h.inbox(email)).find((m) => m.subject === 'Confirm it is you')!;
    const nonce = /Your code: (\d{6})/.exec(message.text)![1]!;
    const wrong = await c.auth.updateUser({ password: 'QuiltingFour44', nonce: nonce === '000000' ? '111111' : '000000' });
    expect(failure(wrong.error)).toEqual({ status: 422, code: 'reauthentication_not_valid', message: 'Nonce has expired or is invalid' });
    expect((await c.auth.updateUser({ password: 'QuiltingFour44', nonce })).error).toBeNull();
    // spent: the same nonce does not work twice
    const reused = await c.auth.updateUser({ password: 'QuiltingFive45', nonce });
    expect(failure(reused.error)).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
  });
});

describe('a stack with enable_anonymous_sign_ins = false', () => {
  let stack: TestStack;
  const h = authHelpers(() => stack);

  beforeAll(async () => {
    stack = await startTestStack({ authConfig: { enable_anonymous_sign_ins: false } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('refuses anonymous sign-ins as GoTrue does', async () => {
    const anonymous = await h.client().auth.signInAnonymously();
    expect(failure(anonymous.error)).toEqual({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
    expect((await (await fetch(`${stack.url}/auth/v1/settings`)).json()).external.anonymous_users).toBe(false);
  });
});

describe('a stack with enable_signup = false', () => {
  let stack: TestStack;
  const h = authHelpers(() => stack);

  beforeAll(async () => {
    stack = await startTestStack({ emailMinInterval: 0, authConfig: { enable_signup: false, enable_anonymous_sign_ins: true } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('refuses sign-ups and anonymous sign-ins; admins still create users', async () => {
    const signUp = await h.client().auth.signUp({ email: newEmail('closed'), password: PASSWORD });
    expect(failure(signUp.error)).toEqual({ status: 422, code: 'signup_disabled', message: 'Signups not allowed for this instance' });
    const anonymous = await h.client().auth.signInAnonymously();
    expect(failure(anonymous.error)).toEqual({ status: 422, code: 'signup_disabled', message: 'Signups not allowed for this instance' });
    // Unknown addresses get no account from a magic link, and the answer does not say so.
    const stranger = newEmail('stranger');
    expect((await h.client().auth.signInWithOtp({ email: stranger })).error).toBeNull();
    expect(await h.inbox(stranger)).toEqual([]);
    const created = await adminOf(stack).auth.admin.createUser({ email: newEmail('staff'), password: PASSWORD, email_confirm: true });
    expect(created.error).toBeNull();
    expect((await (await fetch(`${stack.url}/auth/v1/settings`)).json()).disable_signup).toBe(true);
  });
});

describe('a stack with [auth.mfa] max_enrolled_factors = 1 and [auth.mfa.totp] verify_enabled = false', () => {
  let stack: TestStack;
  const h = authHelpers(() => stack);

  beforeAll(async () => {
    stack = await startTestStack({
      emailMinInterval: 0,
      authConfig: { email: { enable_confirmations: false }, mfa: { max_enrolled_factors: 1, totp: { enroll_enabled: true, verify_enabled: false } } },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('enrols one TOTP factor, refuses a second, and refuses challenge and verify as GoTrue does', async () => {
    const c = h.client();
    expect((await c.auth.signUp({ email: newEmail('mfa-off'), password: PASSWORD })).error).toBeNull();
    const first = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(first.error).toBeNull();
    const second = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' });
    expect(failure(second.error)).toEqual({
      status: 422,
      code: 'too_many_enrolled_mfa_factors',
      message: 'Maximum number of verified factors reached, unenroll to continue',
    });

    const verifyOff = { status: 422, code: 'mfa_totp_verify_not_enabled', message: 'MFA verification is disabled for TOTP' };
    const challenge = await c.auth.mfa.challenge({ factorId: first.data!.id });
    expect(failure(challenge.error)).toEqual(verifyOff);
    const { count } = (
      await stack.pool.query<{ count: number }>('select count(*)::int as count from auth.mfa_challenges where factor_id = $1', [first.data!.id])
    ).rows[0]!;
    expect(count).toBe(0);
    const verify = await c.auth.mfa.verify({ factorId: first.data!.id, challengeId: crypto.randomUUID(), code: '123456' });
    expect(failure(verify.error)).toEqual(verifyOff);
  });
});

describe('a stack with [auth.mfa.totp] enroll_enabled = false', () => {
  let stack: TestStack;
  const h = authHelpers(() => stack);

  beforeAll(async () => {
    stack = await startTestStack({ emailMinInterval: 0, authConfig: { email: { enable_confirmations: false }, mfa: { totp: { enroll_enabled: false } } } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('refuses TOTP enrolment as GoTrue does', async () => {
    const c = h.client();
    expect((await c.auth.signUp({ email: newEmail('enroll-off'), password: PASSWORD })).error).toBeNull();
    const enroll = await c.auth.mfa.enroll({ factorType: 'totp' });
    expect(failure(enroll.error)).toEqual({ status: 422, code: 'mfa_totp_enroll_not_enabled', message: 'MFA enroll is disabled for TOTP' });
    expect((await stack.pool.query('select 1 from auth.mfa_factors')).rows).toEqual([]);
  });
});

describe('a stack with [auth.rate_limit] email_sent = 1', () => {
  let stack: TestStack;
  const h = authHelpers(() => stack);

  beforeAll(async () => {
    stack = await startTestStack({ emailMinInterval: 0, authConfig: { rate_limit: { email_sent: 1 } } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('sends one email in the hour, then answers 429 for known and unknown addresses alike', async () => {
    const email = newEmail('budget');
    expect((await h.client().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    expect(await h.inbox(email)).toHaveLength(1);
    const spent = { status: 429, code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' };
    expect(failure((await h.client().auth.signInWithOtp({ email })).error)).toEqual(spent);
    expect(failure((await h.client().auth.signInWithOtp({ email: newEmail('nobody'), options: { shouldCreateUser: false } })).error)).toEqual(spent);
    expect(failure((await h.client().auth.resetPasswordForEmail(email)).error)).toEqual(spent);
    const stranger = newEmail('late');
    expect(failure((await h.client().auth.signUp({ email: stranger, password: PASSWORD })).error)).toEqual(spent);
    // refused inside the transaction: no account was left behind
    expect((await stack.pool.query('select 1 from auth.users where email = $1', [stranger])).rows).toEqual([]);
    expect(await h.inbox(email)).toHaveLength(1);
  });
});
