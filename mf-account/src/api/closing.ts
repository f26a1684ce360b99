// Deleting the account: the delete-account function re-authenticates and closes it.
import { getSupabase } from '@stitchhouse/shared';
import { markSignOutIntended } from '@stitchhouse/shared/auth/index.ts';

export async function deleteAccount(password: string, code: string | null): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.functions.invoke('delete-account', { body: code ? { password, code } : { password } });
  if (error) {
    const context = (error as { context?: Response }).context;
    const body = context ? ((await context.json().catch(() => null)) as { message?: string } | null) : null;
    throw Object.assign(new Error(body?.message ?? 'Your account could not be deleted. Please try again.'), { code: 'P0001' });
  }
  // The server has ended every session; forget this one here too, without the "signed out" notice.
  markSignOutIntended();
  await supabase.auth.signOut({ scope: 'local' });
}
