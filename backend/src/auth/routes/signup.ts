// POST /signup: email + password (confirmed by email unless [auth.email] enable_confirmations = false),
// or anonymous (no email or phone) when enable_anonymous_sign_ins is on.
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { withTx } from '../db.ts';
import { prepareEmail } from '../emails.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { clientInfo, readBody } from '../http.ts';
import { assertStrongPassword } from '../password.ts';
import { parseCodeChallenge } from '../pkce.ts';
import { resolveRedirect } from '../redirect.ts';
import { isValidEmail, signupBody } from '../schemas.ts';
import { issueSession } from '../sessions.ts';
import {
  confirmEmail,
  createAnonymousUser,
  createUser,
  findUserByEmail,
  findUserById,
  mergeMetadata,
  normalizeEmail,
  obfuscatedUserJson,
  setPassword,
  userJson,
} from '../users.ts';

/** GoTrue validateEmail: validation_failed (email_address_invalid is its answer when a mail server refuses the address). */
export const invalidEmail = () => new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');

/** GoTrue's answers when the phone provider is off (config.toml has no [auth.sms] provider). */
export const phoneDisabled = {
  signup: () => new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled'),
  otp: () => new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider'),
  login: () => new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled'),
};
export const signupDisabled = () => new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');

/** GoTrue validatePhone: E.164 after dropping "+" and spaces. */
export function assertPhoneFormat(phone: string): void {
  if (!/^[1-9]\d{1,14}$/.test(phone.replace(/^\+/, '').replaceAll(' ', ''))) {
    throw new AuthError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
  }
}

export function requireEmail(email: string | null | undefined, phone: string | null | undefined, phoneOff: () => AuthError = phoneDisabled.otp): string {
  if (!email) {
    if (phone) throw phoneOff();
    throw validationFailed('An email address is required');
  }
  if (!isValidEmail(email)) throw invalidEmail();
  return normalizeEmail(email);
}

export function registerSignup(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;
  app.post('/signup', async (c) => {
    const body = await readBody(c, signupBody);
    const { settings } = deps;
    if (!body.email && !body.phone) {
      if (!settings.anonymousSignIns) {
        throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
      }
      if (!settings.signupEnabled) throw signupDisabled();
      const client = clientInfo(c, deps.trustedProxies);
      deps.anonymousSignIns.hit(client.ip);
      const session = await withTx(ctx.pool, async (db) => {
        const user = await createAnonymousUser(db, body.data ?? {});
        return issueSession(ctx, db, user, 'anonymous', client);
      });
      return c.json(session);
    }
    if (!settings.signupEnabled) throw signupDisabled();
    if (!body.password) throw validationFailed('Signup requires a valid password');
    const password = body.password;
    assertStrongPassword(password, deps.passwordRule);
    if (!body.email && body.phone) throw phoneDisabled.signup();
    if (!settings.emailSignupEnabled) throw new AuthError(400, 'email_provider_disabled', 'Email signups are disabled');
    const email = requireEmail(body.email, body.phone, phoneDisabled.signup);
    const pkce = parseCodeChallenge(body);
    const redirectTo = resolveRedirect(c.req.query('redirect_to'), ctx.config);
    const data = body.data ?? {};

    const result = await withTx(ctx.pool, async (db) => {
      const existing = await findUserByEmail(db, email, true);
      // Anti-enumeration: a confirmed address answers like a fresh sign-up, minus identities
      // (as GoTrue), after the same work, so it takes as long: the password hashing, the
      // inserts and triggers of a new account and its email token, all undone.
      if (existing?.email_confirmed_at && settings.autoconfirm) {
        // Without confirmation emails there is nothing to hide behind (GoTrue: 422).
        throw new AuthError(422, 'user_already_exists', 'User already registered');
      }
      if (existing?.email_confirmed_at) {
        deps.emailPace.take(`signup|${email}`);
        await db.query('savepoint existing_address');
        try {
          const decoy = await createUser(db, { email: `${randomUUID()}@decoy.invalid`, password, userMetadata: data, confirmed: false });
          await prepareEmail(db, { userId: decoy.id, kind: 'signup', to: decoy.email!, redirectTo, pkce, minInterval: 0, budget: deps.emailBudget });
          await userJson(db, decoy);
        } catch {
          // The decoy only costs time; whatever went wrong with it is undone below.
        }
        await db.query('rollback to savepoint existing_address');
        return { json: obfuscatedUserJson(email, data), pending: null };
      }
      let userId: string;
      if (existing) {
        // Still unconfirmed: take the new password and data, send a fresh link.
        await setPassword(db, existing.id, password);
        await db.query('update auth.users set raw_user_meta_data = $2 where id = $1', [existing.id, mergeMetadata(existing.raw_user_meta_data, data)]);
        userId = existing.id;
      } else {
        userId = (await createUser(db, { email, password, userMetadata: data, confirmed: false })).id;
      }
      if (settings.autoconfirm) {
        // [auth.email] enable_confirmations = false: confirmed now, signed in (GoTrue MAILER_AUTOCONFIRM).
        await confirmEmail(db, userId);
        const user = (await findUserById(db, userId))!;
        return { json: await issueSession(ctx, db, user, 'password', clientInfo(c, deps.trustedProxies)), pending: null, sent: true };
      }
      const pending = await prepareEmail(db, {
        userId,
        kind: 'signup',
        to: email,
        redirectTo,
        pkce,
        minInterval: deps.emailMinInterval,
        budget: deps.emailBudget,
      });
      return { json: await userJson(db, (await findUserById(db, userId))!), pending };
    });
    if ('sent' in result) return c.json(result.json);
    if (result.pending) await deps.send(result.pending);
    else await deps.waitLikeSend();
    return c.json(result.json);
  });
}
