// A member's language lives on their profile: emails go out in it, another device opens in it, and
// the billing customers of their stores carry it (Stripe words renewal invoices and receipts in it).
// The header's language control (shell) and the profile's language form (mf-account) both save here.
import type { Locale } from '../i18n/locales.ts';
import { memberOnceKnown } from '../session.ts';
import { getSupabase } from '../supabase.ts';

/** 503 payments_unavailable: a server without payments has no billing customers to follow. */
const NO_PAYMENTS = 503;

/**
 * Saves `locale` on the signed-in member's profile (profiles_update_own: their own row; the
 * database takes only the five languages), then has the billing function carry it to the billing
 * customers of the stores they own, when they own one. Nothing for a visitor (their cookie holds it).
 */
export async function saveMemberLocale(locale: Locale): Promise<void> {
  const userId = await memberOnceKnown();
  if (!userId) return;
  const supabase = await getSupabase();
  const [saved, stores] = await Promise.all([
    supabase.from('profiles').update({ locale }).eq('id', userId),
    supabase.from('stores').select('id', { count: 'exact', head: true }).eq('owner_id', userId),
  ]);
  if (saved.error) throw saved.error;
  // a member without a store has no billing customer: no function call (a cold start) for nothing
  if (!stores.error && stores.count === 0) return;
  const followed = await supabase.functions.invoke('billing', { body: { action: 'language' } });
  const status = (followed.error as { context?: Response } | null)?.context?.status;
  if (followed.error && status !== NO_PAYMENTS) throw followed.error;
}
