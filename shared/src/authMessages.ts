/**
 * A message for every error code auth-js can return (auth-js/src/lib/error-codes.ts,
 * 2.119.0). The one mapping of auth errors: shared/src/errors.ts uses it. Codes for
 * features Stitchhouse does not offer (SSO, SAML, phone, OAuth providers, passkeys)
 * still get a plain sentence, since a misconfigured server could send them.
 */
import type { ErrorKind } from './errors.ts';

export interface AuthMessage {
  kind: ErrorKind;
  message: string;
  retryable: boolean;
}

/** A password on the list of the most common ones (auth/password.ts checks it in the browser too). */
export const COMMON_PASSWORD_MESSAGE = 'This password is one of the most commonly used. Choose one that is harder to guess.';

const m = (kind: ErrorKind, message: string, retryable = false): AuthMessage => ({ kind, message, retryable });

const SESSION_ENDED = m('session', 'Your session has ended. Please sign in again.');
const LINK_EXPIRED = m('session', 'This link has expired or was already used. Ask for a new one.');
const ALREADY_REGISTERED = m('conflict', 'An account with this email already exists. Sign in instead, or reset your password.');
const NOT_OFFERED = m('permission', 'This way of signing in is not available on Stitchhouse. Use your email and password, or a magic link.');
const SERVER = m('server', 'Something went wrong on our side. Please try again in a moment.', true);
const TRY_LATER = m('rate-limit', 'Too many attempts. Please wait a minute and try again.', true);
const SECOND_FACTOR_OFF = m('permission', 'This kind of second factor is not available. Use an authenticator app.');

export const AUTH_MESSAGES = {
  // General
  unexpected_failure: SERVER,
  validation_failed: m('validation', 'Some of the details are not valid. Check the form and try again.'),
  bad_json: m('validation', 'Some of the details are not valid. Check the form and try again.'),
  request_timeout: m('server', 'That took too long. Please try again.', true),
  conflict: m('server', 'Another request for your account was still running. Please try again.', true),
  captcha_failed: m('validation', 'We could not check that you are a person. Please try again.'),
  hook_timeout: SERVER,
  hook_timeout_after_retry: SERVER,
  hook_payload_over_size_limit: SERVER,
  hook_payload_invalid_content_type: SERVER,

  // Credentials and accounts (one message for wrong email or password: no account enumeration)
  invalid_credentials: m('credentials', 'That email and password do not match an account.'),
  email_not_confirmed: m('credentials', 'Please confirm your email first: open the link we sent you, or ask for a new one.'),
  phone_not_confirmed: m('credentials', 'Please confirm your phone number first.'),
  user_not_found: m('not-found', 'We could not find that account.'),
  user_banned: m('permission', 'This account is suspended. Contact support if you think this is a mistake.'),
  user_already_exists: ALREADY_REGISTERED,
  email_exists: ALREADY_REGISTERED,
  phone_exists: m('conflict', 'An account with this phone number already exists.'),
  identity_already_exists: m('conflict', 'This sign-in method is already linked to an account.'),
  identity_not_found: m('not-found', 'That sign-in method is not linked to your account.'),
  single_identity_not_deletable: m('validation', 'This is your only way to sign in, so it cannot be removed.'),
  email_conflict_identity_not_deletable: m('validation', 'This sign-in method cannot be removed while your email depends on it.'),
  email_address_invalid: m('validation', 'That email address does not look right.'),
  email_address_not_authorized: m('permission', 'We cannot send email to that address. Use another email address.'),
  not_admin: m('permission', 'You do not have permission to do this.'),
  user_sso_managed: m('permission', 'Your organisation manages this account, so this cannot be changed here.'),

  // Passwords
  weak_password: m('validation', 'Choose a stronger password: at least 8 characters with at least one letter and one number, and not a commonly used one.'),
  same_password: m('validation', 'Your new password must be different from the old one.'),
  reauthentication_needed: m('session', 'For your security, please sign in again to do this.'),
  reauthentication_not_valid: m('credentials', 'That verification code is not right. Ask for a new one.'),
  reauth_nonce_missing: m('session', 'For your security, please sign in again to do this.'),

  // Sign-up and providers
  signup_disabled: m('permission', 'New sign-ups are closed at the moment.'),
  email_provider_disabled: m('permission', 'Signing in with email is switched off at the moment.'),
  phone_provider_disabled: NOT_OFFERED,
  provider_disabled: NOT_OFFERED,
  oauth_provider_not_supported: NOT_OFFERED,
  anonymous_provider_disabled: NOT_OFFERED,
  manual_linking_disabled: NOT_OFFERED,
  provider_email_needs_verification: m('credentials', 'Please confirm your email first: open the link we sent you.'),
  invite_not_found: m('session', 'This invitation has expired or was already used.'),
  bad_oauth_state: m('session', 'Signing in was interrupted. Please start again.'),
  bad_oauth_callback: m('session', 'Signing in was interrupted. Please start again.'),
  unexpected_audience: m('session', 'Your session is not valid for Stitchhouse. Please sign in again.'),

  // Email links and codes
  otp_expired: m('session', 'This link or code has expired or was already used. Ask for a new one.'),
  otp_disabled: m('permission', 'Signing in by email link is not available for this address.'),
  flow_state_not_found: LINK_EXPIRED,
  flow_state_expired: LINK_EXPIRED,
  bad_code_verifier: m('session', 'Open the link in the same browser you asked for it in, or ask for a new one.'),
  sms_send_failed: m('server', 'We could not send the text message. Please try again.', true),

  // Sessions
  bad_jwt: SESSION_ENDED,
  no_authorization: m('session', 'Please sign in to continue.'),
  session_not_found: SESSION_ENDED,
  session_expired: SESSION_ENDED,
  refresh_token_not_found: SESSION_ENDED,
  refresh_token_already_used: SESSION_ENDED,
  insufficient_aal: m('session', 'Enter the code from your authenticator app to continue.'),

  // Rate limits
  over_request_rate_limit: TRY_LATER,
  over_email_send_rate_limit: m('rate-limit', 'We sent you an email very recently. Please wait a minute before asking again.', true),
  over_sms_send_rate_limit: TRY_LATER,

  // Second factor
  mfa_verification_failed: m('credentials', 'That code is not right. Enter the current code from your authenticator app.'),
  mfa_verification_rejected: m('credentials', 'That code was not accepted. Enter the current code from your authenticator app.'),
  mfa_challenge_expired: m('session', 'The code request expired. Enter a new code to try again.'),
  mfa_factor_not_found: m('not-found', 'That authenticator is no longer linked to your account. Sign in again.'),
  mfa_factor_name_conflict: m('conflict', 'You already have an authenticator with this name. Choose another name.'),
  mfa_ip_address_mismatch: m('session', 'Your network changed while signing in. Please start again.'),
  mfa_verified_factor_exists: m('conflict', 'You already have a verified authenticator of this kind.'),
  too_many_enrolled_mfa_factors: m('validation', 'You have added the most authenticators allowed. Remove one first.'),
  mfa_phone_enroll_not_enabled: SECOND_FACTOR_OFF,
  mfa_phone_verify_not_enabled: SECOND_FACTOR_OFF,
  mfa_totp_enroll_not_enabled: m('permission', 'Adding an authenticator app is switched off at the moment.'),
  mfa_totp_verify_not_enabled: m('permission', 'Authenticator codes are switched off at the moment.'),
  mfa_webauthn_enroll_not_enabled: SECOND_FACTOR_OFF,
  mfa_webauthn_verify_not_enabled: SECOND_FACTOR_OFF,
  webauthn_challenge_expired: m('session', 'The security key request expired. Please try again.'),
  mfa_recovery_codes_enroll_not_enabled: SECOND_FACTOR_OFF,
  mfa_recovery_codes_verify_not_enabled: SECOND_FACTOR_OFF,
  mfa_recovery_codes_locked: m('rate-limit', 'Recovery codes are locked after too many tries. Contact support.'),
  mfa_recovery_codes_sole_factor: m('validation', 'Recovery codes cannot be your only second factor.'),

  // Single sign-on (not offered, but the codes exist)
  saml_provider_disabled: NOT_OFFERED,
  saml_relay_state_not_found: m('session', 'Signing in was interrupted. Please start again.'),
  saml_relay_state_expired: m('session', 'Signing in took too long. Please start again.'),
  saml_idp_not_found: NOT_OFFERED,
  saml_assertion_no_user_id: NOT_OFFERED,
  saml_assertion_no_email: NOT_OFFERED,
  sso_provider_not_found: NOT_OFFERED,
  saml_metadata_fetch_failed: NOT_OFFERED,
  saml_idp_already_exists: NOT_OFFERED,
  sso_domain_already_exists: NOT_OFFERED,
  saml_entity_id_mismatch: NOT_OFFERED,
} as const satisfies Record<string, AuthMessage>;

export type AuthErrorCode = keyof typeof AUTH_MESSAGES;

export function authMessage(code: string | undefined): AuthMessage | undefined {
  return code && Object.hasOwn(AUTH_MESSAGES, code) ? AUTH_MESSAGES[code as AuthErrorCode] : undefined;
}
