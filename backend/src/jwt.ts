// Project JWTs: HS256 with the shared secret (API keys, storage's signed URLs) and the ES256
// signing keys of user sessions; PostgREST, auth, storage and functions verify both.
import { randomUUID } from 'node:crypto';
import { SignJWT, createLocalJWKSet, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, jwtVerify, type JWK, type JWTPayload } from 'jose';

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
// User access tokens are signed with the first signing key, in the algorithm its `alg` names
// (ES256, RS256, or HS256 for a symmetric "oct" key, as GoTrue's GetSigningAlg), and carry its
// kid; the others are earlier keys, still accepted and published until removed (rotation).
// HS256 with the secret stays accepted everywhere: the anon and service_role API keys are HS256
// legacy keys, as on a hosted project that moved to signing keys, and `JWT_SIGNING_ALGORITHM=HS256`
// (older settings) signs sessions with the secret too.

/** What verifies a project JWT: the legacy secret and the signing keys (private JWKs, first signs). */
export interface ProjectKeys {
  jwtSecret: string;
  signingKeys?: JWK[];
  /** HS256: sessions are signed with the secret (signing keys unused). */
  jwtAlgorithm?: 'ES256' | 'HS256';
}

/** The algorithms a signing key may have, each with the key type it needs. */
const SIGNING_ALGORITHMS = { ES256: 'EC', RS256: 'RSA', HS256: 'oct' } as const;
export type SigningAlgorithm = keyof typeof SIGNING_ALGORITHMS;
const asymmetric: SigningAlgorithm[] = ['ES256', 'RS256'];

/** A signing key's algorithm: its `alg`; an "oct" key without one is HS256, as GoTrue reads it. */
export function signingAlgorithm(jwk: JWK): SigningAlgorithm {
  const alg = jwk.alg ?? (jwk.kty === 'oct' ? 'HS256' : undefined);
  if (!alg) throw new Error(`has no "alg"; give it "ES256" (an EC P-256 key) or "RS256" (an RSA key)`);
  if (!(alg in SIGNING_ALGORITHMS)) throw new Error(`has "alg": "${alg}"; the algorithms that sign sessions are ${Object.keys(SIGNING_ALGORITHMS).join(', ')}`);
  const kty = SIGNING_ALGORITHMS[alg as SigningAlgorithm];
  if (jwk.kty !== kty) throw new Error(`is a "${jwk.kty}" key but "alg" is ${alg}, which needs a "${kty}" key`);
  if (alg === 'ES256' && jwk.crv !== 'P-256') throw new Error(`is ES256 on curve "${jwk.crv}"; ES256 needs P-256`);
  return alg as SigningAlgorithm;
}

/** A new ES256 signing key as a private JWK with a kid (what `supabase gen signing-key` writes). */
export async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'ES256', use: 'sig' };
}

/** The public members of each key type (RFC 7518 §6); everything else of a private JWK stays private. */
const PUBLIC_MEMBERS: Record<string, readonly string[]> = { EC: ['crv', 'x', 'y'], RSA: ['n', 'e'] };

/** The public half of an asymmetric signing key, as /.well-known/jwks.json lists it (no d, p, q, dp, dq, qi). */
export function publicJwk(jwk: JWK): JWK {
  const members = PUBLIC_MEMBERS[jwk.kty ?? ''];
  if (!members) throw new Error(`a "${jwk.kty}" key has no public half`);
  const out: JWK = { kty: jwk.kty };
  for (const name of [...members, 'kid', 'alg', 'use'] as const) {
    const value = (jwk as Record<string, unknown>)[name];
    if (value !== undefined) (out as Record<string, unknown>)[name] = value;
  }
  return { ...out, key_ops: ['verify'] };
}

const isAsymmetric = (jwk: JWK) => jwk.kty !== 'oct';
const usesSigningKeys = (keys: ProjectKeys) => keys.jwtAlgorithm !== 'HS256' && (keys.signingKeys?.length ?? 0) > 0;

/** /.well-known/jwks.json: the public signing keys; never a symmetric one (none when sessions are HS256, as GoTrue). */
export function projectJwks(keys: ProjectKeys): { keys: JWK[] } {
  return { keys: usesSigningKeys(keys) ? keys.signingKeys!.filter(isAsymmetric).map(publicJwk) : [] };
}

/** A symmetric signing key for a verifier that holds secrets (PostgREST): its k, kid and alg. */
const secretJwk = (jwk: JWK): JWK => ({ kty: 'oct', k: jwk.k, kid: jwk.kid, alg: 'HS256' });

/** PostgREST's jwt-secret as a JWKS: the legacy secret (API keys, HS256 sessions) and the signing keys it verifies with. */
export function postgrestJwks(keys: ProjectKeys): string {
  const legacy: JWK = { kty: 'oct', k: Buffer.from(keys.jwtSecret, 'utf8').toString('base64url'), alg: 'HS256' };
  const signing = (keys.signingKeys ?? []).map((k) => (isAsymmetric(k) ? publicJwk(k) : secretJwk(k)));
  return JSON.stringify({ keys: [legacy, ...signing] });
}

const privateKeys = new WeakMap<JWK, Promise<CryptoKey | Uint8Array>>();
const verifiers = new WeakMap<JWK[], ReturnType<typeof createLocalJWKSet>>();

function signingKeyOf(jwk: JWK): Promise<CryptoKey | Uint8Array> {
  let key = privateKeys.get(jwk);
  // WebCrypto takes only `sign` for a private key: a file's key_ops (the CLI writes sign+verify) would fail the import
  if (!key) privateKeys.set(jwk, (key = importJWK({ ...jwk, key_ops: undefined, ext: undefined }, signingAlgorithm(jwk))));
  return key;
}

/** Signs a session's access token with the current signing key (its algorithm), or HS256 with older settings. */
export async function signAccessToken(payload: JWTPayload, keys: ProjectKeys, expiresInSeconds: number): Promise<string> {
  if (!usesSigningKeys(keys)) return signJwt(payload, keys.jwtSecret, expiresInSeconds);
  const current = keys.signingKeys![0]!;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...payload })
    .setProtectedHeader({ alg: signingAlgorithm(current), typ: 'JWT', kid: current.kid! })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(await signingKeyOf(current));
}

/**
 * Verifies any token of the project: HS256 with the secret (or with a symmetric signing key its
 * kid names), ES256 and RS256 with a current or earlier signing key.
 */
export async function verifyProjectJwt<T extends JWTPayload = JWTPayload>(token: string, keys: ProjectKeys): Promise<T> {
  const { alg, kid } = decodeProtectedHeader(token);
  if (alg === 'HS256' || !keys.signingKeys?.length) {
    const symmetric = kid !== undefined ? keys.signingKeys?.find((k) => k.kty === 'oct' && k.kid === kid) : undefined;
    if (!symmetric) return verifyJwt<T>(token, keys.jwtSecret);
    const { payload } = await jwtVerify(token, await signingKeyOf(symmetric), { algorithms: ['HS256'] });
    return payload as T;
  }
  let jwks = verifiers.get(keys.signingKeys);
  if (!jwks) verifiers.set(keys.signingKeys, (jwks = createLocalJWKSet({ keys: keys.signingKeys.filter(isAsymmetric).map(publicJwk) })));
  const { payload } = await jwtVerify(token, jwks, { algorithms: asymmetric });
  return payload as T;
}

/**
 * Refuses, at start, signing keys sessions could not be signed or checked with: each key's alg
 * and type must agree (signingAlgorithm), the first must hold its private part and sign a token
 * its public half verifies (an RSA modulus under 2048 bits fails here, as WebCrypto refuses it).
 */
export async function assertUsableSigningKeys(signingKeys: JWK[], source: string): Promise<void> {
  const seen = new Set<string>();
  for (const [index, jwk] of signingKeys.entries()) {
    const name = `${source}: signing key ${index + 1}${jwk.kid ? ` ("${jwk.kid}")` : ''}`;
    try {
      if (!jwk.kid) throw new Error('has no "kid"');
      if (seen.has(jwk.kid)) throw new Error('has the same "kid" as an earlier key');
      seen.add(jwk.kid);
      const alg = signingAlgorithm(jwk);
      if (index === 0) {
        if (alg === 'HS256' ? !jwk.k : !jwk.d) throw new Error('is the key that signs sessions but holds no private part ("d" / "k")');
        const probe = await new SignJWT({ probe: true }).setProtectedHeader({ alg, kid: jwk.kid }).sign(await signingKeyOf(jwk));
        const check = alg === 'HS256' ? await signingKeyOf(jwk) : await importJWK(publicJwk(jwk), alg);
        await jwtVerify(probe, check, { algorithms: [alg] });
      } else {
        await importJWK(alg === 'HS256' ? secretJwk(jwk) : publicJwk(jwk), alg);
      }
    } catch (err) {
      throw new Error(`${name} cannot be used: ${(err as Error).message}`, { cause: err });
    }
  }
}
