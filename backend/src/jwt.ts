// HS256 JWTs with the shared secret: the same tokens PostgREST, auth and storage verify.
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

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
