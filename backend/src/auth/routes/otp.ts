// POST /otp (magic link + code in one email), POST /recover, POST /resend.
import type { Hono } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { withTx } from '../db.ts';
import { prepareEmail, type PendingEmail } from '../emails.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { readBody } from '../http.ts';
import { parseCodeChallenge } from '../pkce.ts';
import { resolveRedirect } from '../redirect.ts';
import { otpBody, recoverBody, resendBody } from '../schemas.ts';
import { createUser, findUserByEmail } from '../users.ts';
import { requireEmail } from './signup.ts';

export function registerOtp(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;

  app.post('/otp', async (c) => {
    const body = await readBody(c, otpBody);
    const email = requireEmail(body.email, body.phone);
    const pkce = parseCodeChallenge(body);
    const redirectTo = resolveRedirect(c.req.query('redirect_to'), ctx.config);
    const pending = await withTx(ctx.pool, async (db) => {
      let user = await findUserByEmail(db, email, true);
      if (!user) {
        if (body.create_user === false) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
        user = await createUser(db, { email, userMetadata: body.data ?? {}, confirmed: false });
      }
      // An unconfirmed address gets the sign-up confirmation instead of a magic link (as GoTrue).
      const kind = user.email_confirmed_at ? 'magiclink' : 'signup';
      return prepareEmail(db, { userId: user.id, kind, to: email, redirectTo, pkce, minInterval: deps.emailMinInterval });
    });
    await deps.send(pending);
    return c.json({});
  });

  app.post('/recover', async (c) => {
    const body = await readBody(c, recoverBody);
    if (!body.email) throw validationFailed('Password recovery requires an email');
    const email = requireEmail(body.email, null);
    const pkce = parseCodeChallenge(body);
    const redirectTo = resolveRedirect(c.req.query('redirect_to'), ctx.config);
    const pending = await withTx(ctx.pool, async (db) => {
      const user = await findUserByEmail(db, email, true);
      if (!user) return null; // unknown addresses get the same 200 (anti-enumeration)
      return prepareEmail(db, { userId: user.id, kind: 'recovery', to: email, redirectTo, pkce, minInterval: deps.emailMinInterval });
    });
    if (pending) await deps.send(pending);
    return c.json({});
  });

  app.post('/resend', async (c) => {
    const body = await readBody(c, resendBody);
    if (body.type === 'sms' || body.type === 'phone_change') {
      throw new AuthError(422, 'phone_provider_disabled', 'Phone sign-in is not available');
    }
    const email = requireEmail(body.email, null);
    const pkce = parseCodeChallenge(body);
    const redirectTo = resolveRedirect(c.req.query('redirect_to'), ctx.config);
    const pending = await withTx(ctx.pool, async (db): Promise<PendingEmail | null> => {
      const user = await findUserByEmail(db, email, true);
      if (!user) return null;
      if (body.type === 'signup') {
        if (user.email_confirmed_at) return null;
        return prepareEmail(db, { userId: user.id, kind: 'signup', to: email, redirectTo, pkce, minInterval: deps.emailMinInterval });
      }
      if (!user.email_change) return null;
      return prepareEmail(db, { userId: user.id, kind: 'email_change', to: user.email_change, redirectTo, pkce, minInterval: deps.emailMinInterval });
    });
    if (pending) await deps.send(pending);
    return c.json({});
  });
}
