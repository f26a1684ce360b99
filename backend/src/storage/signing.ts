// Signed download URLs: an HS256 JWT {url: "<bucket>/<name>", iat, exp} signed with the
// project secret, exactly what Supabase Storage issues, so the URL alone grants the read.
import { signJwt } from '../jwt.ts';
import { verifyToken } from './claims.ts';
import { errors } from './errors.ts';

export async function signDownloadToken(bucket: string, name: string, expiresIn: number, secret: string): Promise<string> {
  return signJwt({ url: `${bucket}/${name}` }, secret, expiresIn);
}

export async function verifyDownloadToken(token: string, bucket: string, name: string, secret: string): Promise<void> {
  const payload = await verifyToken(token, secret);
  // An API key or session token is signed with the same secret: it has no url and fails here.
  if (payload.url !== `${bucket}/${name}`) throw errors.invalidSignature('The url do not match the signature');
  // Upload tokens carry "upsert"; they grant a write, never a read.
  if ('upsert' in payload) throw errors.invalidSignature('The token is an upload token');
  if (payload.scope !== undefined && payload.scope !== 'download') throw errors.invalidSignature('The token is not a download token');
  if (typeof payload.exp !== 'number') throw errors.invalidJwt('The signed URL token has no expiry');
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
