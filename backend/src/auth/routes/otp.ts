// POST /otp (magic link + code in one email), POST /recover, POST /resend.
import type { Hono } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { withTx } from '../db.ts';
import { prepareEmail, prepareEmailChange, rehearseEmail, type PendingEmail } from '../emails.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { readBody } from '../http.ts';
import { parseCodeChallenge } from '../pkce.ts';
import { resolveRedirect } from '../redirect.ts';
import { otpBody, recoverBody, resendBody } from '../schemas.ts';
import { createUser, findUserByEmail } from '../users.ts';
import { phoneDisabled, requireEmail } from './signup.ts';

export function registerOtp(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;

  app.post('/otp', async (c) => {
    const body = await readBody(c, otpBody);
    const email = requireEmail(body.email, body.phone);
    if (!deps.settings.emailSignupEnabled) throw new AuthError(400, 'email_provider_disabled', 'Email logins are disabled');
    const pkce = parseCodeChallenge(body);
    const redirectTo = resolveRedirect(c.req.query('redirect_to'), ctx.config);
    const pending = await withTx(ctx.pool, async (db) => {
      let user = await findUserByEmail(db, email, true);
      if (!user) {
        // Unlike GoTrue (422 otp_disabled), an unknown address answers like a known one:
        // same 200, same pacing, no email.
        // Sign-ups off (enable_signup = false) answer the same way: GoTrue's 422 otp_disabled would tell.
        if (body.create_user === false || !deps.settings.signupEnabled) {
          deps.emailPace.take(`link|${email}`);
          await rehearseEmail(db, 'magiclink', email, deps.emailMinInterval, deps.emailBudget);
          return null;
        }
        user = await createUser(db, { email, userMetadata: body.data ?? {}, confirmed: false });
      }
      // An unconfirmed address gets the sign-up confirmation instead of a magic link (as GoTrue).
      const kind = user.email_confirmed_at ? 'magiclink' : 'signup';
      return prepareEmail(db, { userId: user.id, kind, to: email, redirectTo, pkce, minInterval: deps.emailMinInterval, budget: deps.emailBudget });
    });
    if (pending) await deps.send(pending);
    else await deps.waitLikeSend();
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
      if (!user) {
        // Unknown addresses get the same answers as known ones, 429 when asked again too soon included.
        deps.emailPace.take(`link|${email}`);
        await rehearseEmail(db, 'recovery', email, deps.emailMinInterval, deps.emailBudget);
        return null;
      }
      return prepareEmail(db, { userId: user.id, kind: 'recovery', to: email, redirectTo, pkce, minInterval: deps.emailMinInterval, budget: deps.emailBudget });
    });
    if (pending) await deps.send(pending);
    else await deps.waitLikeSend();
    return c.json({});
  });

  app.post('/resend', async (c) => {
    const body = await readBody(c, resendBody);
    if (body.type === 'sms' || body.type === 'phone_change') throw phoneDisabled.login();
    const email = requireEmail(body.email, null);
    const pkce = parseCodeChallenge(body);
    const redirectTo = resolveRedirect(c.req.query('redirect_to'), ctx.config);
    const pending = await withTx(ctx.pool, async (db): Promise<PendingEmail[]> => {
      const user = await findUserByEmail(db, email, true);
      // Nothing to send: paced in memory like a sent email is paced in the database, so the
      // answers do not tell unknown, confirmed and unconfirmed addresses apart.
      const nothing = async () => {
        deps.emailPace.take(`${body.type}|${email}`);
        await rehearseEmail(db, 'signup', email, deps.emailMinInterval, deps.emailBudget);
        return [];
      };
      if (!user) return nothing();
      if (body.type === 'signup') {
        if (user.email_confirmed_at) return nothing();
        return [
          await prepareEmail(db, {
            userId: user.id,
            kind: 'signup',
            to: email,
            redirectTo,
            pkce,
            minInterval: deps.emailMinInterval,
            budget: deps.emailBudget,
          }),
        ];
      }
      if (!user.email_change) return nothing();
      return prepareEmailChange(db, {
        userId: user.id,
        currentEmail: user.email,
        to: user.email_change,
        redirectTo,
        pkce,
        minInterval: deps.emailMinInterval,
        budget: deps.emailBudget,
        secure: ctx.config.secureEmailChange !== false,
      });
    });
    for (const email of pending) await deps.send(email);
    if (pending.length === 0) await deps.waitLikeSend();
    return c.json({});
  });
}
