// GET /reauthenticate: emails a one-time code (the nonce) that PUT /user { password, nonce }
// needs when [auth.email] secure_password_change is on and the session is over 24 h old
// (GoTrue reauthenticate.go, user.go).
import type { Hono } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { withTx, type Db } from '../db.ts';
import { prepareEmail } from '../emails.ts';
import { AuthError } from '../errors.ts';
import { tokenHash, stripPkce } from '../links.ts';
import { authenticate, type SessionRow } from '../sessions.ts';
import type { UserRow } from '../users.ts';

const RECENT_SESSION_MS = 24 * 3600_000;
const invalidNonce = () => new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');

export function registerReauthenticate(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;
  app.get('/reauthenticate', async (c) => {
    const { user } = await authenticate(ctx, c.req.header('authorization'));
    if (!user.email) {
      throw new AuthError(400, 'validation_failed', 'Reauthentication requires the user to have an email or a phone number');
    }
    if (!user.email_confirmed_at) throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
    const email = user.email;
    const pending = await withTx(ctx.pool, (db) =>
      prepareEmail(db, {
        userId: user.id,
        kind: 'reauthentication',
        to: email,
        redirectTo: ctx.config.siteUrl,
        pkce: null,
        minInterval: deps.emailMinInterval,
        budget: deps.emailBudget,
      }),
    );
    await deps.send(pending);
    return c.json({});
  });
}

/**
 * A password change's reauthentication: nothing to check unless secure_password_change is on
 * and the session began over 24 h ago; then the emailed nonce, which is spent here.
 */
export async function checkReauthentication(deps: AuthDeps, db: Db, user: UserRow, session: SessionRow, nonce: string | null | undefined): Promise<void> {
  if (!deps.settings.securePasswordChange) return;
  if (session.created_at.getTime() + RECENT_SESSION_MS >= Date.now()) return;
  if (!nonce) throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
  const stored = user.reauthentication_token ? stripPkce(user.reauthentication_token) : '';
  const sentAt = user.reauthentication_sent_at;
  const fresh = sentAt !== null && sentAt.getTime() + deps.ctx.config.otpExpiry * 1000 >= Date.now();
  if (!stored || !fresh || !user.email || stored !== tokenHash(user.email, nonce.trim())) throw invalidNonce();
  await db.query(`update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`, [user.id]);
}
