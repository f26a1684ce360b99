// Per-bucket upload rules: maximum size and allowed content types (wildcards like image/*).
import { errors } from './errors.ts';

/**
 * Hard ceiling for any upload, like hosted Supabase's project-wide limit. Set above the
 * largest bucket limit the app's migrations use (pattern files allow 200 MB).
 */
export const globalFileSizeLimit = 500 * 1024 * 1024;

/** Storage's units are decimal (parseFileSizeToBytes): 1 MB is 1,000,000 bytes, 1 KB 1,000. */
const units: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 };

/**
 * Bytes as a number, or a size with its unit like "20MB" / "1.5gb" (storage-js sends both), read
 * as Storage reads it: decimal units, the number rounded to 3 significant digits. A string
 * without a unit is refused, as Storage refuses it.
 */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  if (typeof value === 'string') {
    const match = /^(\d+(?:\.\d+)?)(gb|mb|kb|b)$/i.exec(value.trim());
    if (match) return Math.round(Number(Number.parseFloat(match[1]!).toPrecision(3)) * units[match[2]!.toLowerCase()]!);
  }
  throw errors.invalidRequest(
    `file_size_limit must be a number of bytes or a size like "20MB", got ${JSON.stringify(value)} (Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B)`,
  );
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
