// Where the links in newsletter mail point. The page that asked (its Origin) when that origin
// is allowed, else SITE_URL: a forged Origin must never put someone else's site in our mail.
import { env, requireEnv } from '../_shared/env.ts';
import { siteLink } from '@stitchhouse/shared/routes.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Allowed: the SITE_URL origin, the origins in NEWSLETTER_ALLOWED_ORIGINS (comma-separated,
 * e.g. a staging site), and, when SITE_URL itself is on this machine (development and tests),
 * any loopback origin, since the apps then run on whatever port was free.
 */
export function isAllowedOrigin(origin: string, siteUrl: string, extra: string | undefined): boolean {
  const candidate = originOf(origin);
  const site = originOf(siteUrl);
  if (!candidate) return false;
  if (candidate === site) return true;
  const listed = (extra ?? '')
    .split(',')
    .map((s) => originOf(s.trim()))
    .filter((s): s is string => s !== null);
  if (listed.includes(candidate)) return true;
  return site !== null && LOOPBACK.has(new URL(site).hostname) && LOOPBACK.has(new URL(candidate).hostname);
}

/** The site origin the mailed links start with, for this request. */
export function linkBase(req: Request): string {
  const siteUrl = requireEnv('SITE_URL');
  const origin = req.headers.get('origin');
  if (origin && isAllowedOrigin(origin, siteUrl, env('NEWSLETTER_ALLOWED_ORIGINS'))) return originOf(origin)!;
  return siteUrl.replace(/\/+$/, '');
}

export function confirmLink(base: string, token: string): string {
  return siteLink(base, '/newsletter', {}, { confirm: token });
}

export function unsubscribeLink(base: string, token: string): string {
  return siteLink(base, '/newsletter', {}, { unsubscribe: token });
}
