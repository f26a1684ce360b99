// Guest checkout (anonymous sign-ins): a buyer without an account gets an anonymous session to
// pay with; later updateUser({ email, password }) turns that same user into a member, so the
// orders and patterns stay theirs (the email link confirms the address).
import { describeError, getSupabase, href } from '@stitchhouse/shared';

/** Signs this browser in as a guest; the checkout then runs as for members. */
export async function startGuestSession(): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.signInAnonymously();
  if (error) throw new Error(describeError(error).message);
}

/** Asks to make the guest a member with this address and password; the email link finishes it. */
export async function saveGuestAccount(email: string, password: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.updateUser({ email, password }, { emailRedirectTo: `${window.location.origin}${href('/patterns/my-patterns')}` });
  if (error) throw new Error(describeError(error).message);
}
