// Request body limits by route, enforced by the gateway before a service reads the body (the
// job nginx's client_max_body_size / Kong's request-size-limiting plugin do in Supabase). A
// declared Content-Length over the limit is refused at once; chunked bodies are counted as
// they stream and cut off at the limit. Either way the answer is 413 in the envelope of the
// service the route belongs to; the rest of the body is drained for at most half a second
// (or 64 MiB) and then the socket is closed, so the client reads the 413 rather than a reset
// and a slow sender cannot hold the connection.
import type http from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { Transform } from 'node:stream';
import { AuthError, errorBody } from './auth/errors.ts';
import { StorageError } from './storage/errors.ts';

export interface BodyLimits {
  /** /rest/v1: JSON filters, inserts and RPC arguments. */
  rest: number;
  /** /auth/v1: credentials and profile updates. */
  auth: number;
  /** /functions/v1: function calls and webhooks (Stripe's events are a few KB). */
  functions: number;
  /** Object uploads under /storage/v1/object (the storage service applies each bucket's own limit). */
  storageUpload: number;
  /** Everything else: storage's JSON routes, the mail API. */
  other: number;
}

const KiB = 1024;
const MiB = 1024 * KiB;

export const defaultBodyLimits: BodyLimits = {
  rest: 1 * MiB,
  auth: 64 * KiB,
  functions: 6 * MiB,
  // the largest bucket limit (pattern-files, 200 MiB) plus room for multipart framing
  storageUpload: 200 * MiB + 64 * KiB,
  other: 1 * MiB,
};

type Service = 'rest' | 'auth' | 'storage' | 'functions' | 'gateway';

export interface RouteLimit {
  bytes: number;
  service: Service;
}

// Storage routes under /object that carry JSON, not a file.
const storageJson = /^\/storage\/v1\/object\/(sign|list|move|copy|info|public|authenticated)(\/|$)/;

export function bodyLimitFor(method: string, path: string, limits: BodyLimits): RouteLimit {
  if (path === '/rest/v1' || path.startsWith('/rest/v1/')) return { bytes: limits.rest, service: 'rest' };
  if (path.startsWith('/auth/v1/')) return { bytes: limits.auth, service: 'auth' };
  if (path === '/functions/v1' || path.startsWith('/functions/v1/')) return { bytes: limits.functions, service: 'functions' };
  if (path.startsWith('/storage/v1/')) {
    const upload =
      (method === 'POST' || method === 'PUT') &&
      path.startsWith('/storage/v1/object/') &&
      (path.startsWith('/storage/v1/object/upload/sign/') ? method === 'PUT' : !storageJson.test(path));
    return { bytes: upload ? limits.storageUpload : limits.other, service: 'storage' };
  }
  return { bytes: limits.other, service: 'gateway' };
}

/** The 413 body in the envelope each service's clients read (postgrest-js, auth-js, storage-js, functions). */
export function tooLargeBody(limit: RouteLimit): Record<string, unknown> {
  const message = `Request body is larger than the ${limit.bytes} bytes this route accepts`;
  switch (limit.service) {
    case 'rest':
      // PostgREST has no code of its own for this (its proxy answers first); PGRST413 is the gateway's.
      return { code: 'PGRST413', message: 'Payload Too Large', details: message, hint: 'Send fewer rows per request.' };
    case 'auth':
      return errorBody(new AuthError(413, 'request_too_large', message));
    case 'storage':
      return { statusCode: '413', code: 'EntityTooLarge', error: 'Payload too large', message };
    case 'functions':
      return { error: message };
    default:
      return { message };
  }
}

/** Reads and drops what is left of a refused body for at most 500 ms or 64 MiB, then closes. */
export function drainThenClose(req: http.IncomingMessage): void {
  if (req.complete) return;
  let dropped = 0;
  const close = () => {
    clearTimeout(timer);
    req.socket.destroy();
  };
  const timer = setTimeout(close, 500);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > 64 * MiB) close();
  });
  req.on('end', () => clearTimeout(timer));
  req.resume();
}

/**
 * The body limit for the plain-Node REST proxy. Returns false (and answers 413) when the
 * declared length is over the limit; otherwise a stream to pipe the body through, which calls
 * onOverflow once and stops passing bytes when a chunked body goes over.
 */
export function restBodyGuard(req: http.IncomingMessage, limit: RouteLimit, onOverflow: () => void): Transform | false {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit.bytes) return false;
  let seen = 0;
  let over = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (over) return done();
      seen += chunk.length;
      if (seen > limit.bytes) {
        over = true;
        onOverflow();
        return done();
      }
      done(null, chunk);
    },
  });
}

/**
 * Hono middleware for the other services: refuses a declared length over the limit without
 * reading, and counts a streamed body as the service reads it. When the count goes over, the
 * service's read fails and the gateway answers 413 itself without waiting for the service.
 */
export function bodyLimitMiddleware(limits: BodyLimits): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS' || !raw.body) return next();
    const limit = bodyLimitFor(c.req.method, new URL(c.req.url).pathname, limits);
    const declared = raw.headers.get('content-length');
    if (declared !== null && Number(declared) > limit.bytes) return tooLarge(c, limit);

    let seen = 0;
    let overflowed!: () => void;
    const overflow = new Promise<'overflow'>((resolve) => (overflowed = () => resolve('overflow')));
    const counted = raw.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > limit.bytes) {
            overflowed();
            controller.error(bodyTooLargeError(limit));
            return;
          }
          controller.enqueue(chunk);
        },
      }),
      // Cancelling the source would destroy the socket before the 413 is written; it is
      // drained and closed after the answer instead.
      { preventCancel: true },
    );
    c.req.raw = new Request(raw, { body: counted, duplex: 'half' } as RequestInit);
    const served = next();
    const first = await Promise.race([served.then(() => 'served' as const), overflow]);
    if (first === 'served') return;
    served.catch(() => undefined); // the service fails reading; its answer is not sent
    return tooLarge(c, limit);
  };
}

/** What the service's own read fails with: its error type, so its handler answers quietly. */
function bodyTooLargeError(limit: RouteLimit): Error {
  const message = `Request body is larger than the ${limit.bytes} bytes this route accepts`;
  if (limit.service === 'auth') return new AuthError(413, 'request_too_large', message);
  if (limit.service === 'storage') return new StorageError(413, 'EntityTooLarge', 'Payload too large', message);
  return new Error(message);
}

function tooLarge(c: Context, limit: RouteLimit): Response {
  // The body is left unread: @hono/node-server drains it (≤ 500 ms / 64 MiB) and then closes.
  // No Connection: close: Node would close at once and the unread body would turn the close
  // into a reset that can reach the client before the 413 does.
  return c.json(tooLargeBody(limit), 413);
}

/** BODY_LIMIT_* values: bytes, or a size like "1MB" / "64KB" (binary units). */
export function parseSize(name: string, value: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value);
  if (!match) throw new Error(`${name} must be a number of bytes or a size like "1MB", got ${JSON.stringify(value)}`);
  const unit = { b: 1, kb: KiB, mb: MiB, gb: 1024 * MiB }[(match[2] ?? 'b').toLowerCase() as 'b'];
  return Math.floor(Number(match[1]) * unit);
}
