// What every auth route needs: the service context, the limiters and the mail sender.
import type { ServiceContext } from '../context.ts';
import { composeEmail, type PendingEmail } from './emails.ts';
import { EmailThrottle, RateLimiter } from './ratelimit.ts';

export interface AuthOptions {
  /** Password sign-ins per IP + email per window (GoTrue's token limiter is per IP). */
  signInLimit?: number;
  /** Refresh-token and PKCE grants per IP per window. */
  refreshLimit?: number;
  /** MFA challenges + verifications per IP per window. */
  mfaLimit?: number;
  /** Window of the three limits above, in ms. */
  limitWindowMs?: number;
}

export interface AuthDeps {
  ctx: ServiceContext;
  emails: EmailThrottle;
  signIn: RateLimiter;
  refresh: RateLimiter;
  mfa: RateLimiter;
  /** Sends a prepared email (after its transaction committed) and starts its resend interval. */
  send(email: PendingEmail): Promise<void>;
}

export function createDeps(ctx: ServiceContext, options: AuthOptions = {}): AuthDeps {
  const windowMs = options.limitWindowMs ?? 5 * 60_000;
  const emails = new EmailThrottle(ctx.config.emailMinInterval);
  return {
    ctx,
    emails,
    signIn: new RateLimiter(options.signInLimit ?? 30, windowMs),
    refresh: new RateLimiter(options.refreshLimit ?? 150, windowMs),
    mfa: new RateLimiter(options.mfaLimit ?? 75, windowMs),
    async send(email) {
      await ctx.mail.send(composeEmail(ctx, email));
      emails.record(email.kind, email.to);
      ctx.log.info('auth', `sent ${email.kind} email to ${email.to}`);
    },
  };
}
