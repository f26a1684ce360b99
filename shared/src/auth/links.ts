/**
 * Email links. Every link we ask the auth server to send comes back to one of our
 * pages with `?link=<kind>` (and `next` where it matters), so that when the server
 * answers with an error instead of a session we still know which kind of link failed
 * and can offer a fresh one of the same kind.
 */
import { href } from '../routes.ts';
import { safeNextPath } from './next.ts';

export const LINK_KINDS = ['signup', 'magiclink', 'recovery'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export function isLinkKind(value: unknown): value is LinkKind {
  return typeof value === 'string' && (LINK_KINDS as readonly string[]).includes(value);
}

/** The page each kind of link lands on. */
const LANDING: Record<LinkKind, string> = {
  signup: href('/sign-up/thank-you'),
  magiclink: href('/sign-in/thank-you'),
  recovery: href('/change-password'),
};

/** Absolute redirect_to for an email link of `kind`, on this site. */
export function emailRedirectUrl(origin: string, kind: LinkKind, next?: string | null): string {
  const url = new URL(LANDING[kind], origin);
  url.searchParams.set('link', kind);
  if (next) url.searchParams.set('next', safeNextPath(next));
  return url.toString();
}

export interface LinkError {
  /** GoTrue's error code (otp_expired, flow_state_expired, …) or the OAuth error name. */
  code: string;
  description: string;
  kind: LinkKind | null;
  next: string | null;
}

/**
 * An auth error the server put in the URL after a failed email link: GoTrue writes
 * `error`, `error_code` and `error_description` into the hash (implicit flow) and the
 * query (PKCE). Null when the URL carries none.
 */
export function linkErrorFromUrl(href: string): LinkError | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const query = url.searchParams;
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  // error_code, not just error: other pages (payments, downloads) may use an `error` parameter of their own.
  const code = query.get('error_code') ?? hash.get('error_code');
  if (!code) return null;
  const kind = query.get('link');
  const next = query.get('next');
  return {
    code,
    description: query.get('error_description') ?? hash.get('error_description') ?? '',
    kind: isLinkKind(kind) ? kind : null,
    next: next ? safeNextPath(next) : null,
  };
}

/** Link errors that mean "this link cannot be used any more: ask for a new one". */
export function isExpiredLinkError(error: LinkError): boolean {
  return ['otp_expired', 'flow_state_expired', 'flow_state_not_found', 'bad_code_verifier', 'access_denied'].includes(error.code);
}

/** `/expired-link?link=…&next=…` for a failed link. */
export function expiredLinkHref(error: Pick<LinkError, 'kind' | 'next'>): string {
  return href('/expired-link', { link: error.kind, next: error.next || undefined });
}
