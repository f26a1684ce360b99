import { href } from '../routes.ts';
/**
 * Where to go after signing in. Only same-site paths are accepted: an attacker must not
 * be able to craft a sign-in link that lands a fresh session on their own site.
 */
export const DEFAULT_AFTER_SIGN_IN = href('/patterns/my-patterns');

export function safeNextPath(value: string | null | undefined, fallback = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof value !== 'string' || value === '') return fallback;
  // One leading slash; not "//host" nor "/\host" (browsers read both as another host).
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // No control characters or backslashes anywhere (tabs and newlines are stripped by URL parsers).
  if (Array.from(value).some((ch) => ch <= '\u001f' || ch === '\u007f' || ch === '\\')) return fallback;
  try {
    const base = 'https://stitchhouse.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    // The auth pages themselves are no place to come back to.
    if (/^\/(sign-in|sign-up|sign-in-magic|expired-link)(\/|$)/.test(url.pathname)) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** `/sign-in?next=…` for a page that needs a user. */
export function signInHref(next: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ next: safeNextPath(next, '/'), ...extra });
  return href('/sign-in', params);
}
