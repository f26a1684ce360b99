import { beforeAll, describe, expect, it } from 'vitest';
import { commonPasswordsPassingBasicRule } from '../../build/common-passwords.mjs';
import { commonPasswordMessage, loadCommonPasswords, passwordRules, passwordStrength } from './password.ts';
import { newPasswordSchema } from './schemas.ts';

describe('password rule', () => {
  let common: ReadonlySet<string>;
  beforeAll(async () => {
    common = await loadCommonPasswords();
  });

  // That the auth server applies the same rule is held in backend/test/password-rule-units.test.ts
  // (shared imports no backend code).

  it('ships the subset of the zxcvbn-ts list the package has today (re-run shared/build/common-passwords.mjs)', async () => {
    expect([...common].sort()).toEqual((await commonPasswordsPassingBasicRule()).sort());
  });

  it('refuses password1 with a rule of its own and a message that says why', () => {
    expect(
      passwordRules('password1')
        .filter((r) => !r.met)
        .map((r) => r.id),
    ).toEqual(['common']);
    const parsed = newPasswordSchema.safeParse('Password1');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(commonPasswordMessage());
    expect(passwordStrength('password1')).toBe(1);
  });

  it('names each unmet rule', () => {
    expect(
      passwordRules('abc')
        .filter((r) => !r.met)
        .map((r) => r.id),
    ).toEqual(['length', 'digit']);
    expect(
      passwordRules('12345678')
        .filter((r) => !r.met)
        .map((r) => r.id),
    ).toEqual(['letter']);
    expect(passwordRules('hemline7').every((r) => r.met)).toBe(true);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordRules('😀😀😀a1').find((r) => r.id === 'length')?.met).toBe(false);
  });

  it('rates strength from too short to strong', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abc1')).toBe(0);
    expect(passwordStrength('abcdefgh')).toBe(1); // long enough but breaks the rule
    expect(passwordStrength('aaaa1111')).toBe(1); // allowed, but only two characters repeated
    expect(passwordStrength('tailor42')).toBe(2);
    expect(passwordStrength('tailor42bias')).toBe(3);
    expect(passwordStrength('Tailor-42 bias cut')).toBe(4);
  });
});
