import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { AuthApiError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { describeError } from './errors.ts';
import { AUTH_MESSAGES } from './authMessages.ts';

// Every code auth-js declares, read from its own source so an upgrade that adds one fails here.
function authJsErrorCodes(): string[] {
  const require = createRequire(require_base());
  const supabaseJs = dirname(require.resolve('@supabase/supabase-js/package.json'));
  const authJs = dirname(createRequire(join(supabaseJs, 'package.json')).resolve('@supabase/auth-js/package.json'));
  const source = readFileSync(join(authJs, 'src', 'lib', 'error-codes.ts'), 'utf8');
  const union = source.slice(source.indexOf('export type ErrorCode'));
  return [...union.matchAll(/\|\s*'([a-z0-9_]+)'/g)].map((match) => match[1]!);
}

function require_base(): string {
  return join(import.meta.dirname, '..', 'package.json');
}

const codes = authJsErrorCodes();

describe('auth error messages', () => {
  it('reads the full list of auth-js error codes', () => {
    expect(codes.length).toBeGreaterThan(80);
    expect(codes).toContain('invalid_credentials');
  });

  it('maps every code auth-js can return, and nothing else', () => {
    expect(codes.filter((code) => !(code in AUTH_MESSAGES))).toEqual([]);
    expect(Object.keys(AUTH_MESSAGES).filter((code) => !codes.includes(code))).toEqual([]);
  });

  it.each(codes)('%s becomes a sentence a person can act on', (code) => {
    const shown = describeError(new AuthApiError('raw server text', 400, code));
    expect(shown.code).toBe(code);
    expect(shown.message).toBe(AUTH_MESSAGES[code as keyof typeof AUTH_MESSAGES].message);
    expect(shown.message).toMatch(/^[A-Z].*\.$/);
    expect(shown.message).not.toContain('raw server text');
  });

  it('never tells whether an account exists on a wrong sign-in', () => {
    const shown = describeError(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'));
    expect(shown.message).not.toMatch(/no account|not found|unknown/i);
  });

  it('treats a status-0 failure as a network problem whatever the code', () => {
    expect(describeError(new AuthApiError('Failed to fetch', 0, 'invalid_credentials')).kind).toBe('network');
  });
});
