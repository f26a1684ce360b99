// Bucket ids and object names, validated before they reach SQL or the disk.
// Object names follow Supabase (S3-safe characters plus unicode letters); on top of that
// anything that could escape the bucket folder on disk is refused outright.
import { errors } from './errors.ts';

const bucketNamePattern = /^[\w!\-.*'() &$@=;:+,?]+$/;
// Letters and digits of any script, plus the punctuation Supabase accepts in keys.
const keyPattern = /^[\p{L}\p{N}\p{M}_/!\-.*'() &$@=;:+,?]+$/u;
const maxKeyBytes = 1024;

export function assertBucketId(id: unknown): string {
  if (typeof id !== 'string' || id.length === 0 || id.length > 100 || !bucketNamePattern.test(id) || id === '.' || id === '..') {
    throw errors.invalidBucketName(String(id));
  }
  return id;
}

export function assertObjectName(name: unknown): string {
  if (typeof name !== 'string' || !isSafeObjectName(name)) throw errors.invalidKey(String(name));
  return name;
}

export function isSafeObjectName(name: string): boolean {
  if (name.length === 0 || Buffer.byteLength(name) > maxKeyBytes) return false;
  if (!keyPattern.test(name)) return false; // control chars, backslashes, NUL, %…
  if (name.startsWith('/')) return false;
  // Empty segments (a//b, trailing /) and dot segments could alias or escape folders.
  return name.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** A folder prefix for list(): '' or segments that are each a valid object-name segment. */
export function assertPrefix(prefix: string): string {
  const trimmed = prefix.replace(/^\/+/, '');
  if (trimmed === '') return '';
  const withoutSlash = trimmed.endsWith('/') ? trimmed.slice(0, -1) : trimmed;
  if (!isSafeObjectName(withoutSlash)) throw errors.invalidKey(prefix);
  return `${withoutSlash}/`;
}
