// Entry of the embedded Realtime, mounted by the gateway under /realtime/v1: the websocket
// (server.ts, taken over on the HTTP upgrade of /realtime/v1/websocket) and the broadcast REST
// API realtime-js uses for httpSend() and for send() before a channel has joined.
import { Hono } from 'hono';
import type { ServiceContext } from '../context.ts';
import type { PostgresHandle } from '../db/postgres.ts';
import type { JwtClaims } from '../db/claims.ts';
import { parseBearer } from '../../../shared/src/bearer.ts';
import { startRealtimeServer, type RealtimeServer } from './server.ts';

export interface Realtime extends RealtimeServer {
  app: Hono;
}

export function startRealtime(ctx: ServiceContext, postgres: PostgresHandle): Realtime {
  const server = startRealtimeServer(ctx, postgres);
  const app = new Hono();

  /** The caller: the bearer token, else the apikey's own claims. */
  const caller = async (authorization: string | undefined, apiKey: string | undefined): Promise<JwtClaims | string> => {
    const token = authorization ? parseBearer(authorization) : apiKey;
    if (!token) return 'Authorization header must be "Bearer <jwt>"';
    return server.verify(token).catch((err: Error) => err.message);
  };
  const apiKeyOf = (c: { req: { header(n: string): string | undefined; url: string } }) =>
    c.req.header('apikey') ?? new URL(c.req.url).searchParams.get('apikey') ?? undefined;

  // POST /api/broadcast {messages: [{topic, event, payload, private}]} → 202; private messages
  // the caller may not send (no insert policy on realtime.messages) are left out, as hosted
  app.post('/api/broadcast', async (c) => {
    const who = await caller(c.req.header('authorization'), apiKeyOf(c));
    if (typeof who === 'string') return c.json({ message: who }, 401);
    const body = (await c.req.json().catch(() => null)) as { messages?: unknown } | null;
    if (!body || !Array.isArray(body.messages)) return c.json({ message: 'The body must be {"messages": [{"topic", "event", "payload"}]}' }, 422);
    for (const m of body.messages as Array<Record<string, unknown>>) {
      if (typeof m?.topic !== 'string' || typeof m.event !== 'string') return c.json({ message: 'Every message needs a topic and an event' }, 422);
    }
    for (const m of body.messages as Array<{ topic: string; event: string; payload?: unknown; private?: unknown }>) {
      await server.broadcastFromRest(who, m.topic, m.event, m.payload ?? {}, m.private === true);
    }
    return c.body(null, 202);
  });

  // POST /api/broadcast/:topic/events/:event[?private=true] (httpSend) → 202
  app.post('/api/broadcast/:topic/events/:event', async (c) => {
    const who = await caller(c.req.header('authorization'), apiKeyOf(c));
    if (typeof who === 'string') return c.json({ error: who }, 401);
    const isPrivate = c.req.query('private') === 'true';
    if (c.req.query('persist') !== undefined || c.req.query('persist[ttl]') !== undefined) {
      return c.json({ error: 'Storing broadcast messages (persist) is not available on the embedded backend' }, 422);
    }
    const payload = (await c.req.json().catch(() => undefined)) as unknown;
    if (payload === undefined) return c.json({ error: 'The body must be JSON' }, 422);
    const sent = await server.broadcastFromRest(who, c.req.param('topic'), c.req.param('event'), payload, isPrivate);
    if (!sent) return c.json({ error: `You do not have permissions to write to this Channel topic: ${c.req.param('topic')}` }, 403);
    return c.body(null, 202);
  });

  app.all('*', (c) => c.json({ message: 'no Route matched with those values' }, 404));
  return Object.assign(server, { app });
}
