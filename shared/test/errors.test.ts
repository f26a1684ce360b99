import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError, createClient } from '@supabase/supabase-js';
import { describeError, errorMessage } from '../src/errors.ts';

describe('describeError', () => {
  it('maps PGRST116 with several rows and with none', () => {
    const several = describeError(
      { code: 'PGRST116', details: 'The result contains 2 rows', hint: null, message: 'JSON object requested, multiple (or no) rows returned' },
      406,
    );
    expect(several).toMatchObject({ kind: 'ambiguous', code: 'PGRST116', retryable: false });
    const none = describeError({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'JSON object requested, multiple (or no) rows returned',
    });
    expect(none.kind).toBe('not-found');
  });

  it('reads a whole supabase-js result ({ error, status })', () => {
    const result = {
      data: null,
      error: {
        message: 'duplicate key value violates unique constraint "stores_slug_key"',
        details: 'Key (slug)=(x) already exists.',
        hint: null,
        code: '23505',
      },
      status: 409,
    };
    expect(describeError(result)).toMatchObject({ kind: 'conflict', code: '23505' });
  });

  it('treats status 0 and fetch TypeErrors as network failures', () => {
    expect(describeError({ message: 'TypeError: fetch failed', details: '', hint: '', code: '' }, 0).kind).toBe('network');
    expect(describeError(new TypeError('Failed to fetch')).kind).toBe('network');
    expect(describeError({ message: 'x', code: '', status: 0 }).retryable).toBe(true);
  });

  it('maps row-level security and JWT expiry', () => {
    expect(describeError({ code: '42501', message: 'new row violates row-level security policy for table "patterns"', details: null, hint: null }).kind).toBe(
      'permission',
    );
    expect(describeError({ code: 'PGRST301', message: 'JWT expired', details: null, hint: null }, 401).kind).toBe('session');
  });

  it('passes through messages our SQL raises for people', () => {
    expect(errorMessage({ code: 'P0001', message: 'This pattern is archived and cannot be bought.', details: null, hint: null })).toBe(
      'This pattern is archived and cannot be bought.',
    );
  });

  it('maps auth error codes without enumerating accounts', () => {
    const wrong = describeError(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'));
    expect(wrong).toMatchObject({ kind: 'credentials', code: 'invalid_credentials' });
    expect(wrong.message).not.toMatch(/exist/);
    expect(describeError(new AuthApiError('Email rate limit exceeded', 429, 'over_email_send_rate_limit')).kind).toBe('rate-limit');
    expect(describeError(new AuthApiError('Token has expired or is invalid', 403, 'otp_expired')).message).toMatch(/expired/);
    expect(describeError(new AuthRetryableFetchError('Failed to fetch', 0)).kind).toBe('network');
    expect(describeError(new AuthWeakPasswordError('Password is too weak', 422, ['length'])).kind).toBe('validation');
  });

  it('maps errors the real storage client produces', async () => {
    // A Storage-compatible server answering as Supabase Storage does: HTTP 400 with the real status in the body.
    const bodies: Record<string, string> = {
      '/storage/v1/object/patterns/missing.pdf': JSON.stringify({ statusCode: '404', error: 'not_found', message: 'Object not found' }),
      '/storage/v1/object/patterns/huge.pdf': JSON.stringify({
        statusCode: '413',
        error: 'Payload too large',
        message: 'The object exceeded the maximum allowed size',
      }),
    };
    const server = createServer((req, res) => {
      const body =
        bodies[req.url?.split('?')[0] ?? ''] ??
        JSON.stringify({ statusCode: '403', error: 'Unauthorized', message: 'new row violates row-level security policy' });
      res.writeHead(400, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const client = createClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'anon', {
        auth: { persistSession: false, autoRefreshToken: false },
      });
      const missing = await client.storage.from('patterns').download('missing.pdf');
      expect(describeError(missing.error).kind).toBe('not-found');
      const huge = await client.storage.from('patterns').upload('huge.pdf', new Blob(['%PDF']));
      expect(describeError(huge.error).kind).toBe('too-large');
      const denied = await client.storage.from('patterns').upload('other.pdf', new Blob(['%PDF']));
      expect(describeError(denied.error).kind).toBe('permission');
    } finally {
      server.close();
    }
  });

  it('never returns an empty message', () => {
    for (const input of [null, undefined, 42, 'boom', {}, { code: 'XX999' }, new Error('x')]) {
      expect(describeError(input).message.length).toBeGreaterThan(10);
    }
  });
});
