// Project JWTs: HS256 with the shared secret (API keys, storage's signed URLs) and the ES256
// signing keys of user sessions; PostgREST, auth, storage and functions verify both.
import { randomUUID } from 'node:crypto';
import {
  SignJWT, createLocalJWKSet, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, jwtVerify, type JWK, type JWTPayload,
} from 'jose';

const encoder = new TextEncoder();

export async function signJwt(payload: JWTPayload, secret: string, expiresInSeconds?: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ ...payload }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' });
  if (payload.iat === undefined) jwt.setIssuedAt(now);
  if (expiresInSeconds !== undefined) jwt.setExpirationTime(now + expiresInSeconds);
  return jwt.sign(encoder.encode(secret));
}

/** Verifies signature and expiry; throws (jose errors: JWTExpired, JWSSignatureVerificationFailed, …) otherwise. */
export async function verifyJwt<T extends JWTPayload = JWTPayload>(token: string, secret: string): Promise<T> {
  const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] });
  return payload as T;
}

/** The long-lived anon and service_role API keys, legacy-style JWTs like a Supabase project's. */
export async function makeApiKeys(secret: string): Promise<{ anonKey: string; serviceRoleKey: string }> {
  const tenYears = 10 * 365 * 24 * 3600;
  const base = { iss: 'supabase', ref: 'local' };
  return {
    anonKey: await signJwt({ ...base, role: 'anon' }, secret, tenYears),
    serviceRoleKey: await signJwt({ ...base, role: 'service_role' }, secret, tenYears),
  };
}

// ---- Signing keys (asymmetric, as new hosted projects) ----
// User access tokens are signed ES256 with the first signing key and carry its kid; the others
// are earlier keys, still accepted and published until removed (rotation). HS256 with the
// secret stays accepted everywhere: the anon and service_role API keys are HS256 legacy keys,
// as on a hosted project that moved to signing keys, and `JWT_SIGNING_ALGORITHM=HS256` (older
// settings) signs sessions with the secret too.

/** What verifies a project JWT: the legacy secret and the signing keys (private JWKs, first signs). */
export interface ProjectKeys {
  jwtSecret: string;
  signingKeys?: JWK[];
  /** HS256: sessions are signed with the secret (signing keys unused). */
  jwtAlgorithm?: 'ES256' | 'HS256';
}

/** A new ES256 signing key as a private JWK with a kid (what `supabase gen signing-key` writes). */
export async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'ES256', use: 'sig' };
}

/** The public half of a signing key, as /.well-known/jwks.json lists it. */
export function publicJwk(jwk: JWK): JWK {
  const { d: _d, key_ops: _ops, ...rest } = jwk;
  return { ...rest, key_ops: ['verify'] };
}

const usesSigningKeys = (keys: ProjectKeys) => keys.jwtAlgorithm !== 'HS256' && (keys.signingKeys?.length ?? 0) > 0;

/** /.well-known/jwks.json: the public signing keys (none when sessions are HS256, as GoTrue). */
export function projectJwks(keys: ProjectKeys): { keys: JWK[] } {
  return { keys: usesSigningKeys(keys) ? keys.signingKeys!.map(publicJwk) : [] };
}

/** PostgREST's jwt-secret as a JWKS: the legacy secret (API keys, HS256 sessions) and the public signing keys. */
export function postgrestJwks(keys: ProjectKeys): string {
  const legacy: JWK = { kty: 'oct', k: Buffer.from(keys.jwtSecret, 'utf8').toString('base64url'), alg: 'HS256' };
  return JSON.stringify({ keys: [legacy, ...(keys.signingKeys ?? []).map(publicJwk)] });
}

const privateKeys = new WeakMap<JWK, Promise<CryptoKey | Uint8Array>>();
const verifiers = new WeakMap<JWK[], ReturnType<typeof createLocalJWKSet>>();

/** Signs a session's access token: ES256 with the current signing key, or HS256 with older settings. */
export async function signAccessToken(payload: JWTPayload, keys: ProjectKeys, expiresInSeconds: number): Promise<string> {
  if (!usesSigningKeys(keys)) return signJwt(payload, keys.jwtSecret, expiresInSeconds);
  const current = keys.signingKeys![0]!;
  let key = privateKeys.get(current);
  // WebCrypto takes only `sign` for a private EC key: a file's key_ops (the CLI writes sign+verify) would fail the import
  if (!key) privateKeys.set(current, (key = importJWK({ ...current, key_ops: undefined }, 'ES256')));
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...payload })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: current.kid! })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(await key);
}

/** Verifies any token of the project: HS256 with the secret, ES256 with a current or earlier signing key. */
export async function verifyProjectJwt<T extends JWTPayload = JWTPayload>(token: string, keys: ProjectKeys): Promise<T> {
  const { alg } = decodeProtectedHeader(token);
  if (alg === 'HS256' || !keys.signingKeys?.length) return verifyJwt<T>(token, keys.jwtSecret);
  let jwks = verifiers.get(keys.signingKeys);
  if (!jwks) verifiers.set(keys.signingKeys, (jwks = createLocalJWKSet({ keys: keys.signingKeys.map(publicJwk) })));
  const { payload } = await jwtVerify(token, jwks, { algorithms: ['ES256'] });
  return payload as T;
}
