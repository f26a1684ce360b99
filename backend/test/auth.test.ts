// The auth server through @supabase/supabase-js against the running stack: every flow the
// app uses, links and codes read from the local inbox, plus the bad-input cases.
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthApp } from '../src/auth/index.ts';
import type { MailMessage } from '../src/context.ts';
import { signJwt } from '../src/jwt.ts';
import { authHelpers, newEmail, PASSWORD } from './auth-client.ts';
import { startTestStack } from './harness.ts';

type Stack = Awaited<ReturnType<typeof startTestStack>>;
let stack: Stack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const { client, inbox, lastMail, openLink, signUpConfirmed, signedIn, raw } = authHelpers(() => stack);

describe('sign-up and password sign-in', () => {
  it('confirms the email from the inbox link, then signs in', async () => {
    const email = newEmail('signup');
    const c = client();
    const { data, error } = await c.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { display_name: 'Ada Stitch', intent: 'designer' }, emailRedirectTo: 'http://localhost:3001/welcome' },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.user_metadata).toMatchObject({ display_name: 'Ada Stitch', intent: 'designer' });

    const before = await c.auth.signInWithPassword({ email, password: PASSWORD });
    expect(before.error?.code).toBe('email_not_confirmed');

    const { link } = await lastMail(email, 'Confirm your Stitchhouse account');
    const opened = await openLink(link);
    expect(opened.status).toBe(303);
    expect(opened.location.origin + opened.location.pathname).toBe('http://localhost:3001/welcome');
    expect(opened.hash.get('type')).toBe('signup');
    const { data: viaLink } = await c.auth.getUser(opened.hash.get('access_token')!);
    expect(viaLink.user?.email).toBe(email);
    expect(viaLink.user?.email_confirmed_at).toBeTruthy();

    const signIn = await c.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session?.refresh_token).toBeTruthy();
    const row = await stack.pool.query('select raw_user_meta_data, confirmed_at from auth.users where email = $1', [email]);
    expect(row.rows[0].raw_user_meta_data.display_name).toBe('Ada Stitch');
    expect(row.rows[0].confirmed_at).not.toBeNull();
  });

  it('answers a duplicate sign-up with an obfuscated user and sends nothing', async () => {
    const email = await signUpConfirmed();
    const mailsBefore = (await inbox(email)).length;
    const { data, error } = await client().auth.signUp({ email, password: 'Another99' });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.session).toBeNull();
    expect((await inbox(email)).length).toBe(mailsBefore);
    const users = await stack.pool.query('select id from auth.users where email = $1', [email]);
    expect(users.rows).toHaveLength(1);
    expect(users.rows[0].id).not.toBe(data.user?.id);
  });

  it('creates one user when the same address signs up twice at once', async () => {
    const email = newEmail('race');
    const results = await Promise.all([1, 2].map(() => client().auth.signUp({ email, password: PASSWORD })));
    for (const r of results) {
      if (r.error) expect([422, 429]).toContain(r.error.status);
    }
    expect(results.some((r) => r.error === null)).toBe(true);
    const users = await stack.pool.query('select count(*)::int as n from auth.users where email = $1', [email]);
    expect(users.rows[0].n).toBe(1);
  });

  it('rejects a wrong password, an unknown user and a weak password', async () => {
    const email = await signUpConfirmed();
    const wrong = await client().auth.signInWithPassword({ email, password: 'Wrong1234' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.status).toBe(400);
    const unknown = await client().auth.signInWithPassword({ email: newEmail('nobody'), password: PASSWORD });
    expect(unknown.error?.code).toBe('invalid_credentials');
    expect(unknown.error?.message).toBe(wrong.error?.message);

    const weak = await client().auth.signUp({ email: newEmail('weak'), password: 'onlyletters' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.status).toBe(422);
    expect((weak.error as { reasons?: string[] }).reasons).toEqual(['characters']);
  });
});

describe('magic link, email code and recovery', () => {
  it('signs in with the magic link and with the 6-digit code', async () => {
    const email = await signUpConfirmed();
    const c = client();
    expect((await c.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const first = await lastMail(email, 'Your sign-in link');
    const opened = await openLink(first.link);
    expect(opened.hash.get('type')).toBe('magiclink');
    expect(opened.hash.get('access_token')).toBeTruthy();

    // The same email's code works too, once per email.
    await stack.pool.query(`update auth.users set recovery_sent_at = now() - interval '2 minutes' where email = $1`, [email]);
    expect((await c.auth.signInWithOtp({ email })).error).toBeNull();
    const second = await lastMail(email, 'Your sign-in link');
    const { data, error } = await c.auth.verifyOtp({ email, token: second.code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const again = await c.auth.verifyOtp({ email, token: second.code, type: 'email' });
    expect(again.error?.code).toBe('otp_expired');
  });

  it('signs up a new address through signInWithOtp, and without create_user sends nothing', async () => {
    // Unlike GoTrue's 422 otp_disabled: the same answer as for a known address (no enumeration).
    const ghost = newEmail('nouser');
    const refused = await client().auth.signInWithOtp({ email: ghost, options: { shouldCreateUser: false } });
    expect(refused.error).toBeNull();
    expect(await inbox(ghost)).toHaveLength(0);
    expect((await stack.pool.query('select 1 from auth.users where email = $1', [ghost])).rowCount).toBe(0);
    const email = newEmail('otpnew');
    expect((await client().auth.signInWithOtp({ email, options: { data: { display_name: 'Otto' } } })).error).toBeNull();
    const { code } = await lastMail(email, 'Confirm your Stitchhouse account');
    const { data, error } = await client().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.user_metadata.display_name).toBe('Otto');
  });

  it('recovers a password: old password fails and other sessions end', async () => {
    const email = await signUpConfirmed();
    const otherDevice = await signedIn(email);
    const c = client();
    expect((await c.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:3001/change-password' })).error).toBeNull();
    const { link } = await lastMail(email, 'Reset your password');
    const opened = await openLink(link);
    expect(opened.location.pathname).toBe('/change-password');
    expect(opened.hash.get('type')).toBe('recovery');
    const set = await c.auth.setSession({
      access_token: opened.hash.get('access_token')!,
      refresh_token: opened.hash.get('refresh_token')!,
    });
    expect(set.error).toBeNull();

    const same = await c.auth.updateUser({ password: PASSWORD });
    expect(same.error?.code).toBe('same_password');
    const updated = await c.auth.updateUser({ password: 'NewSeams77' });
    expect(updated.error).toBeNull();

    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await client().auth.signInWithPassword({ email, password: 'NewSeams77' })).error).toBeNull();
    const stale = await otherDevice.auth.getUser();
    // auth-js turns 403 session_not_found into AuthSessionMissingError and drops the session.
    expect(stale.error?.name).toBe('AuthSessionMissingError');
    expect((await c.auth.getUser()).error).toBeNull();
    // Unknown addresses get the same answer.
    expect((await client().auth.resetPasswordForEmail(newEmail('ghost'))).error).toBeNull();
  });

  it('redirects expired and already used links with error_code=otp_expired', async () => {
    const email = await signUpConfirmed();
    await client().auth.signInWithOtp({ email, options: { emailRedirectTo: 'http://localhost:3001/' } });
    const { link } = await lastMail(email, 'Your sign-in link');
    expect((await openLink(link)).hash.get('access_token')).toBeTruthy();
    const used = await openLink(link);
    expect(used.status).toBe(303);
    expect(used.hash.get('error')).toBe('access_denied');
    expect(used.hash.get('error_code')).toBe('otp_expired');
    expect(used.hash.get('access_token')).toBeNull();

    await stack.pool.query(`update auth.users set recovery_sent_at = now() - interval '2 minutes' where email = $1`, [email]);
    await client().auth.signInWithOtp({ email });
    const fresh = await lastMail(email, 'Your sign-in link');
    await stack.pool.query(`update auth.users set recovery_sent_at = now() - interval '2 days' where email = $1`, [email]);
    const expired = await openLink(fresh.link);
    expect(expired.hash.get('error_code')).toBe('otp_expired');
    expect(expired.hash.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('ignores a redirect_to outside the allow list', async () => {
    const email = newEmail('redirect');
    await client().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'https://evil.example.com/steal' } });
    const { link } = await lastMail(email, 'Confirm your Stitchhouse account');
    const opened = await openLink(link);
    expect(opened.location.origin).toBe(new URL(stack.config.siteUrl).origin);
  });
});

describe('resend and server-side verification', () => {
  it('resends the confirmation to an unconfirmed address only', async () => {
    const email = newEmail('resend');
    await client().auth.signUp({ email, password: PASSWORD });
    const first = await lastMail(email, 'Confirm your Stitchhouse account');
    const tooSoon = await client().auth.resend({ type: 'signup', email });
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
    expect(tooSoon.error?.status).toBe(429);
    await stack.pool.query(`update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`, [email]);
    expect((await client().auth.resend({ type: 'signup', email })).error).toBeNull();
    const second = await lastMail(email, 'Confirm your Stitchhouse account');
    expect(second.link).not.toBe(first.link);
    // Only the newest link works.
    expect((await openLink(first.link)).hash.get('error_code')).toBe('otp_expired');
    expect((await openLink(second.link)).hash.get('access_token')).toBeTruthy();
    const mails = (await inbox(email)).length;
    expect((await client().auth.resend({ type: 'signup', email })).error).toBeNull();
    expect((await inbox(email)).length).toBe(mails);
  });

  it('verifies a token_hash from the link server-side (SSR confirm route)', async () => {
    const email = await signUpConfirmed();
    await client().auth.signInWithOtp({ email });
    const { link } = await lastMail(email, 'Your sign-in link');
    const tokenHash = new URL(link).searchParams.get('token')!;
    const c = client();
    const { data, error } = await c.auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const again = await client().auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
    expect(again.error?.code).toBe('otp_expired');
    expect(again.error?.status).toBe(403);
  });

  it('refuses a wrong code without using up the right one', async () => {
    const email = await signUpConfirmed();
    await client().auth.signInWithOtp({ email });
    const { code } = await lastMail(email, 'Your sign-in link');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await client().auth.verifyOtp({ email, token: wrong, type: 'email' })).error?.code).toBe('otp_expired');
    expect((await client().auth.verifyOtp({ email, token: code, type: 'email' })).error).toBeNull();
  });
});

describe('PKCE', () => {
  it('exchanges the code from the magic link once', async () => {
    const email = await signUpConfirmed();
    const c = client('pkce');
    expect((await c.auth.signInWithOtp({ email, options: { emailRedirectTo: 'http://localhost:3001/cb' } })).error).toBeNull();
    const { link } = await lastMail(email, 'Your sign-in link');
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/);
    const opened = await openLink(link);
    const code = opened.location.searchParams.get('code');
    expect(code).toBeTruthy();
    expect(opened.hash.get('access_token')).toBeNull();
    const { data, error } = await c.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const replay = await raw('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect(replay.status).toBe(404);
    expect((await replay.json()).code).toBe('flow_state_not_found');
  });

  it('confirms a PKCE sign-up and exchanges its code', async () => {
    const email = newEmail('pkcesignup');
    const c = client('pkce');
    expect((await c.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'http://localhost:3001/cb' } })).error).toBeNull();
    const { link } = await lastMail(email, 'Confirm your Stitchhouse account');
    const code = (await openLink(link)).location.searchParams.get('code');
    const { data, error } = await c.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims.amr[0].method).toBe('email/signup');
  });

  it('puts the error of a used PKCE link in the query too', async () => {
    const email = await signUpConfirmed();
    const c = client('pkce');
    await c.auth.signInWithOtp({ email });
    const { link } = await lastMail(email, 'Your sign-in link');
    await openLink(link);
    const used = await openLink(link);
    expect(used.location.searchParams.get('error_code')).toBe('otp_expired');
    expect(used.hash.get('error_code')).toBe('otp_expired');
  });

  it('rejects a wrong code verifier', async () => {
    const email = await signUpConfirmed();
    await client('pkce').auth.signInWithOtp({ email });
    const { link } = await lastMail(email, 'Your sign-in link');
    const code = (await openLink(link)).location.searchParams.get('code');
    const res = await raw('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'y'.repeat(50) }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('bad_code_verifier');
  });
});

describe('sessions', () => {
  it('rotates refresh tokens and ends the session when an old one is replayed', async () => {
    const email = await signUpConfirmed();
    const c = await signedIn(email);
    const first = (await c.auth.getSession()).data.session!;
    const r1 = await raw('/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: first.refresh_token }) });
    expect(r1.status).toBe(200);
    const second = await r1.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);

    // A lost response: the parent of the active token gets the active token back.
    const lost = await raw('/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: first.refresh_token }) });
    expect((await lost.json()).refresh_token).toBe(second.refresh_token);

    const r2 = await raw('/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: second.refresh_token }) });
    const third = await r2.json();
    // The first token is now two generations old; pretend its rotation is past the reuse interval.
    await stack.pool.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [first.refresh_token]);
    const replay = await raw('/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: first.refresh_token }) });
    expect(replay.status).toBe(400);
    expect((await replay.json()).code).toBe('refresh_token_already_used');
    const after = await raw('/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: third.refresh_token }) });
    expect(after.status).toBe(400);
    const user = await raw('/user', { token: third.access_token });
    expect(user.status).toBe(403);
    expect((await user.json()).code).toBe('session_not_found');
  });

  it('answers two tabs refreshing the same token at once with the same new token', async () => {
    const email = await signUpConfirmed();
    const c = await signedIn(email);
    const { refresh_token } = (await c.auth.getSession()).data.session!;
    const refresh = () => raw('/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token }) }).then((r) => r.json());
    const [a, b] = await Promise.all([refresh(), refresh()]);
    expect(a.refresh_token).toBeTruthy();
    expect(b.refresh_token).toBe(a.refresh_token);
    const live = await stack.pool.query(`select count(*)::int as n from auth.refresh_tokens where session_id = $1 and revoked = false`, [
      JSON.parse(Buffer.from(a.access_token.split('.')[1], 'base64url').toString()).session_id,
    ]);
    expect(live.rows[0].n).toBe(1);
  });

  it('signs out locally, others and everywhere', async () => {
    const email = await signUpConfirmed();
    const [a, b, c] = [await signedIn(email), await signedIn(email), await signedIn(email)];
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await a.auth.getUser()).error).toBeNull();
    expect((await b.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    const d = await signedIn(email);
    expect((await d.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await a.auth.getUser()).error).toBeNull();
    expect((await a.auth.signOut()).error).toBeNull();
    const sessions = await stack.pool.query('select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1', [email]);
    expect(sessions.rows[0].n).toBe(0);
    expect((await c.auth.refreshSession()).error?.code).toBe('refresh_token_not_found');
  });

  it('puts GoTrue claims in the access token', async () => {
    const email = await signUpConfirmed();
    const c = await signedIn(email);
    const token = (await c.auth.getSession()).data.session!.access_token;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ aud: 'authenticated', role: 'authenticated', email, aal: 'aal1', is_anonymous: false });
    expect(claims.amr[0].method).toBe('password');
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp - claims.iat).toBe(stack.config.jwtExpiry);
  });

  it('rejects forged, expired and keyless tokens', async () => {
    const email = await signUpConfirmed();
    const c = await signedIn(email);
    const session = (await c.auth.getSession()).data.session!;
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString());
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(40)));
    const expired = await signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, stack.config.jwtSecret);
    for (const token of [forged, expired]) {
      const res = await raw('/user', { token });
      expect(res.status).toBe(403);
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect((await res.json()).code).toBe('bad_jwt');
    }
    const anon = await raw('/user');
    expect(anon.status).toBe(403);
    // getClaims() falls back to GET /user for HS256 tokens.
    const claimsCheck = await c.auth.getClaims();
    expect(claimsCheck.data?.claims.email).toBe(email);
  });
});

describe('account changes', () => {
  it('changes the email after confirming both addresses and merges data', async () => {
    const email = await signUpConfirmed();
    const c = await signedIn(email);
    expect((await c.auth.updateUser({ data: { display_name: 'Bea', intent: 'maker' } })).error).toBeNull();
    const merged = await c.auth.updateUser({ data: { intent: null, newsletter: true } });
    expect(merged.data.user?.user_metadata).toMatchObject({ display_name: 'Bea', newsletter: true });
    expect(merged.data.user?.user_metadata).not.toHaveProperty('intent');

    const taken = await signUpConfirmed();
    expect((await c.auth.updateUser({ email: taken })).error?.code).toBe('email_exists');

    const next = newEmail('moved');
    const change = await c.auth.updateUser({ email: next });
    expect(change.error).toBeNull();
    expect(change.data.user?.new_email).toBe(next);
    expect(change.data.user?.email).toBe(email);
    const toNew = await lastMail(next, 'Confirm your new email');
    expect((await openLink(toNew.link)).hash.get('message')).toMatch(/^Confirmation link accepted/);
    const toOld = await lastMail(email, 'Confirm your email change');
    expect((await openLink(toOld.link)).hash.get('type')).toBe('email_change');
    expect((await client().auth.signInWithPassword({ email: next, password: PASSWORD })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
  });

  it('enrols, challenges and verifies a TOTP factor, then unenrols it', async () => {
    const email = await signUpConfirmed();
    const c = await signedIn(email);
    const enrol = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(enrol.error).toBeNull();
    const factor = enrol.data!;
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    // auth-js does not encode the SVG: a '#' would end the image address (GoTrue's SVG has none)
    expect(factor.totp.qr_code).not.toContain('#');
    expect(factor.totp.uri).toContain('otpauth://totp/');
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor.totp.secret) });

    const challenge = await c.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    const bad = await c.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: String((Number(totp.generate()) + 500000) % 1000000).padStart(6, '0'),
    });
    expect(bad.error?.code).toBe('mfa_verification_failed');
    const good = await c.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: totp.generate() });
    expect(good.error).toBeNull();
    const aal = await c.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data?.currentLevel).toBe('aal2');

    // A fresh password sign-in is aal1 and must step up before sensitive changes.
    const other = await signedIn(email);
    expect((await other.auth.mfa.getAuthenticatorAssuranceLevel()).data?.nextLevel).toBe('aal2');
    expect((await other.auth.updateUser({ password: 'Another123' })).error?.code).toBe('insufficient_aal');
    expect((await other.auth.mfa.unenroll({ factorId: factor.id })).error?.code).toBe('insufficient_aal');

    expect((await c.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
    const { data: user } = await c.auth.getUser();
    expect(user.user?.factors ?? []).toHaveLength(0);
  });
});

describe('bad input, limits and admin', () => {
  it('answers malformed JSON and wrong types with 400 validation_failed and writes nothing', async () => {
    const email = newEmail('badjson');
    const broken = await raw('/signup', { method: 'POST', body: `{"email":"${email}","password":` });
    expect(broken.status).toBe(400);
    expect(broken.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await broken.json()).toMatchObject({ code: 'validation_failed', error_code: 'validation_failed' });
    const wrongType = await raw('/signup', { method: 'POST', body: JSON.stringify({ email, password: 12345678 }) });
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).code).toBe('validation_failed');
    const users = await stack.pool.query('select 1 from auth.users where email = $1', [email]);
    expect(users.rowCount).toBe(0);
    expect(await inbox(email)).toHaveLength(0);
  });

  it('limits emails per address and sign-in attempts with 429', async () => {
    const sent: MailMessage[] = [];
    const app = createAuthApp(
      {
        config: { ...stack.config, emailMinInterval: 60 },
        pool: stack.pool,
        mail: { send: async (m) => void sent.push(m) },
        log: { info: () => undefined, error: () => undefined },
      },
      { signInLimit: 3, verifyLimit: 2 },
    );
    const email = await signUpConfirmed();
    const post = (path: string, body: unknown) =>
      app.request(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    expect((await post('/recover', { email })).status).toBe(200);
    const again = await post('/recover', { email });
    expect(again.status).toBe(429);
    expect((await again.json()).code).toBe('over_email_send_rate_limit');
    expect(sent).toHaveLength(1);
    // Successful sign-ins do not count, failures do.
    for (let i = 0; i < 4; i++) expect((await post('/token?grant_type=password', { email, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await post('/token?grant_type=password', { email, password: 'Wrong1234' })).status).toBe(400);
    const limited = await post('/token?grant_type=password', { email, password: PASSWORD });
    expect(limited.status).toBe(429);
    expect((await limited.json()).code).toBe('over_request_rate_limit');

    // Guessing 6-digit email codes: two wrong codes, then even a right one waits.
    await stack.pool.query(`update auth.users set recovery_sent_at = now() - interval '2 minutes' where email = $1`, [email]);
    expect((await post('/otp', { email })).status).toBe(200);
    const code = /code: (\d{6})/.exec(sent.at(-1)!.text)![1]!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 2; i++) expect((await post('/verify', { email, token: wrong, type: 'email' })).status).toBe(403);
    const blocked = await post('/verify', { email, token: code, type: 'email' });
    expect(blocked.status).toBe(429);
  });

  it('lets the service role create, list and delete users', async () => {
    const admin = createClient(stack.url, stack.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const email = newEmail('admin');
    const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { display_name: 'Seeded' } });
    expect(created.error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const list = await admin.auth.admin.listUsers({ page: 1, perPage: 1000 });
    expect(list.data.users.some((u) => u.email === email)).toBe(true);
    expect((await admin.auth.admin.deleteUser(created.data.user!.id)).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    const notAdmin = await client().auth.admin.listUsers();
    expect(notAdmin.error?.status).toBe(403);
  });

  it('serves health and settings', async () => {
    expect((await raw('/health')).status).toBe(200);
    const settings = await (await raw('/settings')).json();
    expect(settings.external.email).toBe(true);
    expect(settings.mailer_autoconfirm).toBe(false);
    // the session signing key (ES256 by default; auth-signing-keys.test.ts)
    expect((await (await raw('/.well-known/jwks.json')).json()).keys).toEqual([expect.objectContaining({ kty: 'EC', alg: 'ES256' })]);
    const missing = await raw('/no-such-endpoint');
    expect(missing.status).toBe(404);
    expect((await missing.json()).code).toBe('not_found');
  });
});
