// POST /token?grant_type=password|refresh_token|pkce
import type { Hono } from 'hono';
import { z } from 'zod';
import type { AuthDeps } from '../deps.ts';
import { idTokenGrantError, web3Disabled } from './disabled.ts';
import { phoneDisabled } from './signup.ts';
import { withTx } from '../db.ts';
import { AuthError, invalidCredentials, validationFailed } from '../errors.ts';
import { clientInfo, readBody } from '../http.ts';
import { passwordWeaknesses, weakPasswordMessage } from '../password.ts';
import { exchangeAuthCode } from '../pkce.ts';
import { passwordGrantBody, pkceGrantBody, refreshGrantBody } from '../schemas.ts';
import { issueSession, refreshGrant } from '../sessions.ts';
import { findUserByEmail, isBanned, normalizeEmail, passwordMatches, spendPasswordCheck } from '../users.ts';

export function registerToken(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;
  app.post('/token', async (c) => {
    const client = clientInfo(c, deps.trustedProxies);
    switch (c.req.query('grant_type')) {
      case 'password': {
        const body = await readBody(c, passwordGrantBody);
        if (!body.email) {
          if (body.phone) throw phoneDisabled.login();
          throw validationFailed('An email address is required');
        }
        if (!body.password) throw invalidCredentials();
        const email = normalizeEmail(body.email);
        const password = body.password;
        // Only failed attempts count: guessing is limited, busy legitimate sign-ins are not.
        // Per address and per account: a botnet (or a trusted proxy's many clients) shares the second.
        const limitKey = `${client.ip}|${email}`;
        deps.signIn.check(limitKey);
        deps.accountSignIn.check(email);
        const session = await withTx(ctx.pool, async (db) => {
          const user = await findUserByEmail(db, email);
          // Same answer for unknown user and wrong password, on purpose, after the same bcrypt work.
          if (!user?.encrypted_password) await spendPasswordCheck(db, password);
          if (!user || !(await passwordMatches(db, user, password))) {
            deps.signIn.record(limitKey);
            deps.accountSignIn.record(email);
            throw invalidCredentials();
          }
          if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
          if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned');
          return issueSession(ctx, db, user, 'password', client);
        });
        const reasons = passwordWeaknesses(password, deps.passwordRule);
        if (reasons.length > 0) session.weak_password = { reasons, message: weakPasswordMessage(reasons, deps.passwordRule) };
        return c.json(session);
      }
      case 'refresh_token': {
        deps.refresh.hit(client.ip);
        const body = await readBody(c, refreshGrantBody);
        if (!body.refresh_token) throw validationFailed('Refresh token is required');
        return c.json(await refreshGrant(ctx, body.refresh_token));
      }
      case 'pkce': {
        deps.refresh.hit(client.ip);
        const body = await readBody(c, pkceGrantBody);
        if (!body.auth_code || !body.code_verifier) {
          throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
        }
        return c.json(await exchangeAuthCode(ctx, body.auth_code, body.code_verifier, client));
      }
      case 'id_token': {
        const body = await readBody(c, z.record(z.string(), z.unknown()));
        throw idTokenGrantError(body);
      }
      case 'web3':
        throw web3Disabled();
      default:
        throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
    }
  });
}
