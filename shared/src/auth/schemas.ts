/**
 * The access forms' rules, the same in the browser and on the server (the password
 * rule is the auth server's, see password.ts). Messages are written for people, in the
 * page's language: each one is read from shared's catalog when zod reports the issue.
 */
import '../zodNoEval.ts';
import { z } from 'zod';
import { i18n } from '../i18n/index.ts';
import '../form/messages.ts';
import { say } from '../zodMessage.ts';
import { commonPasswordMessage, PASSWORD_MIN_LENGTH, passwordRules } from './password.ts';

export const emailSchema = z
  .string()
  .trim()
  .min(1, say(/*i18n*/ 'shared.form.emailRequired'))
  .max(254, say(/*i18n*/ 'shared.form.emailTooLong'))
  .pipe(z.email(say(/*i18n*/ 'shared.form.emailInvalid')));

/** A new password: the server's rule, one message naming what is missing. */
export const newPasswordSchema = z
  .string()
  .min(1, say(/*i18n*/ 'shared.form.passwordRequired'))
  .max(72, say(/*i18n*/ 'shared.form.passwordTooLong'))
  .superRefine((password, ctx) => {
    const unmet = passwordRules(password).filter((rule) => !rule.met);
    const missing = unmet.filter((rule) => rule.id !== 'common');
    if (missing.length === 0) {
      if (unmet.length > 0) ctx.addIssue({ code: 'custom', message: commonPasswordMessage() });
      return;
    }
    const words: Record<string, () => string> = {
      length: () => i18n._('shared.form.passwordNeedsLength', { count: PASSWORD_MIN_LENGTH }),
      letter: () => i18n._('shared.form.passwordNeedsLetter'),
      digit: () => i18n._('shared.form.passwordNeedsDigit'),
    };
    // "at least 8 characters, a letter, a number" as English always said it; other languages join
    // the list their own way ("mindestens 8 Zeichen, einen Buchstaben und eine Zahl")
    const english = i18n.locale === 'en';
    const list = new Intl.ListFormat(i18n.locale, { type: english ? 'unit' : 'conjunction', style: english ? 'short' : 'long' }).format(
      missing.map((rule) => words[rule.id]!()),
    );
    ctx.addIssue({ code: 'custom', message: i18n._('shared.form.passwordNeeds', { missing: list }) });
  });

export const INTENTS = ['maker', 'designer', 'shop'] as const;
export type Intent = (typeof INTENTS)[number];

const INTENT_IDS: Record<Intent, { label: string; hint: string }> = {
  maker: { label: /*i18n*/ 'shared.intent.maker', hint: /*i18n*/ 'shared.intent.makerHint' },
  designer: { label: /*i18n*/ 'shared.intent.designer', hint: /*i18n*/ 'shared.intent.designerHint' },
  shop: { label: /*i18n*/ 'shared.intent.shop', hint: /*i18n*/ 'shared.intent.shopHint' },
};

/** Each intent's choice and hint, in the page's language when read. */
export const INTENT_LABELS: Record<Intent, { readonly label: string; readonly hint: string }> = Object.fromEntries(
  Object.entries(INTENT_IDS).map(([intent, ids]) => [
    intent,
    {
      get label() {
        return i18n._(ids.label);
      },
      get hint() {
        return i18n._(ids.hint);
      },
    },
  ]),
) as Record<Intent, { readonly label: string; readonly hint: string }>;

export const signUpSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  displayName: z.string().trim().min(1, say(/*i18n*/ 'shared.form.displayNameRequired')).max(60, say(/*i18n*/ 'shared.form.displayNameTooLong')),
  intent: z.enum(INTENTS, say(/*i18n*/ 'shared.form.intentRequired')),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** A guest turning the purchase into an account (the same user): an address and a new password. */
export const saveGuestAccountSchema = z.object({ email: emailSchema, password: newPasswordSchema });

export const signInSchema = z.object({
  email: emailSchema,
  // Existing passwords may predate today's rule: only require one.
  password: z.string().min(1, say(/*i18n*/ 'shared.form.passwordEnter')),
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
        .min(1, say(/*i18n*/ 'shared.form.emailCodeRequired'))
        .regex(/^\d{6}$/, say(/*i18n*/ 'shared.form.codeFormat')),
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
        .min(1, say(/*i18n*/ 'shared.form.totpRequired'))
        .regex(/^\d{6}$/, say(/*i18n*/ 'shared.form.codeFormat')),
    ),
});

export const changePasswordSchema = z
  .object({ password: newPasswordSchema, confirm: z.string().min(1, say(/*i18n*/ 'shared.form.confirmRequired')) })
  .refine((v) => v.confirm === '' || v.password === v.confirm, { path: ['confirm'], error: () => i18n._('shared.form.confirmMismatch') });

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
        .min(1, say(/*i18n*/ 'shared.form.recoveryRequired'))
        .regex(/^[0-9a-f]{20}$/, say(/*i18n*/ 'shared.form.recoveryFormat')),
    ),
});
