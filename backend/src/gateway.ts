// The one origin supabase-js talks to (Kong's job in Supabase): CORS, the apikey check,
// /rest/v1 proxied to PostgREST, the auth, storage and functions apps, the mail inbox. Every
// request's address headers are replaced by the one client address (client-address.ts).
// REST requests skip Hono: a plain Node proxy with kept-alive upstream sockets costs under a
// millisecond per request, Hono's fetch-based proxy ~3.5 ms (bench/README.md, backend).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { getRequestListener } from '@hono/node-server';
import type { ServiceContext } from './context.ts';
import type { PostgrestHandle } from './postgrest/index.ts';
import { isRedirectAllowed } from './auth/redirect.ts';
import { bodyLimitFor, bodyLimitMiddleware, defaultBodyLimits, drainThenClose, restBodyGuard, tooLargeBody, type BodyLimits } from './body-limits.ts';
import { clientAddress, passClientAddress, trustedProxyList } from './client-address.ts';
import { matchesIfNoneMatch, PublicCache, type Kept } from './public-cache.ts';

export interface GatewayServices {
  auth: Hono;
  storage: Hono;
  functions: Hono;
  mail: Hono;
  /** The embedded Realtime: its REST API under /realtime/v1 (the websocket: createUpgradeHandler). */
  realtime?: Hono;
}

export interface GatewayOptions {
  ctx: ServiceContext;
  rest: Pick<PostgrestHandle, 'url' | 'isRunning'>;
  services: GatewayServices;
}

const exposedHeaders = [
  'Content-Range',
  'Content-Location',
  'Content-Profile',
  'Content-Type',
  'Content-Disposition',
  'Content-Length',
  'Location',
  'Preference-Applied',
  'Range-Unit',
  'X-Total-Count',
  'X-Supabase-Api-Version',
  'X-Sb-Error-Code',
  'Link',
  'ETag',
  'Last-Modified',
  'Cache-Control',
];

const OPEN_AUTH_READS = new Set(['/auth/v1/.well-known/jwks.json', '/auth/v1/settings', '/auth/v1/health', '/auth/v1/authorize', '/auth/v1/sso/saml/metadata']);

/** Routes a browser opens without an apikey (email links, public files, signed URLs, the inbox). */
export function isOpenRoute(method: string, path: string): boolean {
  if (path === '/health' || path === '/mail' || path.startsWith('/mail/')) return true;
  if (path.startsWith('/storage/v1/object/public/')) return true;
  if ((method === 'GET' || method === 'HEAD') && path.startsWith('/storage/v1/render/image/public/')) return true;
  if ((method === 'GET' || method === 'HEAD') && path.startsWith('/storage/v1/object/sign/')) return true;
  if ((method === 'GET' || method === 'HEAD') && path.startsWith('/storage/v1/render/image/sign/')) return true;
  if (method === 'GET' && path === '/auth/v1/verify') return true;
  // Auth calls a browser or a JWT verifier makes without keys, as the CLI's stack and hosted
  // Supabase let through: OAuth/SAML round trips, the public keys, settings and health.
  if ((method === 'GET' || method === 'HEAD') && OPEN_AUTH_READS.has(path)) return true;
  if (path === '/auth/v1/callback' || path === '/auth/v1/sso/saml/acs') return true;
  // Functions check the JWT themselves (verify_jwt in config.toml): webhooks carry no apikey.
  if (path === '/functions/v1' || path.startsWith('/functions/v1/')) return true;
  return false;
}

/** Why a request's apikey is refused, or null when it is one of the project's keys. */
function apiKeyRefusal(key: string | null | undefined, config: ServiceContext['config']): string | null {
  if (!key) return 'No API key found in request';
  if (key !== config.anonKey && key !== config.serviceRoleKey) return 'Invalid API key';
  return null;
}

/** The gateway: REST straight to PostgREST, everything else (and REST preflights) through Hono. */
export function createGateway(options: GatewayOptions): http.RequestListener {
  const app = createGatewayApp(options);
  const viaHono = getRequestListener(app.fetch);
  const toRest = createRestProxy(options);
  const limits = limitsOf(options.ctx);
  const trusted = trustedProxyList(options.ctx.config.trustedProxies ?? []);
  return (req, res) => {
    // What PostgREST (request.headers in SQL), the functions and auth see as the client's
    // address: the socket's peer or a trusted proxy's hop, never what the client wrote.
    passClientAddress(req, clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'] as string | undefined, trusted));
    const url = req.url ?? '/';
    // `Expect: 100-continue` (curl sends it for large bodies): invite the body only when its
    // declared length is within the route's limit; otherwise the route answers 413 unread.
    if (req.headers.expect?.toLowerCase() === '100-continue') {
      const declared = Number(req.headers['content-length'] ?? 0);
      if (!(declared > bodyLimitFor(req.method ?? 'GET', new URL(url, 'http://gateway').pathname, limits).bytes)) res.writeContinue();
    }
    const isRest = (url === '/rest/v1' || url.startsWith('/rest/v1/') || url.startsWith('/rest/v1?')) && req.method !== 'OPTIONS';
    if (isRest) toRest(req, res);
    else void viaHono(req, res);
  };
}

const limitsOf = (ctx: ServiceContext): BodyLimits => ({ ...defaultBodyLimits, ...ctx.config.bodyLimits });

const isMail = (path: string) => path === '/mail' || path.startsWith('/mail/');
const isFunctions = (path: string) => path === '/functions/v1' || path.startsWith('/functions/v1/');

function createGatewayApp({ ctx, rest, services }: GatewayOptions): Hono {
  const app = new Hono();

  // As Supabase's API (its Kong): any origin, no credentials (supabase-js sends its keys and tokens
  // in headers, never cookies). The local inbox is the exception: only the app's own origins
  // (SITE_URL's host, the redirect allow list) may read it from a page. /functions/v1 gets
  // nothing here, as on hosted: each function answers its preflight and puts CORS on its answers
  // (supabase/functions/_shared/handler.ts), so a function that forgets fails here too.
  const anyOrigin = cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposeHeaders: exposedHeaders,
    maxAge: 86400,
  });
  const appOrigins = cors({
    origin: (origin) => (origin && isRedirectAllowed(origin, ctx.config) ? origin : null),
    allowMethods: ['GET', 'POST', 'DELETE'],
  });
  app.use('*', (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (isFunctions(path)) return next();
    return isMail(path) ? appOrigins(c, next) : anyOrigin(c, next);
  });
  app.use('*', bodyLimitMiddleware(limitsOf(ctx)));

  app.use('*', async (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (c.req.method === 'OPTIONS' || isOpenRoute(c.req.method, path)) return next();
    const refusal = apiKeyRefusal(c.req.header('apikey') ?? new URL(c.req.url).searchParams.get('apikey'), ctx.config);
    if (refusal) return c.json({ message: refusal }, 401);
    return next();
  });

  app.get('/health', async (c) => {
    const db = await ctx.pool
      .query('select 1')
      .then(() => 'up' as const)
      .catch(() => 'down' as const);
    const restState = rest.isRunning() ? 'up' : 'down';
    const ok = db === 'up' && restState === 'up';
    return c.json({ status: ok ? 'ok' : 'degraded', services: { db, rest: restState } }, ok ? 200 : 503);
  });

  app.route('/auth/v1', services.auth);
  app.route('/storage/v1', services.storage);
  app.route('/functions/v1', services.functions);
  if (services.realtime) app.route('/realtime/v1', services.realtime);
  app.route('/mail', services.mail);

  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404));
  app.onError((err, c) => {
    ctx.log.error('gateway', `${c.req.method} ${new URL(c.req.url).pathname} failed`, err);
    return c.json({ message: 'An unexpected error occurred' }, 500);
  });
  return app;
}

const restDown = (details: string) => ({
  code: 'PGRST000',
  message: 'The REST service is not available',
  details,
  hint: 'The backend may be starting or stopping; try again in a moment.',
});

/** /rest/v1 → PostgREST: the apikey check, CORS headers as Hono's cors() sets them, bodies streamed both ways. */
function createRestProxy({ ctx, rest }: Pick<GatewayOptions, 'ctx' | 'rest'>): http.RequestListener {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const limits = limitsOf(ctx);
  const upstream = new URL(rest.url);
  const cache = ctx.config.publicCache === false ? null : new PublicCache(ctx.config.publicCache ?? {});
  return (req, res) => {
    const cors: http.OutgoingHttpHeaders = {
      'access-control-allow-origin': '*',
      'access-control-expose-headers': exposedHeaders.join(','),
    };
    const answer = (status: number, body: unknown): void => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(status, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', 'http://gateway');
    const refusal = apiKeyRefusal((req.headers.apikey as string | undefined) ?? url.searchParams.get('apikey'), ctx.config);
    if (refusal) return answer(401, { message: refusal });
    if (!rest.isRunning()) return answer(503, restDown('PostgREST is not running'));
    const limit = bodyLimitFor(req.method ?? 'GET', url.pathname, limits);
    let refused = false;
    const refuse = (): void => {
      refused = true;
      forward?.destroy();
      // PostgREST answered before the body went over (it rarely does): cut that answer short
      if (res.headersSent) return void (res.writableFinished ? drainThenClose(req) : res.destroy());
      res.writeHead(413, { ...cors, 'content-type': 'application/json' });
      res.end(JSON.stringify(tooLargeBody(limit)), () => drainThenClose(req));
    };
    const guard = restBodyGuard(req, limit, () => {
      req.unpipe();
      refuse();
    });
    let forward: http.ClientRequest | undefined;
    if (!guard) return refuse();
    // Like Kong's hide_credentials: PostgREST would read ?apikey= as a column filter.
    const restPath = url.pathname.slice('/rest/v1'.length) || '/';
    const cacheKey = cache?.keyFor(req, restPath, url.search, ctx.config.anonKey) ?? null;
    url.searchParams.delete('apikey');
    const headers = { ...req.headers };
    delete headers.host;
    delete headers.connection;
    if (cache && cacheKey) {
      req.resume(); // a GET's (empty) body
      return void serveFromCache(cache, cacheKey, req, res, cors, () => fetchWhole(agent, upstream, `${restPath}${url.search}`, headers)).catch(
        (err: Error) => {
          if (res.destroyed) return;
          ctx.log.error('gateway', `REST proxy to ${rest.url} failed`, err);
          answer(503, restDown(err.message));
        },
      );
    }
    forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        agent,
        headers,
        path: `${url.pathname.slice('/rest/v1'.length) || '/'}${url.search}`,
      },
      (reply) => {
        // PostgREST answered a write (committed or not): anonymous readers must not see the old rows
        if (cache && !PublicCache.isRead(req.method, restPath)) cache.invalidate();
        const { connection: _c, 'keep-alive': _k, 'transfer-encoding': _t, ...replyHeaders } = reply.headers;
        // nothing else through /rest/v1 is for a shared cache: a user's answers are theirs alone
        res.writeHead(reply.statusCode ?? 502, { 'cache-control': 'private, no-store', ...replyHeaders, ...cors });
        reply.pipe(res);
      },
    );
    forward.on('error', (err) => {
      if (res.destroyed || refused) return;
      ctx.log.error('gateway', `REST proxy to ${rest.url} failed`, err);
      answer(503, restDown(err.message));
    });
    // the browser went away (navigation, AbortController): stop the upstream request too
    res.on('close', () => {
      if (!res.writableFinished) forward?.destroy();
    });
    req.pipe(guard).pipe(forward);
  };
}

/** One GET to PostgREST, its whole body read (conditional headers left out: the gateway validates). */
function fetchWhole(
  agent: http.Agent,
  upstream: URL,
  path: string,
  headers: http.IncomingHttpHeaders,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const { 'if-none-match': _n, 'if-modified-since': _m, 'content-length': _l, ...sent } = headers;
  return new Promise((resolve, reject) => {
    const request = http.request({ host: upstream.hostname, port: upstream.port, method: 'GET', agent, headers: sent, path }, (reply) => {
      const chunks: Buffer[] = [];
      reply.on('data', (chunk: Buffer) => chunks.push(chunk));
      reply.on('end', () => resolve({ status: reply.statusCode ?? 502, headers: reply.headers, body: Buffer.concat(chunks) }));
      reply.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** An anonymous catalog read: a fresh kept answer, a stale one while it is refreshed, or PostgREST's (kept when it can be). */
async function serveFromCache(
  cache: PublicCache,
  key: string,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  cors: http.OutgoingHttpHeaders,
  fetchUpstream: () => ReturnType<typeof fetchWhole>,
): Promise<void> {
  const hit = cache.lookup(key);
  let entry: Kept | null;
  let state: string;
  if (hit?.state === 'fresh') [entry, state] = [hit.entry, 'hit'];
  else if (hit?.state === 'stale') {
    [entry, state] = [hit.entry, 'stale'];
    void cache.refresh(key, fetchUpstream).catch(() => undefined); // the next reader gets the new answer
  } else [entry, state] = [await cache.refresh(key, fetchUpstream), 'miss'];
  if (res.destroyed || !entry) return;
  const ok = entry.status === 200 && entry.body.byteLength <= cache.maxBodyBytes;
  const headers: http.OutgoingHttpHeaders = {
    ...entry.headers,
    ...cors,
    'x-cache': state,
    ...(ok
      ? {
          etag: entry.etag,
          'cache-control': cache.cacheControl,
          age: String(PublicCache.ageOf(entry)),
          vary: 'Accept, Accept-Profile, Prefer, Range, Authorization, apikey',
        }
      : { 'cache-control': 'no-store' }),
  };
  if (ok && matchesIfNoneMatch(req.headers['if-none-match'] as string | undefined, entry.etag)) {
    delete headers['content-type'];
    delete headers['content-range'];
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(entry.status, { ...headers, 'content-length': String(entry.body.byteLength) });
  res.end(req.method === 'HEAD' ? undefined : entry.body);
}

/** Answers an HTTP upgrade the gateway refuses, on the raw socket (no websocket yet). */
function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * Websocket upgrades: /realtime/v1/websocket with a project apikey (the ?apikey= realtime-js
 * adds, as Kong checks it on hosted) goes to the embedded Realtime; anything else is refused.
 */
export function createUpgradeHandler(
  ctx: ServiceContext,
  realtime: { handleUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer, apiKey: string): void },
): (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void {
  const trusted = trustedProxyList(ctx.config.trustedProxies ?? []);
  return (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    passClientAddress(req, clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'] as string | undefined, trusted));
    const url = new URL(req.url ?? '/', 'http://gateway');
    if (url.pathname !== '/realtime/v1/websocket' && url.pathname !== '/realtime/v1/websocket/') {
      return refuseUpgrade(socket, 404, 'no Route matched with those values');
    }
    const key = (req.headers.apikey as string | undefined) ?? url.searchParams.get('apikey');
    const refusal = apiKeyRefusal(key, ctx.config);
    if (refusal) return refuseUpgrade(socket, 401, refusal);
    realtime.handleUpgrade(req, socket, head, key!);
  };
}

export interface GatewayServer {
  url: string;
  close(): Promise<void>;
}

export async function listenGateway(
  listener: http.RequestListener,
  port: number,
  onUpgrade?: (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void,
): Promise<GatewayServer> {
  const server = await new Promise<http.Server>((resolve, reject) => {
    const s = http.createServer(listener);
    if (onUpgrade) s.on('upgrade', onUpgrade);
    // without this Node answers 100 Continue itself, before the gateway can refuse the body
    s.on('checkContinue', listener);
    s.once('listening', () => resolve(s));
    s.once('error', reject);
    s.listen(port, '127.0.0.1');
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets would hold close() open; end them.
        server.closeAllConnections();
      }),
  };
}
