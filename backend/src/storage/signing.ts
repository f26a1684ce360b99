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
  if (payload.scope !== undefined && payload.scope !== 'download') throw errors.invalidSignature('The token is not a download token');
  if (typeof payload.exp !== 'number') throw errors.invalidJwt('The signed URL token has no expiry');
}
