// POST /signup: email + password, confirmation required (GoTrue with MAILER_AUTOCONFIRM off).
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { withTx } from '../db.ts';
import { prepareEmail } from '../emails.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { readBody } from '../http.ts';
import { assertStrongPassword } from '../password.ts';
import { parseCodeChallenge } from '../pkce.ts';
import { resolveRedirect } from '../redirect.ts';
import { isValidEmail, signupBody } from '../schemas.ts';
import {
  createUser,
  findUserByEmail,
  findUserById,
  mergeMetadata,
  normalizeEmail,
  obfuscatedUserJson,
  setPassword,
  userJson,
} from '../users.ts';

export const invalidEmail = () => new AuthError(400, 'email_address_invalid', 'Unable to validate email address: invalid format');

export function requireEmail(email: string | null | undefined, phone: string | null | undefined): string {
  if (!email) {
    if (phone) throw new AuthError(422, 'phone_provider_disabled', 'Phone sign-in is not available');
    throw validationFailed('An email address is required');
  }
  if (!isValidEmail(email)) throw invalidEmail();
  return normalizeEmail(email);
}

export function registerSignup(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;
  app.post('/signup', async (c) => {
    const body = await readBody(c, signupBody);
    if (!body.email && !body.phone) {
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    const email = requireEmail(body.email, body.phone);
    if (!body.password) throw validationFailed('Signup requires a valid password');
    const password = body.password;
    assertStrongPassword(password);
    const pkce = parseCodeChallenge(body);
    const redirectTo = resolveRedirect(c.req.query('redirect_to'), ctx.config);
    const data = body.data ?? {};

    const result = await withTx(ctx.pool, async (db) => {
      const existing = await findUserByEmail(db, email, true);
      // Anti-enumeration: a confirmed address answers like a fresh sign-up, minus identities
      // (as GoTrue), after the same work, so it takes as long: the password hashing, the
      // inserts and triggers of a new account and its email token, all undone.
      if (existing?.email_confirmed_at) {
        deps.emailPace.take(`signup|${email}`);
        await db.query('savepoint existing_address');
        try {
          const decoy = await createUser(db, { email: `${randomUUID()}@decoy.invalid`, password, userMetadata: data, confirmed: false });
          await prepareEmail(db, { userId: decoy.id, kind: 'signup', to: decoy.email!, redirectTo, pkce, minInterval: 0 });
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
        await db.query('update auth.users set raw_user_meta_data = $2 where id = $1', [
          existing.id,
          mergeMetadata(existing.raw_user_meta_data, data),
        ]);
        userId = existing.id;
      } else {
        userId = (await createUser(db, { email, password, userMetadata: data, confirmed: false })).id;
      }
      const pending = await prepareEmail(db, { userId, kind: 'signup', to: email, redirectTo, pkce, minInterval: deps.emailMinInterval });
      return { json: await userJson(db, (await findUserById(db, userId))!), pending };
    });
    if (result.pending) await deps.send(result.pending);
    else await deps.waitLikeSend();
    return c.json(result.json);
  });
}
