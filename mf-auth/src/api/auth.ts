// mf-auth's calls to the auth server, always through the page's one Supabase client.
// Each throws the auth-js error it got, so screens show it through describeError().
import type { Session, User } from '@supabase/supabase-js';
import { activeLocale } from '@stitchhouse/shared/i18n/index.ts';
import { getSupabase } from '@stitchhouse/shared';
import { emailRedirectUrl, markSignOutIntended, type Intent, type LinkKind } from '@stitchhouse/shared/auth/index.ts';

function site(): string {
  return window.location.origin;
}

export interface SignUpOutcome {
  /** Confirmation needed (the usual case); false when the server signs people in at once. */
  confirmEmail: boolean;
}

export async function signUp(input: { email: string; password: string; displayName: string; intent: Intent; next?: string | null }): Promise<SignUpOutcome> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: {
      emailRedirectTo: emailRedirectUrl(site(), 'signup', input.next),
      // Read by public.handle_new_user() to create the profile and roles; the page's language
      // becomes the profile's (emails, from the confirmation on, are written in it).
      data: { display_name: input.displayName, intent: input.intent, locale: activeLocale() },
    },
  });
  // An address already in use answers like a new one (a user without identities): the
  // screen says the same either way, so nobody can probe which emails have accounts.
  if (error?.code === 'user_already_exists' || error?.code === 'email_exists') return { confirmEmail: true };
  if (error) throw error;
  return { confirmEmail: !data.session };
}

export async function signInWithPassword(email: string, password: string): Promise<Session> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return data.session;
}

/** Sends a link of `kind` to `email`. Unknown addresses look exactly like known ones. */
export async function sendEmailLink(kind: LinkKind, email: string, next?: string | null): Promise<void> {
  const supabase = await getSupabase();
  const redirectTo = emailRedirectUrl(site(), kind, next);
  if (kind === 'recovery') {
    const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo });
    if (error) throw error;
    return;
  }
  if (kind === 'signup') {
    const { error } = await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo: redirectTo } });
    if (error) throw error;
    return;
  }
  // Magic link (and its 6-digit code). Never creates an account: that is what sign-up is for.
  const { error } = await supabase.auth.signInWithOtp({ email, options: { shouldCreateUser: false, emailRedirectTo: redirectTo } });
  if (error && error.code !== 'otp_disabled') throw error;
}

export async function verifyEmailCode(email: string, code: string): Promise<Session | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.verifyOtp({ email, token: code, type: 'email' });
  if (error) throw error;
  return data.session;
}

export async function changePassword(password: string): Promise<User> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
  return data.user;
}

/** Whether this session still has to pass the second factor (a verified TOTP factor, aal1 session). */
export async function needsSecondFactor(): Promise<boolean> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  return data.nextLevel === 'aal2' && data.currentLevel !== 'aal2';
}

/** The verified authenticator-app factor to challenge, if any. */
export async function totpFactor(): Promise<{ id: string; name: string } | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  const factor = data.totp.find((f) => f.status === 'verified');
  return factor ? { id: factor.id, name: factor.friendly_name ?? 'Authenticator app' } : null;
}

export async function verifySecondFactor(factorId: string, code: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw error;
}

/**
 * Lost phone: spends one recovery code (public.use_recovery_code makes this session aal2 in
 * the database), then refreshes the session so the access token says aal2 too.
 */
export async function verifyRecoveryCode(code: string): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('use_recovery_code', { p_code: code });
  if (error) throw error;
  if (data !== true) {
    throw Object.assign(new Error('That recovery code is not right, or it was already used.'), { code: 'P0001', details: 'recovery_code_invalid' });
  }
  const refreshed = await supabase.auth.refreshSession();
  if (refreshed.error) throw refreshed.error;
}

export async function signOutHere(): Promise<void> {
  const supabase = await getSupabase();
  markSignOutIntended();
  const { error } = await supabase.auth.signOut({ scope: 'local' });
  if (error) throw error;
}
