// Email, authenticator app, recovery codes and sessions: the auth server through the page's
// one client, and the recovery-code functions of 20261123002000_account.sql.
import { createClient } from '@supabase/supabase-js';
import { getRuntimeConfig, getSupabase, href } from '@stitchhouse/shared';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';

/** Query keys of sign-in settings (authenticator, recovery codes left, the session's level): a change invalidates `securityKeys.all`. */
export const securityKeys = {
  all: ['account', 'security'] as const,
  mine: (userId: string) => [...securityKeys.all, userId] as const,
};

/**
 * Re-authentication: proves the current password with a password grant on a separate,
 * memory-only client (the page's session, maybe aal2, stays as it is), then ends that
 * extra session at once. Wrong passwords count against the auth server's sign-in limits.
 */
export async function confirmPassword(email: string, password: string): Promise<void> {
  await getSupabase();
  const config = getRuntimeConfig();
  const probe = createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: 'stitchhouse-reauth' },
  });
  const { error } = await probe.auth.signInWithPassword({ email, password });
  if (error) {
    if (error.code === 'invalid_credentials') {
      throw Object.assign(new Error(i18n._('account.security.wrongPassword')), { code: 'P0001', details: 'wrong_password' });
    }
    throw error;
  }
  await probe.auth.signOut({ scope: 'local' });
}

/** Secure email change: both the current and the new address get a link; both must be opened. */
export async function requestEmailChange(email: string): Promise<void> {
  const supabase = await getSupabase();
  const redirect = new URL(href('/account/user'), window.location.origin);
  redirect.searchParams.set('link', 'email_change');
  const { error } = await supabase.auth.updateUser({ email }, { emailRedirectTo: redirect.toString() });
  if (error) throw error;
}

/** The name an authenticator app is enrolled under (the auth server keeps it); screens show it in the page's language. */
export const DEFAULT_FACTOR_NAME = 'Authenticator app';

export interface Authenticator {
  id: string;
  /** The enrolled name; DEFAULT_FACTOR_NAME or '' for the one this screen enrols. */
  name: string;
  verified: boolean;
  createdAt: string;
}

export interface SecurityState {
  aal: 'aal1' | 'aal2';
  authenticators: Authenticator[];
  recoveryCodesLeft: number;
}

export async function loadSecurity(): Promise<SecurityState> {
  const supabase = await getSupabase();
  const [factors, level, left] = await Promise.all([
    supabase.auth.mfa.listFactors(),
    supabase.auth.mfa.getAuthenticatorAssuranceLevel(),
    supabase.rpc('recovery_codes_left'),
  ]);
  if (factors.error) throw factors.error;
  if (level.error) throw level.error;
  if (left.error) throw left.error;
  return {
    aal: level.data.currentLevel === 'aal2' ? 'aal2' : 'aal1',
    authenticators: factors.data.all
      .filter((f) => f.factor_type === 'totp' && f.status === 'verified')
      .map((f) => ({ id: f.id, name: f.friendly_name ?? '', verified: true, createdAt: f.created_at })),
    recoveryCodesLeft: (left.data as number) ?? 0,
  };
}

export interface Enrolment {
  factorId: string;
  /** The QR code as an image address: auth-js already gives a `data:image/svg+xml` URL. */
  qrImage: string;
  secret: string;
  uri: string;
}

export async function startEnrolment(name: string): Promise<Enrolment> {
  const supabase = await getSupabase();
  // An earlier, never-finished enrolment would block the name: drop unverified ones first.
  const listed = await supabase.auth.mfa.listFactors();
  if (listed.error) throw listed.error;
  for (const stale of listed.data.all.filter((f) => f.status === 'unverified')) {
    await supabase.auth.mfa.unenroll({ factorId: stale.id });
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: name, issuer: 'Stitchhouse' });
  if (error) throw error;
  return { factorId: data.id, qrImage: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri };
}

/** The first code turns the factor on (the session becomes aal2); then the recovery codes. */
export async function finishEnrolment(factorId: string, code: string): Promise<string[]> {
  const supabase = await getSupabase();
  const verified = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (verified.error) throw verified.error;
  return createRecoveryCodes();
}

export async function createRecoveryCodes(): Promise<string[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('create_recovery_codes');
  if (error) throw error;
  return data as string[];
}

/** A fresh code from the app: makes this session aal2 (needed to remove the app or make new codes). */
export async function confirmWithCode(factorId: string, code: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw error;
}

export async function removeAuthenticator(factorId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw error;
  // The server dropped this session back to aal1; get a token that says so.
  await supabase.auth.refreshSession();
}

/** Ends every other session of this account ('others'), or every session including this one ('global'). */
export async function signOutSessions(scope: 'others' | 'global'): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.signOut({ scope });
  if (error) throw error;
}
