// GET /user, PUT /user (password, email change, metadata), POST /logout?scope=
import type { Hono } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { withTx } from '../db.ts';
import { prepareEmailChange } from '../emails.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { readBody } from '../http.ts';
import { assertStrongPassword } from '../password.ts';
import { parseCodeChallenge } from '../pkce.ts';
import { resolveRedirect } from '../redirect.ts';
import { isValidEmail, updateUserBody } from '../schemas.ts';
import { authenticate } from '../sessions.ts';
import { findUserByEmail, findUserById, mergeMetadata, normalizeEmail, passwordMatches, setPassword, userJson } from '../users.ts';
import { checkReauthentication } from './reauthenticate.ts';
import { applyEmailChange } from './verify.ts';
import { assertPhoneFormat, invalidEmail } from './signup.ts';

export function registerUser(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;

  app.get('/user', async (c) => {
    const { user } = await authenticate(ctx, c.req.header('authorization'));
    return c.json(await userJson(ctx.pool, user));
  });

  app.put('/user', async (c) => {
    const { user, session } = await authenticate(ctx, c.req.header('authorization'));
    const body = await readBody(c, updateUserBody);
    if (body.app_metadata) throw new AuthError(403, 'not_admin', 'Updating app_metadata requires an admin');
    if (body.phone) {
      assertPhoneFormat(body.phone);
      throw new AuthError(422, 'phone_provider_disabled', 'Phone sign-in is not available');
    }
    const pkce = parseCodeChallenge(body);
    const redirectTo = resolveRedirect(c.req.query('redirect_to'), ctx.config);

    let newEmail: string | null = null;
    if (body.email) {
      if (!isValidEmail(body.email)) throw invalidEmail();
      newEmail = normalizeEmail(body.email);
      if (newEmail === user.email) newEmail = null;
    }
    if (body.password != null) assertStrongPassword(body.password, deps.passwordRule);
    if ((body.password != null || newEmail) && session.aal !== 'aal2') {
      const factors = await ctx.pool.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`, [user.id]);
      if (factors.rowCount) {
        throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
      }
    }

    const pending = await withTx(ctx.pool, async (db) => {
      const current = (await findUserById(db, user.id, true))!;
      if (body.password != null) {
        await checkReauthentication(deps, db, current, session, body.nonce);
        if (await passwordMatches(db, current, body.password)) {
          throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
        }
        await setPassword(db, current.id, body.password);
        // A new password ends every other session and voids outstanding links.
        await db.query(
          `update auth.users set confirmation_token = '', recovery_token = '', email_change_token_new = '',
             email_change_token_current = '', email_change = '', email_change_confirm_status = 0 where id = $1`,
          [current.id],
        );
        await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [current.id, session.id]);
      }
      if (body.data) {
        await db.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
          current.id,
          mergeMetadata(current.raw_user_meta_data, body.data),
        ]);
      }
      if (!newEmail) return null;
      const taken = await findUserByEmail(db, newEmail);
      if (taken) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      if (deps.settings.autoconfirm) {
        // No confirmation emails ([auth.email] enable_confirmations = false): the change applies now (GoTrue).
        await applyEmailChange(db, { ...current, email_change: newEmail });
        return [];
      }
      return prepareEmailChange(db, {
        userId: current.id,
        currentEmail: current.email,
        to: newEmail,
        redirectTo,
        pkce,
        minInterval: deps.emailMinInterval,
        budget: deps.emailBudget,
        secure: ctx.config.secureEmailChange !== false,
      });
    });
    for (const email of pending ?? []) await deps.send(email);
    return c.json(await userJson(ctx.pool, (await findUserById(ctx.pool, user.id))!));
  });

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw validationFailed(`Unsupported logout scope "${scope}"`);
    }
    const { user, session } = await authenticate(ctx, c.req.header('authorization'));
    if (scope === 'local') await ctx.pool.query('delete from auth.sessions where id = $1', [session.id]);
    else if (scope === 'others') {
      await ctx.pool.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, session.id]);
    } else await ctx.pool.query('delete from auth.sessions where user_id = $1', [user.id]);
    return c.body(null, 204);
  });
}
