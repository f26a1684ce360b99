// Deleting the account: the delete-account function re-authenticates and closes it.
import { getSupabase } from '@stitchhouse/shared';
import { markSignOutIntended } from '@stitchhouse/shared/auth/index.ts';
import type { DeleteAccountAnswer } from '@stitchhouse/shared/contracts/delete-account.ts';
import { invokeFunction } from '@stitchhouse/shared/functions.ts';

export async function deleteAccount(password: string, code: string | null): Promise<void> {
  // a refusal (wrong password, code needed…) is a FunctionCallError with the function's words
  await invokeFunction<DeleteAccountAnswer>('delete-account', code ? { password, code } : { password });
  const supabase = await getSupabase();
  // The server has ended every session; forget this one here too, without the "signed out" notice.
  markSignOutIntended();
  await supabase.auth.signOut({ scope: 'local' });
}
