// supabase-js unmodified against the embedded auth and storage: the places where
// supabase-js's own integration tests saw them answer otherwise than GoTrue and Supabase Storage.
// One stack: the project's config.toml with jwt_secret and an RS256 signing_keys_path added
// (and, for the autoconfirmed sign-up, enable_confirmations off).
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK } from 'jose';
import sharp from 'sharp';
import { parse, stringify } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../../shared/src/testing/kit.ts';
import { loadConfig, repoRoot } from '../src/config.ts';
import { projectJwks, signAccessToken, verifyProjectJwt } from '../src/jwt.ts';
import { newEmail, PASSWORD } from './auth-client.ts';
import { startTestStack, type TestStack } from './harness.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-parity-'));
const JWT_SECRET = 'parity-secret-from-config-toml-0123456789abcdef';

/** A private RSA JWK as `supabase gen signing-key --algorithm RS256` writes it (node:crypto: jose makes none under 2048 bits). */
function rsaKey(modulusLength = 2048): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength });
  return {
    ...(privateKey.export({ format: 'jwk' }) as JWK),
    kid: `rsa-${modulusLength}-${randomUUID().slice(0, 8)}`,
    alg: 'RS256',
    use: 'sig',
    key_ops: ['sign', 'verify'],
  };
}

/** The project's supabase/config.toml with [auth] keys added, written to a file of its own. */
function configWith(name: string, auth: Record<string, unknown>): string {
  const doc = parse(fs.readFileSync(path.join(repoRoot, 'supabase', 'config.toml'), 'utf8')) as Record<string, Record<string, unknown>>;
  doc.auth = { ...doc.auth, ...auth };
  const file = path.join(tmp, `${name}.toml`);
  fs.writeFileSync(file, stringify(doc));
  return file;
}

function keysFile(name: string, keys: JWK[]): string {
  const file = path.join(tmp, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(keys));
  return file;
}

/** The body and status of a failed supabase-js call. */
function failure(error: unknown): { status?: number; code?: string; message?: string } {
  const e = error as { status?: number; code?: string; message?: string } | null;
  expect(e, 'the call should have failed').not.toBeNull();
  return { status: e!.status, code: e!.code, message: e!.message };
}

// 1×1 PNG, and a 64×48 one made by sharp for the transforms
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
let PICTURE: Buffer;

let stack: TestStack;
let rsa: JWK;
let admin: SupabaseClient;

beforeAll(async () => {
  PICTURE = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c05' } })
    .png()
    .toBuffer();
  rsa = rsaKey();
  const configToml = configWith('stack', { jwt_secret: JWT_SECRET, signing_keys_path: keysFile('rs256', [rsa]) });
  stack = await startTestStack({ configToml, emailMinInterval: 0, authConfig: { email: { enable_confirmations: false } } });
  admin = serviceClient(stack);
});
afterAll(async () => {
  await stack?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('auth (GoTrue)', () => {
  it('sets last_sign_in_at on every new session: an autoconfirmed sign-up, a password sign-in, an anonymous sign-in', async () => {
    const email = newEmail('last-sign-in');
    const c = anonClient(stack);
    const signUp = await c.auth.signUp({ email, password: PASSWORD });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).not.toBeNull();
    const first = signUp.data.user!.last_sign_in_at;
    expect(first, 'the sign-up answer').toBeTruthy();
    expect((await admin.auth.admin.getUserById(signUp.data.user!.id)).data.user!.last_sign_in_at).toBe(first);

    await new Promise((r) => setTimeout(r, 20));
    const signIn = await anonClient(stack).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(Date.parse(signIn.data.user!.last_sign_in_at!)).toBeGreaterThan(Date.parse(first!));

    const guest = await anonClient(stack).auth.signInAnonymously();
    expect(guest.error).toBeNull();
    expect(guest.data.user!.last_sign_in_at).toBeTruthy();
  });

  it('signs sessions RS256 with a key of signing_keys_path, publishes only its public half, and every service takes them', async () => {
    const c = anonClient(stack);
    const { data, error } = await c.auth.signUp({ email: newEmail('rs256'), password: PASSWORD });
    expect(error).toBeNull();
    const token = data.session!.access_token;
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', kid: rsa.kid });

    const jwks = (await (await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`, { headers: { apikey: stack.anonKey } })).json()) as { keys: JWK[] };
    expect(jwks.keys).toEqual([{ kty: 'RSA', n: rsa.n, e: rsa.e, kid: rsa.kid, alg: 'RS256', use: 'sig', key_ops: ['verify'] }]);

    const claims = await c.auth.getClaims();
    expect(claims.error).toBeNull();
    const userId = data.user!.id;
    expect(claims.data!.claims.sub).toBe(userId);
    expect((await c.auth.getUser()).data.user!.id).toBe(userId);
    const own = await c.from('profiles').select('id').eq('id', userId);
    expect(own.error).toBeNull();
    expect(own.data).toEqual([{ id: userId }]);
    const upload = await c.storage.from('avatars').upload(`${userId}/me.png`, TINY_PNG, { contentType: 'image/png' });
    expect(upload.error).toBeNull();
    // a refresh signs with the same key
    const refreshed = await c.auth.refreshSession();
    expect(decodeProtectedHeader(refreshed.data.session!.access_token).alg).toBe('RS256');
  });

  it('refuses at start a key file sessions cannot be signed with, saying which key and why', async () => {
    const ec = (await generateKeyPair('ES256', { extractable: true })).privateKey;
    const ecJwk = { ...(await exportJWK(ec)), kid: 'ec-as-rsa', alg: 'RS256' };
    const small = rsaKey(1024);
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicOnly } = rsaKey();
    const cases: [string, JWK[], RegExp][] = [
      ['small', [small], new RegExp(`signing key 1 \\("${small.kid}"\\) cannot be used: .*2048`)],
      ['wrong-type', [ecJwk], /signing key 1 \("ec-as-rsa"\) cannot be used: is a "EC" key but "alg" is RS256, which needs a "RSA" key/],
      ['unknown-alg', [{ ...rsa, alg: 'PS256' }], /cannot be used: has "alg": "PS256"; the algorithms that sign sessions are ES256, RS256, HS256/],
      ['public-only', [publicOnly], /is the key that signs sessions but holds no private part/],
    ];
    for (const [name, keys, message] of cases) {
      const configToml = configWith(name, { signing_keys_path: keysFile(name, keys) });
      await expect(loadConfig({ dataDir: path.join(tmp, `data-${name}`), configToml }, {}), name).rejects.toThrow(message);
    }

    // a symmetric key signs HS256 with its kid, as GoTrue does, and is never published
    const oct: JWK = { kty: 'oct', k: Buffer.from(randomUUID() + randomUUID()).toString('base64url'), kid: 'oct-1', alg: 'HS256' };
    const config = await loadConfig({ dataDir: path.join(tmp, 'data-oct'), configToml: configWith('oct', { signing_keys_path: keysFile('oct', [oct]) }) }, {});
    expect(projectJwks(config)).toEqual({ keys: [] });
    const token = await signAccessToken({ sub: 'x', role: 'authenticated' }, config, 60);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256', kid: 'oct-1' });
    expect((await verifyProjectJwt(token, config)).sub).toBe('x');
    await expect(
      verifyProjectJwt(token, { ...config, signingKeys: [{ ...oct, k: Buffer.from('another key of enough length, really').toString('base64url') }] }),
    ).rejects.toThrow();
  });

  it('reads jwt_secret under [auth] of config.toml; the JWT_SECRET variable wins over it, as the environment over config.toml in the CLI', async () => {
    expect(stack.config.jwtSecret).toBe(JWT_SECRET);
    // the API keys are signed with it, and a service-role token signed with it is the project's: admin API and PostgREST take it
    const secret = new TextEncoder().encode(JWT_SECRET);
    expect((await jwtVerify(stack.serviceRoleKey, secret)).payload.role).toBe('service_role');
    const token = await new SignJWT({ role: 'service_role', iss: 'supabase' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret);
    const headers = { apikey: stack.anonKey, authorization: `Bearer ${token}` };
    const listed = await fetch(`${stack.url}/auth/v1/admin/users?per_page=1`, { headers });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { users: unknown[] }).users).toHaveLength(1);
    const rows = await fetch(`${stack.url}/rest/v1/profiles?select=id`, { headers });
    expect(rows.status).toBe(200);
    expect(((await rows.json()) as unknown[]).length).toBeGreaterThan(0);
    // signed with another secret, it is nobody's
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-0123456789abcdefghijkl'));
    expect((await fetch(`${stack.url}/auth/v1/admin/users`, { headers: { ...headers, authorization: `Bearer ${forged}` } })).status).toBe(403);

    const configToml = configWith('secret', { jwt_secret: JWT_SECRET });
    const fromEnv = 'the-jwt-secret-variable-0123456789abcdefghij';
    expect((await loadConfig({ dataDir: path.join(tmp, 'data-env'), configToml }, { JWT_SECRET: fromEnv })).jwtSecret).toBe(fromEnv);
    const short = configWith('short', { jwt_secret: 'too-short' });
    await expect(loadConfig({ dataDir: path.join(tmp, 'data-short'), configToml: short }, {})).rejects.toThrow(
      /auth\.jwt_secret: must be at least 32 characters/,
    );
  });

  it('answers an invalid address with validation_failed and GoTrue’s message, at sign-up, admin create and email change', async () => {
    const expected = { status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' };
    expect(failure((await anonClient(stack).auth.signUp({ email: 'xx:;x@x.x', password: PASSWORD })).error)).toEqual(expected);
    expect(failure((await admin.auth.admin.createUser({ email: 'not an address', password: PASSWORD })).error)).toEqual(expected);
    const c = anonClient(stack);
    expect((await c.auth.signUp({ email: newEmail('change'), password: PASSWORD })).error).toBeNull();
    expect(failure((await c.auth.updateUser({ email: 'a@b@c' })).error)).toEqual(expected);
  });

  it('generateLink keeps user_metadata to the data given (signup and invite)', async () => {
    const signup = await admin.auth.admin.generateLink({
      type: 'signup',
      email: newEmail('link'),
      password: PASSWORD,
      options: { data: { full_name: 'Ada' } },
    });
    expect(signup.error).toBeNull();
    expect(signup.data.user!.user_metadata).toEqual({ full_name: 'Ada' });
    expect(signup.data.properties!.verification_type).toBe('signup');
    const invite = await admin.auth.admin.generateLink({ type: 'invite', email: newEmail('invite'), options: { data: { shop: 'Knots' } } });
    expect(invite.error).toBeNull();
    expect(invite.data.user!.user_metadata).toEqual({ shop: 'Knots' });
    const bare = await admin.auth.admin.generateLink({ type: 'signup', email: newEmail('bare'), password: PASSWORD });
    expect(bare.data.user!.user_metadata).toEqual({});
  });

  it('answers GoTrue’s own errors for what is off: passkeys, WebAuthn factors, the OAuth 2.1 server, custom providers', async () => {
    const c = anonClient(stack);
    const { data } = await c.auth.signUp({ email: newEmail('off'), password: PASSWORD });
    const userId = data.user!.id;

    const passkeyOff = { status: 404, code: 'passkey_disabled', message: 'Passkeys are disabled' };
    expect(failure((await c.auth.passkey.list()).error)).toEqual(passkeyOff);
    expect(failure((await c.auth.passkey.delete({ passkeyId: randomUUID() })).error)).toEqual(passkeyOff);
    // an admin sees a user's passkeys whatever the switch (GoTrue): none can exist here
    const listed = await admin.auth.admin.passkey.listPasskeys({ userId });
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual([]);
    expect(failure((await admin.auth.admin.passkey.deletePasskey({ userId, passkeyId: randomUUID() })).error)).toEqual({
      status: 404,
      code: 'validation_failed',
      message: 'Passkey not found',
    });
    expect(failure((await admin.auth.admin.passkey.listPasskeys({ userId: randomUUID() })).error)).toMatchObject({ status: 404, code: 'user_not_found' });

    const webauthn = await c.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Key' } as never);
    expect(failure(webauthn.error)).toEqual({ status: 422, code: 'mfa_webauthn_enroll_not_enabled', message: 'MFA enroll is disabled for WebAuthn' });

    const oauthOff = { status: 404, code: 'feature_disabled', message: 'OAuth server is disabled' };
    const clientId = randomUUID();
    expect(failure((await admin.auth.admin.oauth.listClients()).error)).toEqual(oauthOff);
    expect(failure((await admin.auth.admin.oauth.createClient({ client_name: 'x', redirect_uris: ['http://localhost:3000/cb'] })).error)).toEqual(oauthOff);
    expect(failure((await admin.auth.admin.oauth.getClient(clientId)).error)).toEqual(oauthOff);
    expect(failure((await admin.auth.admin.oauth.updateClient(clientId, { client_name: 'y' })).error)).toEqual(oauthOff);
    expect(failure((await admin.auth.admin.oauth.deleteClient(clientId)).error)).toEqual(oauthOff);
    expect(failure((await admin.auth.admin.oauth.regenerateClientSecret(clientId)).error)).toEqual(oauthOff);
    expect(failure((await c.auth.oauth.getAuthorizationDetails('abc')).error)).toEqual(oauthOff);
    expect(failure((await c.auth.oauth.approveAuthorization('abc')).error)).toEqual(oauthOff);
    expect(failure((await c.auth.oauth.listGrants()).error)).toEqual(oauthOff);
    const metadata = await fetch(`${stack.url}/auth/v1/.well-known/oauth-authorization-server`, { headers: { apikey: stack.anonKey } });
    expect(metadata.status).toBe(404);
    expect(await metadata.json()).toMatchObject({ error_code: 'feature_disabled', msg: 'OAuth server is disabled' });
    // the admin endpoints stay behind the service-role gate
    const asMember = await fetch(`${stack.url}/auth/v1/admin/oauth/clients`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(asMember.status).toBe(403);
    expect(await asMember.json()).toMatchObject({ error_code: 'not_admin' });

    expect(failure((await admin.auth.admin.customProviders.listProviders()).error)).toEqual({
      status: 404,
      code: 'feature_disabled',
      message: 'Custom OAuth providers are disabled',
    });
  });
});

describe('storage', () => {
  const privateBucket = 'parity-private';
  const publicBucket = 'parity-public';
  let member: SupabaseClient;

  beforeAll(async () => {
    expect((await admin.storage.createBucket(privateBucket, { public: false })).error).toBeNull();
    expect((await admin.storage.createBucket(publicBucket, { public: true })).error).toBeNull();
    member = anonClient(stack);
    expect((await member.auth.signUp({ email: newEmail('storage'), password: PASSWORD })).error).toBeNull();
  });

  it('stores an image sent without a content type as storage-js sends it, and renders it by its bytes', async () => {
    const up = await admin.storage.from(publicBucket).upload('untyped/picture.png', PICTURE);
    expect(up.error).toBeNull();
    const info = await admin.storage.from(publicBucket).info('untyped/picture.png');
    expect(info.data!.contentType).toBe('text/plain;charset=UTF-8');

    const rendered = await admin.storage.from(publicBucket).download('untyped/picture.png', { transform: { width: 32, height: 24 } });
    expect(rendered.error).toBeNull();
    const meta = await sharp(Buffer.from(await rendered.data!.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ width: 32, height: 24 });
    const pub = await fetch(
      admin.storage.from(publicBucket).getPublicUrl('untyped/picture.png', { transform: { width: 16, format: 'origin' } }).data.publicUrl,
    );
    expect(pub.status).toBe(200);
    expect(pub.headers.get('content-type')).toBe('image/png');
    expect(pub.headers.get('x-transformations')).toBe('width:16,resizing_type:fill');
    // text stays text, whatever it is called
    expect((await admin.storage.from(publicBucket).upload('untyped/notes.png', Buffer.from('just some words'))).error).toBeNull();
    const text = await fetch(admin.storage.from(publicBucket).getPublicUrl('untyped/notes.png', { transform: { width: 16 } }).data.publicUrl);
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' });
  });

  it('createSignedUrl with a transform links to the rendered image, carrying the transform in its token', async () => {
    expect((await admin.storage.from(privateBucket).upload('signed/cover.png', PICTURE, { contentType: 'image/png' })).error).toBeNull();
    const signed = await admin.storage.from(privateBucket).createSignedUrl('signed/cover.png', 60, { transform: { width: 20, height: 20, resize: 'fill' } });
    expect(signed.error).toBeNull();
    expect(new URL(signed.data!.signedUrl).pathname).toBe(`/storage/v1/render/image/sign/${privateBucket}/signed/cover.png`);
    const res = await fetch(signed.data!.signedUrl, { headers: { accept: 'image/png' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-transformations')).toBe('height:20,width:20,resizing_type:force');
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ width: 20, height: 20, format: 'png' });
    // the transform is the token's: the query cannot change it, and the token is only for its object
    const token = new URL(signed.data!.signedUrl).searchParams.get('token')!;
    const bigger = await fetch(`${signed.data!.signedUrl}&width=60`, { headers: { accept: 'image/png' } });
    expect(await sharp(Buffer.from(await bigger.arrayBuffer())).metadata()).toMatchObject({ width: 20 });
    const other = await fetch(`${stack.url}/storage/v1/render/image/sign/${publicBucket}/untyped/picture.png?token=${token}`);
    expect(await other.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });

    // without a transform: the original, from /object/sign
    const plain = await admin.storage.from(privateBucket).createSignedUrl('signed/cover.png', 60);
    expect(new URL(plain.data!.signedUrl).pathname).toBe(`/storage/v1/object/sign/${privateBucket}/signed/cover.png`);
    expect(Buffer.from(await (await fetch(plain.data!.signedUrl)).arrayBuffer()).equals(PICTURE)).toBe(true);
  });

  it('listV2: folders and objects, flat listing, cursor paging, sorting, under the caller’s RLS', async () => {
    const bucket = admin.storage.from(privateBucket);
    const names = ['list/a.txt', 'list/b/1.txt', 'list/b/2.txt', 'list/b/c/3.txt', 'list/b.txt', 'list/d.txt', 'list/e_/x.txt', 'list/eX.txt'];
    for (const name of names) expect((await bucket.upload(name, Buffer.from(name), { contentType: 'text/plain' })).error).toBeNull();

    const top = await bucket.listV2({ prefix: 'list/', with_delimiter: true });
    expect(top.error).toBeNull();
    expect(top.data!.hasNext).toBe(false);
    expect(top.data!.nextCursor).toBeUndefined();
    expect(top.data!.folders.map((f) => f.name)).toEqual(['list/b/', 'list/e_/']);
    expect(top.data!.objects.map((o) => o.name)).toEqual(['list/a.txt', 'list/b.txt', 'list/d.txt', 'list/eX.txt']);
    expect(top.data!.folders[0]).toMatchObject({ key: 'b', id: null });
    expect(top.data!.objects[0]).toMatchObject({
      key: 'a.txt',
      id: expect.any(String),
      metadata: expect.objectContaining({ size: 10, mimetype: 'text/plain' }),
    });

    const sub = await bucket.listV2({ prefix: 'list/b/', with_delimiter: true });
    expect(sub.data!.folders.map((f) => f.name)).toEqual(['list/b/c/']);
    expect(sub.data!.objects.map((o) => o.name)).toEqual(['list/b/1.txt', 'list/b/2.txt']);
    // a prefix is literal text, and need not end at a folder
    expect((await bucket.listV2({ prefix: 'list/b', with_delimiter: true })).data!.objects.map((o) => o.name)).toEqual(['list/b.txt']);
    expect((await bucket.listV2({ prefix: 'list/e_' })).data!.objects.map((o) => o.name)).toEqual(['list/e_/x.txt']);

    const flat = await bucket.listV2({ prefix: 'list/' });
    expect(flat.data!.folders).toEqual([]);
    expect(flat.data!.objects.map((o) => o.name)).toEqual([...names].sort());

    // pages walk the same entries, a page's limit counting folders and objects together
    const walk = async (options: Parameters<typeof bucket.listV2>[0], limit: number) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const { data, error } = await bucket.listV2({ ...options, limit, cursor });
        expect(error).toBeNull();
        expect(data!.folders.length + data!.objects.length).toBeLessThanOrEqual(limit);
        seen.push(...[...data!.folders, ...data!.objects].map((e) => e.name));
        if (!data!.hasNext) return seen;
        cursor = data!.nextCursor;
        expect(cursor).toBeTruthy();
      }
      throw new Error('no last page');
    };
    expect(await walk({ prefix: 'list/', with_delimiter: true }, 1)).toEqual(['list/a.txt', 'list/b.txt', 'list/b/', 'list/d.txt', 'list/eX.txt', 'list/e_/']);
    expect(await walk({ prefix: 'list/', sortBy: { column: 'name', order: 'desc' } }, 3)).toEqual([...names].sort().reverse());
    expect(await walk({ prefix: 'list/', sortBy: { column: 'created_at', order: 'asc' } }, 3)).toEqual(names);
    expect(await walk({ prefix: 'list/', with_delimiter: true, sortBy: { column: 'created_at', order: 'desc' } }, 1)).toEqual([
      'list/eX.txt',
      'list/e_/',
      'list/d.txt',
      'list/b.txt',
      'list/b/',
      'list/a.txt',
    ]);

    const bad = await bucket.listV2({ prefix: 'list/', cursor: Buffer.from('nonsense').toString('base64') });
    expect(bad.error).toMatchObject({ statusCode: '400', message: 'Invalid Parameter continuation token' });
    // a member without a policy on this bucket lists nothing, not even folder names
    const asMember = await member.storage.from(privateBucket).listV2({ prefix: 'list/', with_delimiter: true });
    expect(asMember.error).toBeNull();
    expect(asMember.data).toMatchObject({ hasNext: false, folders: [], objects: [] });
    expect((await admin.storage.from('no-such-bucket').listV2()).error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('reads fileSizeLimit units as Storage does (1 MB = 1,000,000 bytes), getBucket answers Storage’s fields, emptyBucket its message', async () => {
    const id = 'parity-sizes';
    expect((await admin.storage.createBucket(id, { public: false, fileSizeLimit: '20mb' })).error).toBeNull();
    const got = await admin.storage.getBucket(id);
    expect(got.error).toBeNull();
    expect(got.data!.file_size_limit).toBe(20_000_000);
    expect(Object.keys(got.data!).sort()).toEqual(['allowed_mime_types', 'created_at', 'file_size_limit', 'id', 'name', 'owner', 'public', 'updated_at']);
    // the list still names each bucket's type, as Storage's does
    expect((await admin.storage.listBuckets()).data!.find((b) => b.id === id)).toMatchObject({ type: 'STANDARD' });
    expect((await admin.storage.updateBucket(id, { public: false, fileSizeLimit: '1.5KB' })).error).toBeNull();
    expect((await admin.storage.getBucket(id)).data!.file_size_limit).toBe(1500);
    const noUnit = await admin.storage.updateBucket(id, { public: false, fileSizeLimit: '1500' });
    expect(noUnit.error).toMatchObject({ statusCode: '400', message: expect.stringMatching(/use 20GB \/ 20MB \/ 30KB \/ 3B/) });
    expect((await admin.storage.from(id).upload('big.bin', Buffer.alloc(1501), { contentType: 'application/octet-stream' })).error).toMatchObject({
      statusCode: '413',
    });

    expect((await admin.storage.from(id).upload('small.txt', Buffer.from('hello'), { contentType: 'text/plain' })).error).toBeNull();
    const emptied = await admin.storage.emptyBucket(id);
    expect(emptied.error).toBeNull();
    expect(emptied.data).toEqual({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
    expect((await admin.storage.from(id).list()).data).toEqual([]);
    expect((await admin.storage.deleteBucket(id)).error).toBeNull();
  });
});
