/**
 * The access forms' rules, the same in the browser and on the server (the password
 * rule is the auth server's, see password.ts). Messages are written for people.
 */
import '../zodNoEval.ts';
import { z } from 'zod';
import { COMMON_PASSWORD_MESSAGE, PASSWORD_MIN_LENGTH, passwordRules } from './password.ts';

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Enter your email address.')
  .max(254, 'That email address is too long.')
  .pipe(z.email('Enter an email address like name@example.com.'));

/** A new password: the server's rule, one message naming what is missing. */
export const newPasswordSchema = z
  .string()
  .min(1, 'Choose a password.')
  .max(72, 'Use at most 72 characters.')
  .superRefine((password, ctx) => {
    const unmet = passwordRules(password).filter((rule) => !rule.met);
    const missing = unmet.filter((rule) => rule.id !== 'common');
    if (missing.length === 0) {
      if (unmet.length > 0) ctx.addIssue({ code: 'custom', message: COMMON_PASSWORD_MESSAGE });
      return;
    }
    const words: Record<string, string> = {
      length: `at least ${PASSWORD_MIN_LENGTH} characters`,
      letter: 'a letter',
      digit: 'a number',
    };
    ctx.addIssue({ code: 'custom', message: `Your password needs ${missing.map((rule) => words[rule.id]).join(', ')}.` });
  });

export const INTENTS = ['maker', 'designer', 'shop'] as const;
export type Intent = (typeof INTENTS)[number];

export const INTENT_LABELS: Record<Intent, { label: string; hint: string }> = {
  maker: { label: 'I sew and make', hint: 'Buy and download patterns.' },
  designer: { label: 'I design patterns', hint: 'Open a store and sell your patterns.' },
  shop: { label: 'I run a shop', hint: 'Stock printed patterns and sell in store.' },
};

export const signUpSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  displayName: z.string().trim().min(1, 'Enter the name other people will see.').max(60, 'Use at most 60 characters.'),
  intent: z.enum(INTENTS, 'Choose what brings you to Stitchhouse.'),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** A guest turning the purchase into an account (the same user): an address and a new password. */
export const saveGuestAccountSchema = z.object({ email: emailSchema, password: newPasswordSchema });

export const signInSchema = z.object({
  email: emailSchema,
  // Existing passwords may predate today's rule: only require one.
  password: z.string().min(1, 'Enter your password.'),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const emailOnlySchema = z.object({ email: emailSchema });

/** The 6-digit code of an email; spaces people type between groups are dropped. */
export const emailCodeSchema = z.object({
  email: emailSchema,
  code: z
    .string()
    .transform((code) => code.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'Enter the 6-digit code from the email.')
        .regex(/^\d{6}$/, 'The code is 6 digits, like 123456.'),
    ),
});

/** A code from an authenticator app (TOTP, 6 digits). */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'Enter the 6-digit code from your authenticator app.')
        .regex(/^\d{6}$/, 'The code is 6 digits, like 123456.'),
    ),
});

export const changePasswordSchema = z
  .object({ password: newPasswordSchema, confirm: z.string().min(1, 'Type the new password again.') })
  .refine((v) => v.confirm === '' || v.password === v.confirm, { path: ['confirm'], message: 'The two passwords are not the same.' });

/** Field name → first message, for forms (the error summary lists them in order). */
export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

export function fieldErrors<T>(error: z.ZodError): FieldErrors<T> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out as FieldErrors<T>;
}

/** A recovery code ("3f9a1c07be-5d2e8a4f10"): any case, hyphen and spaces optional. */
export const recoveryCodeSchema = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/[\s-]+/g, '').toLowerCase())
    .pipe(
      z
        .string()
        .min(1, 'Enter one of your recovery codes.')
        .regex(/^[0-9a-f]{20}$/, 'A recovery code is 20 letters and digits, like 3f9a1c07be-5d2e8a4f10.'),
    ),
});
