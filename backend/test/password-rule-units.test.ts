import { beforeAll, describe, expect, it } from 'vitest';
import { passwordWeaknesses } from '../src/auth/password.ts';
// The rule the sign-up and change-password forms show, so the two never drift apart unnoticed.
import { isPasswordAllowed, loadCommonPasswords } from '../../shared/src/auth/password.ts';

const SAMPLES = [
  '',
  'a',
  'abcdefg1',
  'abcdefgh',
  '12345678',
  'abc123',
  'pässwört9',
  '密码密码密码密码1',
  '٣٣٣٣٣٣٣x',
  '😀😀😀😀😀😀😀a1',
  '        a1',
  'Stitch-house 2026!',
  'A1A1A1A1',
  'password1',
  'PassWord1',
  'qwerty123',
  'Quilting42',
];

describe("the forms' password rule and the auth server's", () => {
  let common: ReadonlySet<string>;
  beforeAll(async () => {
    common = await loadCommonPasswords();
  });

  it.each(SAMPLES)('agree for %j', (password) => {
    expect(isPasswordAllowed(password)).toBe(passwordWeaknesses(password).length === 0);
  });

  it('agree on every common password the basic rule lets through', () => {
    const disagreements = [...common].filter((password) => isPasswordAllowed(password) !== (passwordWeaknesses(password).length === 0));
    expect(disagreements).toEqual([]);
    expect(common.size).toBeGreaterThan(5000);
  });
});
