// Supabase Storage's error envelope: HTTP 400 for every client error, the real status in
// the body as a string ({statusCode:'404', code:'NoSuchKey', error, message}); 500 for
// server faults. storage-js reads statusCode/code/message from this body.
import type { Context } from 'hono';

export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  accessDenied: (message = 'new row violates row-level security policy') => new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  duplicate: () => new StorageError(409, 'ResourceAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketNotEmpty: () => new StorageError(409, 'InvalidRequest', 'Bucket not empty', 'The bucket you tried to delete is not empty'),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: (message: string) => new StorageError(400, 'InvalidSignature', 'InvalidSignature', message),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'Invalid Input', `Invalid key: ${key}`),
  invalidBucketName: (name: string) => new StorageError(400, 'InvalidBucketName', 'Invalid Input', `Bucket name invalid: ${name}`),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'Invalid Input', message),
  invalidParameter: (parameter: string) => new StorageError(400, 'InvalidParameter', 'Invalid Input', `Invalid Parameter ${parameter}`),
  entityTooLarge: () => new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidMimeType: (mimeType: string, why?: string) =>
    new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimeType} is not supported${why ? `: ${why}` : ''}`),
  /** Image transformations: the object is not an image libvips reads, or is too big to render. */
  notAnImage: (mimeType: string, why?: string) =>
    new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `An object of type ${mimeType} cannot be transformed${why ? `: ${why}` : ''}`),
  imageTooLarge: (why: string) => new StorageError(413, 'EntityTooLarge', 'Payload too large', `The image cannot be transformed: ${why}`),
  /** The bytes do not back the declared type, or the type is active content (checked on upload). */
  contentRefused: (mimeType: string, reason: string) =>
    new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `The file's content does not match its type ${mimeType}: ${reason}`),
};

/** Maps a Postgres error raised under the caller's role to the envelope Supabase uses. */
export function fromPgError(err: unknown): StorageError | undefined {
  const { code, message, hint } = (err ?? {}) as { code?: unknown; message?: unknown; hint?: unknown };
  // A refusal a policy raises in words (it carries a hint, e.g. public.require_mfa()'s "enter a
  // code from your authenticator app first") keeps its words; Postgres's own denials have no hint.
  if (code === '42501' && typeof hint === 'string' && hint && typeof message === 'string') return errors.accessDenied(message);
  if (code === '42501') return errors.accessDenied();
  if (code === '23505') return errors.duplicate();
  if (code === '23503') return errors.noSuchBucket();
  return undefined;
}

export function errorResponse(c: Context, err: StorageError): Response {
  return c.json({ statusCode: String(err.statusCode), code: err.code, error: err.error, message: err.message }, err.statusCode >= 500 ? 500 : 400);
}
