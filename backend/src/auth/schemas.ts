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
  factor_type: z.string(),
  friendly_name: z.string().max(255).nullish(),
  issuer: z.string().max(255).nullish(),
  phone: z.string().nullish(),
});
export const challengeBody = z.object({ channel: z.string().nullish() });
export const verifyFactorBody = z.object({ challenge_id: z.string(), code: z.string().max(64) });

/** AdminUserParams: POST /admin/users and PUT /admin/users/{id}. */
export const adminUserBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().max(72).nullish(),
  email_confirm: z.boolean().nullish(),
  phone_confirm: z.boolean().nullish(),
  user_metadata: metadata.nullish(),
  app_metadata: metadata.nullish(),
  role: z.string().max(255).nullish(),
  ban_duration: z.string().max(64).nullish(),
});
export const adminDeleteBody = z.object({ should_soft_delete: z.boolean().nullish() });
export const GENERATE_LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'] as const;
export const generateLinkBody = z.object({
  type: z.string(),
  email: z.string().nullish(),
  password: z.string().max(72).nullish(),
  new_email: z.string().nullish(),
  data: metadata.nullish(),
  redirect_to: z.string().nullish(),
  redirectTo: z.string().nullish(),
});
export const inviteBody = z.object({ email: z.string().nullish(), data: metadata.nullish() });

// The address rule of GoTrue's validateEmail (checkmail.ValidateFormat): dot-separated atoms
// of letters, digits and !#$%&'*+-/=?^_`{|}~ (or non-ASCII letters) before the @, dot-separated
// labels after it. `xx:;x@x.x` fails, as on GoTrue.
const U = '\\u00A0-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFEF';
const ATOM = `[A-Za-z0-9!#$%&'*+\\-/=?^_\`{|}~${U}]+`;
const LABEL = `[A-Za-z0-9${U}](?:[A-Za-z0-9\\-${U}]*[A-Za-z0-9${U}])?`;
const EMAIL_FORMAT = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${LABEL}$`, 'u');

export const isValidEmail = (s: string) => s.trim().length <= 255 && EMAIL_FORMAT.test(s.trim());
