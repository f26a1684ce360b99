// A member's language lives on their profile (emails go out in it; another device opens in it).
// Read as the member under row-level security (profiles: own row only); saved through
// @stitchhouse/shared/account/memberLocale.ts, which the profile's form saves through too.
import { getSupabase } from '@stitchhouse/shared';
import { isLocale, type Locale } from '@stitchhouse/shared/i18n/index.ts';

/** The saved language of the signed-in member, or null (none saved yet). */
export async function loadMemberLocale(userId: string): Promise<Locale | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('profiles').select('locale').eq('id', userId).maybeSingle();
  if (error) throw error;
  return isLocale(data?.locale) ? data.locale : null;
}
