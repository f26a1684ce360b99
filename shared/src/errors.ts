/**
 * One mapping from whatever the backend can throw at a screen (PostgREST errors,
 * network failures, auth errors, storage errors) to a message a maker or designer
 * can act on. Screens show `message`; `kind` lets them pick a layout or a retry.
 * The words are shared's catalog's (shared.error.*, shared.auth.*), in the page's language
 * at the moment the error is described.
 */
import { AUTH_MESSAGES, authMessage, commonPasswordMessage } from './authMessages.ts';
import { functionError } from './contracts/functionError.ts';
import { isEnglish } from './formatLocale.ts';
import { i18n } from './i18n/index.ts';
import { serverWords } from './server/words.ts';

export type ErrorKind =
  | 'network'
  | 'not-found'
  | 'ambiguous'
  | 'conflict'
  | 'permission'
  | 'session'
  | 'validation'
  | 'credentials'
  | 'rate-limit'
  | 'too-large'
  | 'server'
  | 'unknown';

export interface UserFacingError {
  kind: ErrorKind;
  message: string;
  /** Trying the same thing again later may work. */
  retryable: boolean;
  /** The backend code (PGRST116, 23505, invalid_credentials, …) for logs and tests. */
  code?: string;
}

/** A described error whose message is read from shared's catalog when it is asked for (a spread takes it then). */
function said(kind: ErrorKind, id: string, retryable: boolean): UserFacingError {
  return {
    kind,
    get message() {
      return i18n._(id);
    },
    retryable,
  };
}

const NETWORK = said('network', /*i18n*/ 'shared.error.network', true);
const UNKNOWN = said('unknown', /*i18n*/ 'shared.auth.server', true);

// Auth error codes: one message per code auth-js knows, in authMessages.ts.

// PostgREST's own codes (PGRST…) and Postgres SQLSTATE codes surfaced through it.
const POSTGREST_MESSAGES: Record<string, Omit<UserFacingError, 'code'>> = {
  PGRST301: said('session', /*i18n*/ 'shared.auth.sessionEnded', false),
  PGRST302: said('session', /*i18n*/ 'shared.auth.noAuthorization', false),
  PGRST303: said('session', /*i18n*/ 'shared.auth.sessionEnded', false),
  PGRST204: said('server', /*i18n*/ 'shared.error.updating', true),
  PGRST205: said('server', /*i18n*/ 'shared.error.updating', true),
  PGRST202: said('server', /*i18n*/ 'shared.error.updating', true),
  PGRST100: said('validation', /*i18n*/ 'shared.error.badFilter', false),
  '23505': said('conflict', /*i18n*/ 'shared.error.taken', false),
  '23503': said('conflict', /*i18n*/ 'shared.error.reference', false),
  '23502': said('validation', /*i18n*/ 'shared.error.requiredMissing', false),
  '23514': said('validation', /*i18n*/ 'shared.error.notAllowed', false),
  '22P02': said('validation', /*i18n*/ 'shared.error.wrongFormat', false),
  '22001': said('validation', /*i18n*/ 'shared.error.tooLong', false),
  '42501': said('permission', /*i18n*/ 'shared.auth.notAdmin', false),
  '57014': said('server', /*i18n*/ 'shared.auth.requestTimeout', true),
  '40001': said('server', /*i18n*/ 'shared.error.concurrent', true),
};

type Loose = Record<string, unknown>;

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function num(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return undefined;
}

function looksLikeNetworkFailure(message: string | undefined): boolean {
  return !!message && /failed to fetch|fetch failed|networkerror|network request failed|load failed|ECONNREFUSED|ENOTFOUND/i.test(message);
}

function fromAuth(err: Loose, status: number | undefined): UserFacingError {
  const code = str(err.code);
  if (status === 0 || err.name === 'AuthRetryableFetchError') return { ...NETWORK, code };
  // weak_password with GoTrue's reason `pwned`: the password is on the common list.
  if (Array.isArray(err.reasons) && err.reasons.includes('pwned')) {
    return { ...AUTH_MESSAGES.weak_password, message: commonPasswordMessage(), code: 'weak_password' };
  }
  const known = authMessage(code);
  if (known) return { ...known, code };
  if (status === 429) return { ...AUTH_MESSAGES.over_request_rate_limit, code };
  if (err.name === 'AuthSessionMissingError') return { ...AUTH_MESSAGES.session_expired, code: 'session_missing' };
  if (err.name === 'AuthWeakPasswordError') return { ...AUTH_MESSAGES.weak_password, code: 'weak_password' };
  if (status !== undefined && status >= 500) return { ...UNKNOWN, code };
  // A code of no auth-js version: its English words on an English page, the general line in any other.
  const words = isEnglish(i18n.locale || 'en') ? str(err.message) : undefined;
  return { kind: 'unknown', message: words ?? UNKNOWN.message, retryable: false, code };
}

function fromStorage(err: Loose, status: number | undefined): UserFacingError {
  const statusCode = num(err.statusCode) ?? status;
  const message = str(err.message) ?? '';
  if (err.name === 'StorageUnknownError' || looksLikeNetworkFailure(message)) return { ...NETWORK, code: 'storage' };
  if (statusCode === 404 || /not found/i.test(message))
    return { kind: 'not-found', message: i18n._('shared.error.fileMissing'), retryable: false, code: `storage_${statusCode ?? 404}` };
  if (statusCode === 409 || /already exists/i.test(message))
    return { kind: 'conflict', message: i18n._('shared.error.fileExists'), retryable: false, code: `storage_409` };
  if (statusCode === 413 || /too large|maximum allowed size/i.test(message))
    return { kind: 'too-large', message: i18n._('shared.error.fileTooLarge'), retryable: false, code: 'storage_413' };
  if (statusCode === 415 || /mime type/i.test(message))
    return { kind: 'validation', message: i18n._('shared.error.fileType'), retryable: false, code: 'storage_415' };
  if (statusCode === 401 || statusCode === 403 || /row-level security|unauthorized/i.test(message))
    return { kind: 'permission', message: i18n._('shared.error.filePermission'), retryable: false, code: `storage_${statusCode ?? 403}` };
  return { ...UNKNOWN, code: `storage_${statusCode ?? 'unknown'}` };
}

function fromPostgrest(err: Loose, status: number | undefined): UserFacingError {
  const code = str(err.code);
  if (code === 'PGRST116') {
    // .single()/.maybeSingle(): "JSON object requested, multiple (or no) rows returned" (406)
    const details = str(err.details) ?? '';
    return /\b0 rows\b/.test(details)
      ? { kind: 'not-found', message: i18n._('shared.error.notFoundRemoved'), retryable: false, code }
      : { kind: 'ambiguous', message: i18n._('shared.error.ambiguous'), retryable: false, code };
  }
  if (code && POSTGREST_MESSAGES[code]) return { ...POSTGREST_MESSAGES[code], code };
  if (code === 'P0001') {
    // Raised on purpose by our own SQL functions with a message written for people.
    const message = str(err.message);
    return { kind: 'validation', message: serverWords(message) ?? message ?? UNKNOWN.message, retryable: false, code };
  }
  if (status === 401) return { ...POSTGREST_MESSAGES.PGRST302!, code };
  if (status === 403) return { ...POSTGREST_MESSAGES['42501']!, code };
  if (status === 404) return { kind: 'not-found', message: i18n._('shared.error.notFound'), retryable: false, code };
  if (status === 429) return { ...AUTH_MESSAGES.over_request_rate_limit, code };
  return { ...UNKNOWN, code };
}

/** The kind of a function's refusal, from its HTTP status; its message is already written for people. */
function functionKind(status: number | undefined): ErrorKind {
  if (status === 0) return 'network';
  if (status === 401) return 'session';
  if (status === 403) return 'permission';
  if (status === 404 || status === 410) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'too-large';
  if (status === 429) return 'rate-limit';
  if (status !== undefined && status >= 500) return 'server';
  if (status !== undefined && status >= 400) return 'validation';
  return 'unknown';
}

/**
 * Turns an error (or a `{ error, status }` result of supabase-js) into a user-facing one.
 * A function's answer in the one error shape ({ error: { code, message, details } }) or a
 * FunctionCallError keeps its code and its words.
 * `status` is the HTTP status when the caller has it (PostgREST results carry it beside `error`).
 */
export function describeError(error: unknown, status?: number): UserFacingError {
  if (error === null || error === undefined) return UNKNOWN;
  if (typeof error === 'string') return looksLikeNetworkFailure(error) ? NETWORK : { ...UNKNOWN };
  if (typeof error !== 'object') return UNKNOWN;
  const err = error as Loose;

  // An Edge function's refusal: the body in the one error shape, or a FunctionCallError.
  const own = functionError(err);
  if (own) {
    const kind = functionKind(status);
    return {
      kind,
      message: serverWords(own.message) ?? own.message,
      retryable: kind === 'network' || kind === 'server' || kind === 'rate-limit',
      code: own.code,
    };
  }
  if (err.name === 'FunctionCallError' && typeof err.code === 'string' && typeof err.message === 'string') {
    const kind = functionKind(num(err.status));
    return {
      kind,
      message: serverWords(err.message) ?? err.message,
      retryable: kind === 'network' || kind === 'server' || kind === 'rate-limit',
      code: err.code,
    };
  }

  // A supabase-js result: { data, error, status }.
  if ('error' in err && err.error && typeof err.error === 'object' && !('message' in err && 'code' in err)) {
    return describeError(err.error, num(err.status) ?? status);
  }

  const httpStatus = num(err.status) ?? status;
  const name = str(err.name) ?? '';
  const message = str(err.message);

  if (httpStatus === 0) return { ...NETWORK, code: str(err.code) };
  if (err.__isAuthError === true || name.startsWith('Auth')) return fromAuth(err, httpStatus);
  if (err.__isStorageError === true || name.startsWith('Storage')) return fromStorage(err, httpStatus);
  if (name === 'TypeError' && looksLikeNetworkFailure(message)) return NETWORK;
  if (looksLikeNetworkFailure(message) || looksLikeNetworkFailure(str(err.details))) return NETWORK;
  if ('code' in err || 'details' in err || 'hint' in err) return fromPostgrest(err, httpStatus);
  if (name === 'AbortError') return { kind: 'network', message: i18n._('shared.error.cancelled'), retryable: true };
  return UNKNOWN;
}

/** The message only, for places that just print a line. */
export function errorMessage(error: unknown, status?: number): string {
  return describeError(error, status).message;
}

/**
 * Like describeError, but a message our own SQL raised on purpose (it carries a hint:
 * "The store address "x" is taken" + what to do, or is one of the server's known sentences) is
 * shown as written, in the page's language (server/words.ts), not as the generic line for its SQLSTATE.
 */
export function serverMessage(error: unknown): UserFacingError {
  const described = describeError(error);
  const err = error as { message?: unknown; hint?: unknown; code?: unknown } | null;
  if (!err || typeof err.message !== 'string' || typeof err.code !== 'string' || err.code.startsWith('PGRST')) return described;
  const message = serverWords(err.message);
  const hint = typeof err.hint === 'string' && err.hint ? err.hint : undefined;
  if (hint) {
    // On a page in another language a hint without a translation (a program's hint) is left out, not shown in English.
    const saidHint = serverWords(hint);
    if (!message) return { ...described, message: i18n._('shared.error.withHint', { message: err.message, hint }) };
    return { ...described, message: saidHint ? i18n._('shared.error.withHint', { message: message.replace(/\.$/, ''), hint: saidHint }) : message };
  }
  // Raised by our functions with words for people and no generic line of their own
  // (54000: too many tries, 22023: not applicable to this account).
  if (err.code === '54000' || err.code === '22023') {
    return { kind: err.code === '54000' ? 'rate-limit' : 'validation', message: message ?? err.message, retryable: err.code === '54000', code: err.code };
  }
  return message ? { ...described, message } : described;
}
