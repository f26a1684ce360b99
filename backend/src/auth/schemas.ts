// Request bodies. Objects are not strict: auth-js adds keys (gotrue_meta_security, options)
// that GoTrue ignores too.
import { z } from 'zod';

const pkceFields = {
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
};
const metadata = z.record(z.string(), z.unknown());
const email = z.string().max(255);

export const signupBody = z.object({
  email: email.nullish(),
  phone: z.string().nullish(),
  password: z.string().max(72).nullish(),
  data: metadata.nullish(),
  ...pkceFields,
});

export const passwordGrantBody = z.object({
  email: email.nullish(),
  phone: z.string().nullish(),
  password: z.string().max(1000).nullish(),
});
export const refreshGrantBody = z.object({ refresh_token: z.string().max(1000).nullish() });
export const pkceGrantBody = z.object({ auth_code: z.string().max(255).nullish(), code_verifier: z.string().max(255).nullish() });

export const otpBody = z.object({
  email: email.nullish(),
  phone: z.string().nullish(),
  data: metadata.nullish(),
  create_user: z.boolean().nullish(),
  ...pkceFields,
});

export const VERIFY_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email', 'sms', 'phone_change'] as const;
export const verifyBody = z.object({
  type: z.enum(VERIFY_TYPES),
  token: z.string().max(255).nullish(),
  token_hash: z.string().max(255).nullish(),
  email: email.nullish(),
  phone: z.string().nullish(),
  redirect_to: z.string().nullish(),
});

export const recoverBody = z.object({ email: email.nullish(), ...pkceFields });

export const resendBody = z.object({
  type: z.enum(['signup', 'email_change', 'sms', 'phone_change']),
  email: email.nullish(),
  phone: z.string().nullish(),
  ...pkceFields,
});

export const updateUserBody = z.object({
  email: email.nullish(),
  phone: z.string().nullish(),
  password: z.string().max(72).nullish(),
  current_password: z.string().nullish(),
  nonce: z.string().nullish(),
  data: metadata.nullish(),
  app_metadata: metadata.nullish(),
  ...pkceFields,
});

export const enrollFactorBody = z.object({
  factor_type: z.enum(['totp', 'phone', 'webauthn']),
  friendly_name: z.string().max(255).nullish(),
  issuer: z.string().max(255).nullish(),
  phone: z.string().nullish(),
});
export const challengeBody = z.object({ channel: z.string().nullish() });
export const verifyFactorBody = z.object({ challenge_id: z.string(), code: z.string().max(64) });

export const adminCreateUserBody = z.object({
  email: email,
  password: z.string().max(72).nullish(),
  email_confirm: z.boolean().nullish(),
  user_metadata: metadata.nullish(),
  app_metadata: metadata.nullish(),
  role: z.string().max(255).nullish(),
});

/** A syntactically valid address (GoTrue's check is similarly loose). */
export const isValidEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim()) && s.length <= 255;
