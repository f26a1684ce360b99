import { describeError, type UserFacingError } from '../errors.ts';

/**
 * Like describeError, but a message our own SQL raised on purpose (it carries a hint:
 * "The store address "x" is taken" + what to do) is shown as written, not as the
 * generic line for its SQLSTATE.
 */
export function serverMessage(error: unknown): UserFacingError {
  const described = describeError(error);
  const err = error as { message?: unknown; hint?: unknown; code?: unknown } | null;
  if (err && typeof err.message === 'string' && typeof err.hint === 'string' && err.hint && typeof err.code === 'string' && !err.code.startsWith('PGRST')) {
    return { ...described, message: `${err.message}. ${err.hint}` };
  }
  // Raised by our functions with words for people and no generic line of their own
  // (54000: too many tries, 22023: not applicable to this account).
  if (err && typeof err.message === 'string' && (err.code === '54000' || err.code === '22023')) {
    return { kind: err.code === '54000' ? 'rate-limit' : 'validation', message: err.message, retryable: err.code === '54000', code: err.code };
  }
  return described;
}
