// Referral links: a visit with ?ref=CODE is recorded server-side (record_referral_click,
// anon RPC) and remembered in this browser, last click wins, for REFERRAL_ATTRIBUTION_DAYS. Checkout
// sends the remembered click; the server re-checks code, window and reseller (attach_order_referral).
// No zod here: the shell captures links on every page and must stay light.
import { REFERRAL_ATTRIBUTION_DAYS } from '../pricing.ts';

export const REFERRAL_STORAGE_KEY = 'stitchhouse.referral.v1';
/** The database's rule (referral_codes_code_format), after trimming and upper-casing. */
export const REFERRAL_CODE_FORMAT = /^[A-Z0-9]{4,16}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

export interface RememberedReferral {
  code: string;
  clickId: string;
  /** ISO time of the click. */
  clickedAt: string;
}

/** The referral code of a URL's query (?ref=code, any case), or null when there is none or it cannot be one. */
export function referralCodeFrom(search: string): string | null {
  const raw = new URLSearchParams(search).get('ref');
  const code = raw?.trim().toUpperCase() ?? '';
  return REFERRAL_CODE_FORMAT.test(code) ? code : null;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled: links still count as clicks, nothing is remembered
  }
}

/** The click to attribute a purchase to: the last one, if it is still within the window. */
export function rememberedReferral(now: number = Date.now()): RememberedReferral | null {
  const store = storage();
  const raw = store?.getItem(REFERRAL_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<RememberedReferral>;
    const at = Date.parse(String(value.clickedAt));
    if (
      typeof value.code === 'string' &&
      REFERRAL_CODE_FORMAT.test(value.code) &&
      typeof value.clickId === 'string' &&
      UUID.test(value.clickId) &&
      Number.isFinite(at) &&
      now - at <= REFERRAL_ATTRIBUTION_DAYS * DAY_MS
    ) {
      return { code: value.code, clickId: value.clickId, clickedAt: new Date(at).toISOString() };
    }
  } catch {
    // a tampered or foreign value: forgotten below
  }
  store?.removeItem(REFERRAL_STORAGE_KEY);
  return null;
}

/** Remembers a recorded click; a later click replaces an earlier one (last click wins). */
export function rememberReferral(referral: RememberedReferral): void {
  storage()?.setItem(REFERRAL_STORAGE_KEY, JSON.stringify(referral));
}

type ClickRecorder = { rpc: (fn: string, args: Record<string, unknown>) => PromiseLike<{ data: unknown; error: unknown }> };

/**
 * Records the ?ref= of this URL (once per page load) and remembers it. An unknown or unapproved
 * code is answered with null by the database and changes nothing here: an earlier valid click stays.
 */
export async function captureReferral(
  url: { search: string; pathname: string },
  client: () => Promise<ClickRecorder>,
  now: () => number = Date.now,
): Promise<RememberedReferral | null> {
  const code = referralCodeFrom(url.search);
  if (!code) return null;
  const { data, error } = await (await client()).rpc('record_referral_click', { code, path: url.pathname });
  if (error || typeof data !== 'string' || !UUID.test(data)) return null;
  const referral = { code, clickId: data, clickedAt: new Date(now()).toISOString() };
  rememberReferral(referral);
  return referral;
}

/** A link to any Stitchhouse page that carries the reseller's code. */
export function referralLink(origin: string, path: string, code: string): string {
  const url = new URL(path, origin);
  url.searchParams.set('ref', code);
  return url.toString();
}
