// Who is calling: the bearer JWT verified with the project secret, or anon without one.
import { errors } from './errors.ts';
import { parseBearer } from '../../../shared/src/bearer.ts';
import { verifyProjectJwt, type ProjectKeys } from '../jwt.ts';
import type { JwtClaims } from '../db/claims.ts';

const requestRoles = new Set(['anon', 'authenticated', 'service_role']);

export async function requestClaims(authorization: string | undefined, keys: ProjectKeys): Promise<JwtClaims> {
  if (!authorization) return { role: 'anon' };
  const token = parseBearer(authorization);
  if (!token) throw errors.invalidJwt('Authorization header must be "Bearer <jwt>"');
  const claims = await verifyToken(token, keys);
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  // The pool is a superuser; only switch to the roles Supabase issues tokens for.
  if (!requestRoles.has(role)) throw errors.invalidJwt(`role "${role}" is not allowed`);
  return { ...claims, role };
}

/** Verifies a project token (HS256 key or ES256 session) and turns jose's failures into Storage's InvalidJWT messages. */
export async function verifyToken(token: string, keys: ProjectKeys | string): Promise<JwtClaims> {
  // a bare secret: storage's own HS256 tokens (signed URLs), never a session
  if (typeof keys === 'string') keys = { jwtSecret: keys };
  try {
    return (await verifyProjectJwt(token, keys)) as JwtClaims;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ERR_JWT_EXPIRED') throw errors.invalidJwt('jwt expired');
    if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') throw errors.invalidJwt('invalid signature');
    throw errors.invalidJwt('jwt malformed');
  }
}
