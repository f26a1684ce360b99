// Signed download URLs: an HS256 JWT {url: "<bucket>/<name>", signer, iat, exp} signed with
// the project secret. Supabase's token is {url, iat, exp} and grants the read by itself for as
// long as the signer asked (years, if asked). Ours is capped at an hour and carries the signer's
// claims, so each use re-runs the RLS read as the signer: a refund or a lost store kills it.
import type { JwtClaims } from '../db/claims.ts';
import { signJwt } from '../jwt.ts';
import { verifyToken } from './claims.ts';
import { errors } from './errors.ts';

/** Longest life of a signed download URL (seconds). Longer requests are refused, not clamped. */
export const maxSignedUrlLifetime = 60 * 60;

/** Claims that describe the token itself, not the person: not carried into a signed URL. */
const tokenOnlyClaims = new Set(['iat', 'exp', 'nbf', 'jti']);
const signerRoles = new Set(['anon', 'authenticated', 'service_role']);

export function assertSignedUrlLifetime(expiresIn: number): void {
  if (expiresIn > maxSignedUrlLifetime) {
    throw errors.invalidRequest(`expiresIn must be at most ${maxSignedUrlLifetime} seconds (1 hour); sign a new URL when it runs out`);
  }
}

/** Storage's claims of a signed link with a transform: the transform (its words) and the output format. */
export interface SignedTransform {
  transformations?: string;
  format?: string;
}

export async function signDownloadToken(
  bucket: string,
  name: string,
  expiresIn: number,
  signer: JwtClaims,
  secret: string,
  transform: SignedTransform = {},
): Promise<string> {
  assertSignedUrlLifetime(expiresIn);
  const carried = Object.fromEntries(Object.entries(signer).filter(([claim]) => !tokenOnlyClaims.has(claim)));
  // url and signer last: nothing of the transform can stand in for them
  return signJwt({ ...transform, url: `${bucket}/${name}`, signer: carried }, secret, expiresIn);
}

/** Checks the token for this object and returns the signer's claims (to re-check the read as them) and its transform. */
export async function verifyDownloadToken(token: string, bucket: string, name: string, secret: string): Promise<{ signer: JwtClaims } & SignedTransform> {
  const payload = await verifyToken(token, secret);
  // An API key or session token is signed with the same secret: it has no url and fails here.
  if (payload.url !== `${bucket}/${name}`) throw errors.invalidSignature('The url do not match the signature');
  // Upload tokens carry "upsert"; they grant a write, never a read.
  if ('upsert' in payload) throw errors.invalidSignature('The token is an upload token');
  if (payload.scope !== undefined && payload.scope !== 'download') throw errors.invalidSignature('The token is not a download token');
  if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number') throw errors.invalidJwt('The signed URL token has no expiry');
  // Tokens from before the cap (no signer, or years long) are refused outright.
  const signer = payload.signer as JwtClaims | undefined;
  if (!signer || typeof signer !== 'object' || Array.isArray(signer) || !signerRoles.has(String(signer.role ?? ''))) {
    throw errors.invalidSignature('This signed URL is no longer accepted; ask for a new one');
  }
  if (payload.exp - payload.iat > maxSignedUrlLifetime) throw errors.invalidSignature('This signed URL is no longer accepted; ask for a new one');
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  return { signer, transformations: text(payload.transformations), format: text(payload.format) };
}

/** Signed upload URLs last two hours, like Supabase's. */
export const uploadTokenLifetime = 2 * 60 * 60;

export interface UploadToken {
  owner: string | null;
  upsert: boolean;
}

export async function signUploadToken(bucket: string, name: string, token: UploadToken, secret: string): Promise<string> {
  return signJwt({ url: `${bucket}/${name}`, owner: token.owner ?? undefined, upsert: token.upsert }, secret, uploadTokenLifetime);
}

export async function verifyUploadToken(token: string, bucket: string, name: string, secret: string): Promise<UploadToken> {
  const payload = await verifyToken(token, secret);
  if (payload.url !== `${bucket}/${name}`) throw errors.invalidSignature('The url do not match the signature');
  if (typeof payload.upsert !== 'boolean') throw errors.invalidSignature('The token is not an upload token');
  return { owner: typeof payload.owner === 'string' ? payload.owner : null, upsert: payload.upsert };
}
