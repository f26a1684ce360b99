// What every auth route needs: the service context, the limiters and the mail sender.
import type { ServiceContext } from '../context.ts';
import { composeEmail, type PendingEmail } from './emails.ts';
import { RateLimiter } from './ratelimit.ts';

export interface AuthOptions {
  /** Failed password sign-ins per IP + email per window, after which even the right password waits. */
  signInLimit?: number;
  /** Wrong 6-digit email codes per IP + email per window (codes are short enough to guess). */
  verifyLimit?: number;
  /** Refresh-token and PKCE grants per IP per window. */
  refreshLimit?: number;
  /** MFA challenges + verifications per IP per window. */
  mfaLimit?: number;
  /** Window of the three limits above, in ms. */
  limitWindowMs?: number;
}

export interface AuthDeps {
  ctx: ServiceContext;
  /** Seconds between two emails of one kind to one user (GoTrue SMTP_MAX_FREQUENCY). */
  emailMinInterval: number;
  signIn: RateLimiter;
  refresh: RateLimiter;
  verifyCode: RateLimiter;
  mfa: RateLimiter;
  /** Sends a prepared email, after its transaction committed. */
  send(email: PendingEmail): Promise<void>;
}

export function createDeps(ctx: ServiceContext, options: AuthOptions = {}): AuthDeps {
  const windowMs = options.limitWindowMs ?? 5 * 60_000;
  return {
    ctx,
    emailMinInterval: ctx.config.emailMinInterval,
    signIn: new RateLimiter(options.signInLimit ?? 30, windowMs),
    refresh: new RateLimiter(options.refreshLimit ?? 150, windowMs),
    verifyCode: new RateLimiter(options.verifyLimit ?? 30, windowMs),
    mfa: new RateLimiter(options.mfaLimit ?? 75, windowMs),
    async send(email) {
      await ctx.mail.send(composeEmail(ctx, email));
      ctx.log.info('auth', `sent ${email.kind} email to ${email.to}`);
    },
  };
}
