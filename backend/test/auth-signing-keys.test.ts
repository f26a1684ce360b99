// Asymmetric signing keys: sessions are ES256 tokens with a kid listed in
// /.well-known/jwks.json; auth-js getClaims, PostgREST, storage and functions verify them;
// a rotated key keeps its tokens working; the anon/service keys stay HS256 legacy keys; and
// JWT_SIGNING_ALGORITHM=HS256 (older settings) signs sessions with the secret.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateSigningKey } from '../src/config.ts';
import { authHelpers, newEmail } from './auth-client.ts';
import { startTestStack, type TestStack } from './harness.ts';

// 1×1 transparent PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function accessToken(c: SupabaseClient): Promise<string> {
  return (await c.auth.getSession()).data.session!.access_token;
}

/** The user's own profile row through PostgREST with the session (RLS: only the owner sees it). */
async function ownProfile(stack: TestStack, token: string, userId: string): Promise<Response> {
  return fetch(`${stack.url}/rest/v1/profiles?select=id&id=eq.${userId}`, {
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` },
  });
}

describe('ES256 signing keys (the default)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-signing-'));
  let stack: TestStack;
  const h = authHelpers(() => stack);

  beforeAll(async () => {
    stack = await startTestStack({ dataDir, emailMinInterval: 0 });
  });
  afterAll(async () => {
    await stack?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs sessions ES256 with a published kid, verified by getClaims, PostgREST, storage and functions', async () => {
    const c = await h.signedIn(await h.signUpConfirmed(newEmail('es256')));
    const token = await accessToken(c);
    const header = decodeProtectedHeader(token);
    expect(header.alg).toBe('ES256');
    const jwks = (await (await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.map((k) => k.kid)).toContain(header.kid);
    expect(jwks.keys.every((k) => k.d === undefined && k.kty === 'EC' && k.alg === 'ES256')).toBe(true);

    const claims = await c.auth.getClaims();
    expect(claims.error).toBeNull();
    const userId = claims.data!.claims.sub;

    const rest = await ownProfile(stack, token, userId);
    expect(rest.status).toBe(200);
    expect(await rest.json()).toEqual([{ id: userId }]);
    // a token with a broken signature is refused, not read as anon
    const forged = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect((await ownProfile(stack, forged, userId)).status).toBe(401);

    const uploaded = await c.storage.from('avatars').upload(`${userId}/me.png`, PNG, { contentType: 'image/png' });
    expect(uploaded.error).toBeNull();
    const storageForged = await fetch(`${stack.url}/storage/v1/object/avatars/${userId}/forged.png`, {
      method: 'POST',
      body: PNG,
      headers: { apikey: stack.anonKey, authorization: `Bearer ${forged}`, 'content-type': 'image/png' },
    });
    expect(storageForged.status).toBe(400);

    // a function with verify_jwt (the default) takes the ES256 session and refuses the forged one
    const fnOk = await fetch(`${stack.url}/functions/v1/export`, { method: 'OPTIONS' });
    expect(fnOk.status).toBeLessThan(500);
    const fnForged = await fetch(`${stack.url}/functions/v1/export`, { method: 'POST', headers: { authorization: `Bearer ${forged}` } });
    expect(fnForged.status).toBe(401);
    const fnSession = await fetch(`${stack.url}/functions/v1/export`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(fnSession.status).not.toBe(401);

    // the anon and service keys are HS256 legacy keys and keep working everywhere
    expect(decodeProtectedHeader(stack.anonKey).alg).toBe('HS256');
    expect(
      (
        await fetch(`${stack.url}/rest/v1/profiles?select=id&limit=1`, {
          headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` },
        })
      ).status,
    ).toBe(200);
  });

  it('keeps tokens of the previous key working after a rotation, and signs new ones with the new key', async () => {
    const c = await h.signedIn(await h.signUpConfirmed(newEmail('rotate')));
    const oldToken = await accessToken(c);
    const oldKid = decodeProtectedHeader(oldToken).kid;
    const userId = (await c.auth.getClaims()).data!.claims.sub;

    await stack.stop();
    const next = await rotateSigningKey(dataDir);
    stack = await startTestStack({ dataDir, emailMinInterval: 0 });

    const jwks = (await (await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual([next.kid, oldKid]);
    // the old session still works at auth, PostgREST and storage
    const user = await fetch(`${stack.url}/auth/v1/user`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${oldToken}` } });
    expect(user.status).toBe(200);
    expect((await ownProfile(stack, oldToken, userId)).status).toBe(200);
    const listed = await fetch(`${stack.url}/storage/v1/object/list/avatars`, {
      method: 'POST',
      body: JSON.stringify({ prefix: userId }),
      headers: { apikey: stack.anonKey, authorization: `Bearer ${oldToken}`, 'content-type': 'application/json' },
    });
    expect(listed.status).toBe(200);

    const fresh = await h.signedIn(
      (
        (await fetch(`${stack.url}/auth/v1/user`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${oldToken}` } }).then((r) => r.json())) as {
          email: string;
        }
      ).email,
    );
    expect(decodeProtectedHeader(await accessToken(fresh)).kid).toBe(next.kid);
  });
});

describe('HS256 sessions (JWT_SIGNING_ALGORITHM=HS256, older settings)', () => {
  let stack: TestStack;
  const h = authHelpers(() => stack);

  beforeAll(async () => {
    stack = await startTestStack({ emailMinInterval: 0, jwtAlgorithm: 'HS256' });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('signs sessions with the secret and publishes no keys', async () => {
    const c = await h.signedIn(await h.signUpConfirmed(newEmail('hs256')));
    const token = await accessToken(c);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256' });
    expect(await (await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`)).json()).toEqual({ keys: [] });
    const userId = (await c.auth.getClaims()).data!.claims.sub;
    expect((await ownProfile(stack, token, userId)).status).toBe(200);
  });
});
