import { describe, expect, it } from 'vitest';
import { changePasswordSchema, emailCodeSchema, fieldErrors, signInSchema, signUpSchema, totpCodeSchema } from './schemas.ts';

const valid = { email: ' Ada@Example.com ', password: 'tailor42', displayName: ' Ada ', intent: 'designer' };

describe('sign-up', () => {
  it('accepts a complete form and trims what people typed around it', () => {
    const parsed = signUpSchema.parse(valid);
    expect(parsed).toEqual({ email: 'Ada@Example.com', password: 'tailor42', displayName: 'Ada', intent: 'designer' });
  });

  it('names every bad field once, with the first problem', () => {
    const result = signUpSchema.safeParse({ email: 'not-an-email', password: 'short', displayName: '  ', intent: 'pirate' });
    expect(result.success).toBe(false);
    const errors = fieldErrors<typeof valid>(result.error!);
    expect(errors.email).toMatch(/email address like/);
    expect(errors.password).toBe('Your password needs at least 8 characters, a number.');
    expect(errors.displayName).toMatch(/name/);
    expect(errors.intent).toMatch(/what brings you/);
  });

  it('refuses a password without a digit or a letter', () => {
    expect(signUpSchema.safeParse({ ...valid, password: 'abcdefghij' }).success).toBe(false);
    expect(signUpSchema.safeParse({ ...valid, password: '1234567890' }).success).toBe(false);
  });

  it('asks for an email when the field is empty', () => {
    const result = signUpSchema.safeParse({ ...valid, email: '' });
    expect(fieldErrors<typeof valid>(result.error!).email).toBe('Enter your email address.');
  });
});

describe('sign-in', () => {
  it('needs an email and any password (old passwords may predate the rule)', () => {
    expect(signInSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(fieldErrors(signInSchema.safeParse({ email: 'a@b.co', password: '' }).error!)).toEqual({ password: 'Enter your password.' });
  });
});

describe('codes', () => {
  it('accepts a 6-digit email code typed with spaces', () => {
    expect(emailCodeSchema.parse({ email: 'a@b.co', code: ' 123 456 ' }).code).toBe('123456');
  });

  it('refuses codes of the wrong shape', () => {
    for (const code of ['12345', '1234567', 'abcdef', '']) expect(emailCodeSchema.safeParse({ email: 'a@b.co', code }).success).toBe(false);
    expect(totpCodeSchema.safeParse({ code: '12a456' }).success).toBe(false);
    expect(totpCodeSchema.parse({ code: '654 321' }).code).toBe('654321');
  });
});

describe('change password', () => {
  it('needs the new password twice, the same', () => {
    expect(changePasswordSchema.safeParse({ password: 'tailor42', confirm: 'tailor42' }).success).toBe(true);
    const result = changePasswordSchema.safeParse({ password: 'tailor42', confirm: 'tailor43' });
    expect(fieldErrors(result.error!)).toEqual({ confirm: 'The two passwords are not the same.' });
  });

  it('still applies the password rule', () => {
    const result = changePasswordSchema.safeParse({ password: 'tailor', confirm: 'tailor' });
    expect(fieldErrors(result.error!)).toHaveProperty('password');
  });
});
