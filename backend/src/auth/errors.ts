// GoTrue's error envelope (API version 2024-01-01) plus the legacy fields, so auth-js
// reads `code` and older clients read `error_code`/`msg`.
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function errorBody(err: AuthError): Record<string, unknown> {
  return { code: err.code, error_code: err.code, msg: err.message, message: err.message, ...err.extra };
}

export const API_VERSION = '2024-01-01';

export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const validationFailed = (msg: string) => new AuthError(400, 'validation_failed', msg);
export const otpExpired = (msg = 'Token has expired or is invalid') => new AuthError(403, 'otp_expired', msg);
export const sessionNotFound = () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
