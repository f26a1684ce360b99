/**
 * A message for every error code auth-js can return (auth-js/src/lib/error-codes.ts,
 * 2.119.0). The one mapping of auth errors: shared/src/errors.ts uses it. Codes for
 * features Stitchhouse does not offer (SSO, SAML, phone, OAuth providers, passkeys)
 * still get a plain sentence, since a misconfigured server could send them. The sentences live
 * in shared's catalog (shared.auth.*), in every language.
 */
import type { ErrorKind } from './errors.ts';
import { i18n } from './i18n/index.ts';

export interface AuthMessage {
  kind: ErrorKind;
  /** In the page's language, read when asked for (a spread `{ ...AUTH_MESSAGES.x }` takes it then). */
  readonly message: string;
  retryable: boolean;
}

/** A password on the list of the most common ones (auth/password.ts checks it in the browser too), in the page's language. */
export function commonPasswordMessage(): string {
  return i18n._('shared.auth.commonPassword');
}

/** The message's words come from shared's catalog by id each time `message` is read. */
const m = (kind: ErrorKind, id: string, retryable = false): AuthMessage => ({
  kind,
  get message() {
    return i18n._(id);
  },
  retryable,
});

const SESSION_ENDED = m('session', /*i18n*/ 'shared.auth.sessionEnded');
const LINK_EXPIRED = m('session', /*i18n*/ 'shared.auth.linkExpired');
const ALREADY_REGISTERED = m('conflict', /*i18n*/ 'shared.auth.alreadyRegistered');
const NOT_OFFERED = m('permission', /*i18n*/ 'shared.auth.notOffered');
const SERVER = m('server', /*i18n*/ 'shared.auth.server', true);
const TRY_LATER = m('rate-limit', /*i18n*/ 'shared.auth.tryLater', true);
const SECOND_FACTOR_OFF = m('permission', /*i18n*/ 'shared.auth.secondFactorOff');

export const AUTH_MESSAGES = {
  // General
  unexpected_failure: SERVER,
  validation_failed: m('validation', /*i18n*/ 'shared.auth.validationFailed'),
  bad_json: m('validation', /*i18n*/ 'shared.auth.validationFailed'),
  request_timeout: m('server', /*i18n*/ 'shared.auth.requestTimeout', true),
  conflict: m('server', /*i18n*/ 'shared.auth.conflict', true),
  captcha_failed: m('validation', /*i18n*/ 'shared.auth.captchaFailed'),
  hook_timeout: SERVER,
  hook_timeout_after_retry: SERVER,
  hook_payload_over_size_limit: SERVER,
  hook_payload_invalid_content_type: SERVER,

  // Credentials and accounts (one message for wrong email or password: no account enumeration)
  invalid_credentials: m('credentials', /*i18n*/ 'shared.auth.invalidCredentials'),
  email_not_confirmed: m('credentials', /*i18n*/ 'shared.auth.emailNotConfirmed'),
  phone_not_confirmed: m('credentials', /*i18n*/ 'shared.auth.phoneNotConfirmed'),
  user_not_found: m('not-found', /*i18n*/ 'shared.auth.userNotFound'),
  user_banned: m('permission', /*i18n*/ 'shared.auth.userBanned'),
  user_already_exists: ALREADY_REGISTERED,
  email_exists: ALREADY_REGISTERED,
  phone_exists: m('conflict', /*i18n*/ 'shared.auth.phoneExists'),
  identity_already_exists: m('conflict', /*i18n*/ 'shared.auth.identityAlreadyExists'),
  identity_not_found: m('not-found', /*i18n*/ 'shared.auth.identityNotFound'),
  single_identity_not_deletable: m('validation', /*i18n*/ 'shared.auth.singleIdentityNotDeletable'),
  email_conflict_identity_not_deletable: m('validation', /*i18n*/ 'shared.auth.emailConflictIdentityNotDeletable'),
  email_address_invalid: m('validation', /*i18n*/ 'shared.auth.emailAddressInvalid'),
  email_address_not_authorized: m('permission', /*i18n*/ 'shared.auth.emailAddressNotAuthorized'),
  not_admin: m('permission', /*i18n*/ 'shared.auth.notAdmin'),
  user_sso_managed: m('permission', /*i18n*/ 'shared.auth.userSsoManaged'),

  // Passwords
  weak_password: m('validation', /*i18n*/ 'shared.auth.weakPassword'),
  same_password: m('validation', /*i18n*/ 'shared.auth.samePassword'),
  reauthentication_needed: m('session', /*i18n*/ 'shared.auth.reauthenticationNeeded'),
  reauthentication_not_valid: m('credentials', /*i18n*/ 'shared.auth.reauthenticationNotValid'),
  reauth_nonce_missing: m('session', /*i18n*/ 'shared.auth.reauthenticationNeeded'),

  // Sign-up and providers
  signup_disabled: m('permission', /*i18n*/ 'shared.auth.signupDisabled'),
  email_provider_disabled: m('permission', /*i18n*/ 'shared.auth.emailProviderDisabled'),
  phone_provider_disabled: NOT_OFFERED,
  provider_disabled: NOT_OFFERED,
  oauth_provider_not_supported: NOT_OFFERED,
  anonymous_provider_disabled: NOT_OFFERED,
  manual_linking_disabled: NOT_OFFERED,
  provider_email_needs_verification: m('credentials', /*i18n*/ 'shared.auth.providerEmailNeedsVerification'),
  invite_not_found: m('session', /*i18n*/ 'shared.auth.inviteNotFound'),
  bad_oauth_state: m('session', /*i18n*/ 'shared.auth.badOauthState'),
  bad_oauth_callback: m('session', /*i18n*/ 'shared.auth.badOauthState'),
  unexpected_audience: m('session', /*i18n*/ 'shared.auth.unexpectedAudience'),

  // Email links and codes
  otp_expired: m('session', /*i18n*/ 'shared.auth.otpExpired'),
  otp_disabled: m('permission', /*i18n*/ 'shared.auth.otpDisabled'),
  flow_state_not_found: LINK_EXPIRED,
  flow_state_expired: LINK_EXPIRED,
  bad_code_verifier: m('session', /*i18n*/ 'shared.auth.badCodeVerifier'),
  sms_send_failed: m('server', /*i18n*/ 'shared.auth.smsSendFailed', true),

  // Sessions
  bad_jwt: SESSION_ENDED,
  no_authorization: m('session', /*i18n*/ 'shared.auth.noAuthorization'),
  session_not_found: SESSION_ENDED,
  session_expired: SESSION_ENDED,
  refresh_token_not_found: SESSION_ENDED,
  refresh_token_already_used: SESSION_ENDED,
  insufficient_aal: m('session', /*i18n*/ 'shared.auth.insufficientAal'),

  // Rate limits
  over_request_rate_limit: TRY_LATER,
  over_email_send_rate_limit: m('rate-limit', /*i18n*/ 'shared.auth.overEmailSendRateLimit', true),
  over_sms_send_rate_limit: TRY_LATER,

  // Second factor
  mfa_verification_failed: m('credentials', /*i18n*/ 'shared.auth.mfaVerificationFailed'),
  mfa_verification_rejected: m('credentials', /*i18n*/ 'shared.auth.mfaVerificationRejected'),
  mfa_challenge_expired: m('session', /*i18n*/ 'shared.auth.mfaChallengeExpired'),
  mfa_factor_not_found: m('not-found', /*i18n*/ 'shared.auth.mfaFactorNotFound'),
  mfa_factor_name_conflict: m('conflict', /*i18n*/ 'shared.auth.mfaFactorNameConflict'),
  mfa_ip_address_mismatch: m('session', /*i18n*/ 'shared.auth.mfaIpAddressMismatch'),
  mfa_verified_factor_exists: m('conflict', /*i18n*/ 'shared.auth.mfaVerifiedFactorExists'),
  too_many_enrolled_mfa_factors: m('validation', /*i18n*/ 'shared.auth.tooManyEnrolledMfaFactors'),
  mfa_phone_enroll_not_enabled: SECOND_FACTOR_OFF,
  mfa_phone_verify_not_enabled: SECOND_FACTOR_OFF,
  mfa_totp_enroll_not_enabled: m('permission', /*i18n*/ 'shared.auth.mfaTotpEnrollNotEnabled'),
  mfa_totp_verify_not_enabled: m('permission', /*i18n*/ 'shared.auth.mfaTotpVerifyNotEnabled'),
  mfa_webauthn_enroll_not_enabled: SECOND_FACTOR_OFF,
  mfa_webauthn_verify_not_enabled: SECOND_FACTOR_OFF,
  webauthn_challenge_expired: m('session', /*i18n*/ 'shared.auth.webauthnChallengeExpired'),
  mfa_recovery_codes_enroll_not_enabled: SECOND_FACTOR_OFF,
  mfa_recovery_codes_verify_not_enabled: SECOND_FACTOR_OFF,
  mfa_recovery_codes_locked: m('rate-limit', /*i18n*/ 'shared.auth.mfaRecoveryCodesLocked'),
  mfa_recovery_codes_sole_factor: m('validation', /*i18n*/ 'shared.auth.mfaRecoveryCodesSoleFactor'),

  // Single sign-on (not offered, but the codes exist)
  saml_provider_disabled: NOT_OFFERED,
  saml_relay_state_not_found: m('session', /*i18n*/ 'shared.auth.badOauthState'),
  saml_relay_state_expired: m('session', /*i18n*/ 'shared.auth.samlRelayStateExpired'),
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
