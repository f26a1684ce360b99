// Per-bucket upload rules: maximum size and allowed content types (wildcards like image/*).
import { errors } from './errors.ts';

/**
 * Hard ceiling for any upload, like hosted Supabase's project-wide limit. Set above the
 * largest bucket limit the app's migrations use (pattern files allow 200 MB).
 */
export const globalFileSizeLimit = 500 * 1024 * 1024;

const units: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** Accepts bytes as a number or a string like "5MB" (both are sent by storage-js callers). */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (typeof value === 'string') {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value);
    if (match) return Math.floor(Number(match[1]) * units[(match[2] ?? 'b').toLowerCase()]!);
  }
  throw errors.invalidRequest(`file_size_limit must be a number of bytes or a size like "5MB", got ${JSON.stringify(value)}`);
}

export function effectiveSizeLimit(bucketLimit: string | number | null): number {
  const limit = bucketLimit === null ? null : Number(bucketLimit);
  return limit === null || limit <= 0 ? globalFileSizeLimit : Math.min(limit, globalFileSizeLimit);
}

const mimePattern = /^[\w.+-]+\/([\w.+-]+|\*)$/;

export function parseAllowedMimeTypes(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && mimePattern.test(v.trim()))) {
    throw errors.invalidRequest('allowed_mime_types must be a list of types like "image/png" or "image/*"');
  }
  return value.map((v: string) => v.trim().toLowerCase());
}

/** Throws InvalidMimeType unless the bucket allows this content type. */
export function assertMimeTypeAllowed(contentType: string, allowed: string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const essence = contentType.split(';')[0]!.trim().toLowerCase();
  const [type] = essence.split('/');
  const ok = allowed.some((rule) => rule === essence || rule === '*/*' || (rule.endsWith('/*') && rule.slice(0, -2) === type));
  if (!ok) throw errors.invalidMimeType(essence);
}

/** A move or copy into another bucket must satisfy that bucket's rules too. */
export function assertFitsBucket(
  object: { size: number; mimetype: string },
  bucket: { file_size_limit: string | number | null; allowed_mime_types: string[] | null },
): void {
  assertMimeTypeAllowed(object.mimetype, bucket.allowed_mime_types);
  if (object.size > effectiveSizeLimit(bucket.file_size_limit)) throw errors.entityTooLarge();
}
