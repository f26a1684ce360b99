// The one origin supabase-js talks to (Kong's job in Supabase): CORS, the apikey check,
// /rest/v1 proxied to PostgREST, the auth, storage and functions apps, the mail inbox.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { proxy } from 'hono/proxy';
import { serve } from '@hono/node-server';
import type { ServiceContext } from './context.ts';
import type { PostgrestHandle } from './postgrest/index.ts';

export interface GatewayServices {
  auth: Hono;
  storage: Hono;
  functions: Hono;
  mail: Hono;
}

export interface GatewayOptions {
  ctx: ServiceContext;
  rest: Pick<PostgrestHandle, 'url' | 'isRunning'>;
  services: GatewayServices;
}

const exposedHeaders = [
  'Content-Range', 'Content-Location', 'Content-Profile', 'Content-Type', 'Content-Disposition', 'Content-Length',
  'Location', 'Preference-Applied', 'Range-Unit', 'X-Total-Count', 'X-Supabase-Api-Version', 'X-Sb-Error-Code',
  'Link', 'ETag', 'Last-Modified', 'Cache-Control',
];

/** Routes a browser opens without an apikey (email links, public files, signed URLs, the inbox). */
export function isOpenRoute(method: string, path: string): boolean {
  if (path === '/health' || path === '/mail' || path.startsWith('/mail/')) return true;
  if (path.startsWith('/storage/v1/object/public/')) return true;
  if ((method === 'GET' || method === 'HEAD') && path.startsWith('/storage/v1/object/sign/')) return true;
  if (method === 'GET' && path === '/auth/v1/verify') return true;
  // Functions check the JWT themselves (verify_jwt in config.toml): webhooks carry no apikey.
  if (path === '/functions/v1' || path.startsWith('/functions/v1/')) return true;
  return false;
}

export function createGatewayApp({ ctx, rest, services }: GatewayOptions): Hono {
  const { anonKey, serviceRoleKey } = ctx.config;
  const app = new Hono();

  app.use(
    '*',
    cors({
      origin: (origin) => origin || '*',
      credentials: true,
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposeHeaders: exposedHeaders,
      maxAge: 86400,
    }),
  );

  app.use('*', async (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (c.req.method === 'OPTIONS' || isOpenRoute(c.req.method, path)) return next();
    const key = c.req.header('apikey') ?? new URL(c.req.url).searchParams.get('apikey');
    if (!key) return c.json({ message: 'No API key found in request' }, 401);
    if (key !== anonKey && key !== serviceRoleKey) return c.json({ message: 'Invalid API key' }, 401);
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

  app.all('/rest/v1', (c) => proxyRest(c, rest, ctx));
  app.all('/rest/v1/*', (c) => proxyRest(c, rest, ctx));
  app.route('/auth/v1', services.auth);
  app.route('/storage/v1', services.storage);
  app.route('/functions/v1', services.functions);
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

async function proxyRest(c: Context, rest: GatewayOptions['rest'], ctx: ServiceContext): Promise<Response> {
  if (!rest.isRunning()) return c.json(restDown('PostgREST is not running'), 503);
  const url = new URL(c.req.url);
  // Like Kong's hide_credentials: PostgREST would read ?apikey= as a column filter.
  url.searchParams.delete('apikey');
  const target = `${rest.url}${url.pathname.slice('/rest/v1'.length) || '/'}${url.search}`;
  const headers = new Headers(c.req.raw.headers);
  headers.delete('host');
  try {
    return await proxy(target, {
      method: c.req.method,
      headers,
      body: c.req.raw.body,
      duplex: c.req.raw.body ? 'half' : undefined,
      signal: c.req.raw.signal,
    } as RequestInit);
  } catch (err) {
    if (c.req.raw.signal.aborted) return c.body(null, 499 as never);
    ctx.log.error('gateway', `REST proxy to ${rest.url} failed`, err);
    return c.json(restDown(err instanceof Error ? (err.cause as Error | undefined)?.message ?? err.message : String(err)), 503);
  }
}

export interface GatewayServer {
  url: string;
  close(): Promise<void>;
}

export async function listenGateway(app: Hono, port: number): Promise<GatewayServer> {
  const server = await new Promise<http.Server>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }) as http.Server;
    s.once('listening', () => resolve(s));
    s.once('error', reject);
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
