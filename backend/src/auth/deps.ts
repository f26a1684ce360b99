// What every auth route needs: the service context, the limiters and the mail sender.
import type { ServiceContext } from '../context.ts';
import { composeEmail, type PendingEmail } from './emails.ts';
import { trustedProxyList } from '../client-address.ts';
import type { BlockList } from 'node:net';
import { AttemptCounter, EmailBudget, EmailPacer, RateLimiter } from './ratelimit.ts';
import { TypicalDuration } from './timing.ts';
import type { PasswordRule } from './password.ts';
import { loadAuthSettings, type AuthSettings } from './settings.ts';
import path from 'node:path';
import { repoRoot } from '../config.ts';

export interface AuthOptions {
  /** Failed password sign-ins per IP + email per window, after which even the right password waits. */
  signInLimit?: number;
  /** Failed password sign-ins per email from all addresses together per window. */
  accountSignInLimit?: number;
  /** Wrong 6-digit email codes per IP + email per window (codes are short enough to guess). */
  verifyLimit?: number;
  /** Wrong 6-digit email codes per email from all addresses together per window. */
  accountVerifyLimit?: number;
  /** Wrong codes after which the emailed code (and its link) stops working; GoTrue-like 5. */
  codeAttempts?: number;
  /** Refresh-token and PKCE grants per IP per window. */
  refreshLimit?: number;
  /** MFA challenges + verifications per IP per window. */
  mfaLimit?: number;
  /** Wrong TOTP codes per factor per window, after which the factor takes no challenge or code. */
  factorFailureLimit?: number;
  /** Window of the limits above, in ms. */
  limitWindowMs?: number;
}

export interface AuthDeps {
  ctx: ServiceContext;
  /** config.toml's [auth] (ctx.config.auth). */
  settings: AuthSettings;
  /** minimum_password_length + password_requirements. */
  passwordRule: PasswordRule;
  /** Anonymous sign-ins per address per hour ([auth.rate_limit] anonymous_users). */
  anonymousSignIns: RateLimiter;
  /** Seconds between two emails of one kind to one user (GoTrue SMTP_MAX_FREQUENCY). */
  emailMinInterval: number;
  /** Proxies whose X-Forwarded-For is believed (config.trustedProxies). */
  trustedProxies: BlockList;
  signIn: RateLimiter;
  accountSignIn: RateLimiter;
  refresh: RateLimiter;
  verifyCode: RateLimiter;
  accountVerifyCode: RateLimiter;
  /** Wrong codes per address since its last email. */
  codeGuesses: AttemptCounter;
  codeAttempts: number;
  mfa: RateLimiter;
  factorFailures: RateLimiter;
  /** Email requests per address and kind, known or not, so the answer does not tell which. */
  emailPace: EmailPacer;
  /** [auth.rate_limit] email_sent, when it applies (see README: set in config.toml, or SMTP_URL). */
  emailBudget: EmailBudget | null;
  /** Sends a prepared email, after its transaction committed. */
  send(email: PendingEmail): Promise<void>;
  /** For answers that send nothing where a known address gets an email: waits about as long as sending takes. */
  waitLikeSend(): Promise<void>;
}

export function createDeps(ctx: ServiceContext, options: AuthOptions = {}): AuthDeps {
  const windowMs = options.limitWindowMs ?? 5 * 60_000;
  // a config built by hand (unit tests) has no [auth]: the project's config.toml then
  const settings = ctx.config.auth ?? loadAuthSettings(path.join(repoRoot, 'supabase', 'config.toml'));
  const limits = settings.rateLimits;
  const verifyLimit = options.verifyLimit ?? limits.tokenVerifications;
  const signInLimit = options.signInLimit ?? limits.signInSignUps;
  const codeGuesses = new AttemptCounter();
  const sending = new TypicalDuration();
  return {
    ctx,
    settings,
    passwordRule: { minLength: settings.passwordMinLength, requiredCharacters: settings.passwordRequiredCharacters },
    anonymousSignIns: new RateLimiter(limits.anonymousUsers, 3600_000),
    emailMinInterval: ctx.config.emailMinInterval,
    trustedProxies: trustedProxyList(ctx.config.trustedProxies ?? []),
    signIn: new RateLimiter(signInLimit, windowMs),
    accountSignIn: new RateLimiter(options.accountSignInLimit ?? 2 * signInLimit, windowMs),
    refresh: new RateLimiter(options.refreshLimit ?? limits.tokenRefresh, windowMs),
    verifyCode: new RateLimiter(verifyLimit, windowMs),
    accountVerifyCode: new RateLimiter(options.accountVerifyLimit ?? verifyLimit, windowMs),
    codeGuesses,
    codeAttempts: options.codeAttempts ?? 5,
    mfa: new RateLimiter(options.mfaLimit ?? 75, windowMs),
    factorFailures: new RateLimiter(options.factorFailureLimit ?? 5, windowMs),
    emailPace: new EmailPacer(ctx.config.emailMinInterval),
    // The CLI's template: "Requires auth.email.smtp": the local mail catcher is not limited.
    emailBudget: limits.emailSentSet || ctx.config.smtpUrl ? new EmailBudget(limits.emailSent) : null,
    async send(email) {
      const started = performance.now();
      await ctx.mail.send(composeEmail(ctx, email));
      sending.observe(performance.now() - started);
      ctx.log.info('auth', `sent ${email.kind} email to ${email.to}`);
      // A new email means a new code: the guesses against the old one no longer matter.
      codeGuesses.reset(email.to);
    },
    waitLikeSend: () => sending.wait(),
  };
}
