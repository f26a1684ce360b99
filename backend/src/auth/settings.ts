// The [auth] section of supabase/config.toml, read the way `supabase start` reads it, so one
// file configures the embedded auth, the CLI's stack and (`supabase config push`) hosted
// Supabase. Absent keys take the CLI's defaults. Tests deep-merge overrides in the same shape
// (`startTestStack({ authConfig: { enable_signup: false } })`).
import fs from 'node:fs';
import { parse } from 'smol-toml';
import { z } from 'zod';

/** GoTrue's required character groups for config.toml's password_requirements. */
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';
export const PASSWORD_REQUIREMENTS: Record<string, string[]> = {
  '': [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

const flag = z.boolean();
const factorSwitches = z.object({ enroll_enabled: flag.optional(), verify_enabled: flag.optional() }).partial();
/** "1s", "1m0s", "60" (Go durations as the CLI writes them) → seconds. */
const duration = z.union([z.number().int().min(0), z.string()]).transform((value, ctx) => {
  if (typeof value === 'number') return value;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?$/.exec(value.trim());
  if (!match || value.trim() === '') {
    ctx.addIssue({ code: 'custom', message: `"${value}" is not a duration like "60s" or "1m0s"` });
    return z.NEVER;
  }
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Math.round(Number(match[3] ?? 0));
});
const count = z.number().int().min(0);

const authSection = z
  .object({
    site_url: z.url().optional(),
    additional_redirect_urls: z.array(z.string()).optional(),
    jwt_expiry: z.number().int().min(30).optional(),
    /** The project's HS256 secret (API keys, HS256 sessions); the JWT_SECRET variable wins over it, as env over config.toml in the CLI. */
    jwt_secret: z.string().min(32, 'must be at least 32 characters').optional(),
    enable_refresh_token_rotation: flag.optional(),
    refresh_token_reuse_interval: count.optional(),
    enable_signup: flag.optional(),
    enable_anonymous_sign_ins: flag.optional(),
    enable_manual_linking: flag.optional(),
    minimum_password_length: z.number().int().min(6).max(72).optional(),
    password_requirements: z.enum(Object.keys(PASSWORD_REQUIREMENTS) as [string, ...string[]]).optional(),
    /** A JSON file of signing keys (JWKs, the first signs), as the CLI's `supabase gen signing-key` writes. */
    signing_keys_path: z.string().optional(),
    rate_limit: z
      .object({
        email_sent: count,
        sms_sent: count,
        anonymous_users: count,
        token_refresh: count,
        sign_in_sign_ups: count,
        token_verifications: count,
        web3: count,
      })
      .partial()
      .optional(),
    email: z
      .object({
        enable_signup: flag,
        double_confirm_changes: flag,
        enable_confirmations: flag,
        secure_password_change: flag,
        max_frequency: duration,
        otp_length: z.number().int().min(6).max(10),
        otp_expiry: z.number().int().min(30),
      })
      .partial()
      .optional(),
    sms: z.object({ enable_signup: flag, enable_confirmations: flag }).partial().optional(),
    mfa: z
      .object({
        max_enrolled_factors: z.number().int().min(1),
        totp: factorSwitches,
        phone: factorSwitches,
        web_authn: factorSwitches,
      })
      .partial()
      .optional(),
  })
  .loose();

export type AuthToml = z.input<typeof authSection>;

/** What the auth service reads; every field has its CLI default filled in. */
export interface AuthSettings {
  siteUrl?: string;
  additionalRedirectUrls?: string[];
  jwtExpiry?: number;
  jwtSecret?: string;
  refreshTokenReuseInterval?: number;
  /** enable_signup = false: no new accounts (sign-up, anonymous sign-in, OTP for new addresses). */
  signupEnabled: boolean;
  /** [auth.email] enable_signup: the email provider. */
  emailSignupEnabled: boolean;
  /** [auth.email] enable_confirmations = false is GoTrue's MAILER_AUTOCONFIRM. */
  autoconfirm: boolean;
  anonymousSignIns: boolean;
  manualLinking: boolean;
  passwordMinLength: number;
  /** Each string is a group the password needs one character of. */
  passwordRequiredCharacters: string[];
  secureEmailChange?: boolean;
  /** [auth.email] secure_password_change: a password change from a session older than 24 h needs a nonce. */
  securePasswordChange: boolean;
  emailMaxFrequency?: number;
  otpExpiry?: number;
  signingKeysPath?: string;
  rateLimits: { emailSent: number; emailSentSet: boolean; anonymousUsers: number; tokenRefresh: number; signInSignUps: number; tokenVerifications: number };
  mfa: {
    maxEnrolledFactors: number;
    totp: { enroll: boolean; verify: boolean };
    phone: { enroll: boolean; verify: boolean };
    webauthn: { enroll: boolean; verify: boolean };
  };
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Tables merge key by key; anything else in `patch` replaces. */
export function deepMerge(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    out[key] = isTable(value) && isTable(out[key]) ? deepMerge(out[key], value) : value;
  }
  return out;
}

/** Reads [auth] from config.toml (absent file = CLI defaults) with `overrides` merged over it. */
export function loadAuthSettings(configPath: string, overrides: AuthToml = {}): AuthSettings {
  let section: Record<string, unknown> = {};
  if (fs.existsSync(configPath)) {
    let doc: Record<string, unknown>;
    try {
      doc = parse(fs.readFileSync(configPath, 'utf8')) as Record<string, unknown>;
    } catch (err) {
      throw new Error(`${configPath} is not valid TOML: ${(err as Error).message}`, { cause: err });
    }
    if (doc.auth !== undefined && !isTable(doc.auth)) throw new Error(`${configPath}: [auth] must be a table`);
    section = (doc.auth as Record<string, unknown> | undefined) ?? {};
  }
  const parsed = authSection.safeParse(deepMerge(section, overrides as Record<string, unknown>));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${configPath}: auth.${issue.path.join('.')}: ${issue.message}`);
  }
  const a = parsed.data;
  return {
    siteUrl: a.site_url,
    additionalRedirectUrls: a.additional_redirect_urls,
    jwtExpiry: a.jwt_expiry,
    jwtSecret: a.jwt_secret,
    refreshTokenReuseInterval: a.refresh_token_reuse_interval,
    signupEnabled: a.enable_signup ?? true,
    emailSignupEnabled: a.email?.enable_signup ?? true,
    autoconfirm: !(a.email?.enable_confirmations ?? false),
    anonymousSignIns: a.enable_anonymous_sign_ins ?? false,
    manualLinking: a.enable_manual_linking ?? false,
    passwordMinLength: a.minimum_password_length ?? 6,
    passwordRequiredCharacters: PASSWORD_REQUIREMENTS[a.password_requirements ?? '']!,
    secureEmailChange: a.email?.double_confirm_changes,
    securePasswordChange: a.email?.secure_password_change ?? false,
    emailMaxFrequency: a.email?.max_frequency,
    otpExpiry: a.email?.otp_expiry,
    signingKeysPath: a.signing_keys_path,
    rateLimits: {
      emailSent: a.rate_limit?.email_sent ?? 2,
      emailSentSet: a.rate_limit?.email_sent !== undefined,
      anonymousUsers: a.rate_limit?.anonymous_users ?? 30,
      tokenRefresh: a.rate_limit?.token_refresh ?? 150,
      signInSignUps: a.rate_limit?.sign_in_sign_ups ?? 30,
      tokenVerifications: a.rate_limit?.token_verifications ?? 30,
    },
    mfa: {
      maxEnrolledFactors: a.mfa?.max_enrolled_factors ?? 10,
      totp: { enroll: a.mfa?.totp?.enroll_enabled ?? true, verify: a.mfa?.totp?.verify_enabled ?? true },
      phone: { enroll: a.mfa?.phone?.enroll_enabled ?? false, verify: a.mfa?.phone?.verify_enabled ?? false },
      webauthn: { enroll: a.mfa?.web_authn?.enroll_enabled ?? false, verify: a.mfa?.web_authn?.verify_enabled ?? false },
    },
  };
}
