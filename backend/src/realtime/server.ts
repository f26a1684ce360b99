// The embedded Realtime: the Phoenix channel protocol realtime-js speaks (protocol.ts), on
// the gateway's /realtime/v1/websocket, with hosted Realtime's rules:
// - a socket opens with a project apikey (the gateway checks it); each channel join carries the
//   user's access token (or falls back to the apikey's claims), verified like every project JWT;
//   `role` and `exp` are required, the channel closes when the token expires unless an
//   `access_token` message brings a new one
// - broadcast (self / ack), presence (track / untrack, presence_state then presence_diff)
// - private channels: RLS on realtime.messages (select to receive, insert to send) as the user
// - broadcasts from the database (realtime.send / realtime.broadcast_changes) reach the topic's
//   channels (private ones only where the select policy lets the user read)
// - postgres_changes of the tables in the supabase_realtime publication, filtered
//   (filters.ts) and delivered only to subscribers who may select the row under RLS, checked
//   as each subscriber's role and claims (realtime.visible_to); a DELETE cannot be checked
//   against a row that is gone, so, as hosted, it carries only the primary key on RLS tables
/// <reference path="./ws.d.ts" />
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { ServiceContext } from '../context.ts';
import type { JwtClaims } from '../db/claims.ts';
import type { PostgresHandle } from '../db/postgres.ts';
import { verifyProjectJwt } from '../jwt.ts';
import { listenForChanges, messagePayload, mayWrite, readPolicies, tableInfo, visibleTo, type Policies, type TableInfo } from './db.ts';
import { matchesFilter, parseFilter, type ParsedFilter } from './filters.ts';
import { decodeFrame, encodeChange, encodeFrame, type Message, type Vsn } from './protocol.ts';

const MAX_CHANNELS_PER_SOCKET = 100;
const MAX_FRAME_BYTES = 1024 * 1024;
/** A socket with no frame for this long is gone (realtime-js heartbeats every 25 s). */
const IDLE_MS = 90_000;
/** A client that stops reading: its socket is dropped once this much waits unsent. */
const MAX_BUFFERED = 16 * 1024 * 1024;
const REQUEST_ROLES = new Set(['anon', 'authenticated', 'service_role']);
/**
 * Distinct claims checked under RLS in the first call of realtime.visible_to for a change; each
 * next call takes twice as many, up to RLS_BATCH_MAX: the first subscribers hear at once, and
 * the rest go in few calls (each call prepares and plans the check once).
 */
const RLS_BATCH_FIRST = 25;
const RLS_BATCH_MAX = 250;
/**
 * Calls in flight at once (the pool has 4 connections, shared with the other services): while
 * the server sends one call's subscribers their change, the database already checks the next.
 */
const RLS_PARALLEL = 2;

class ChannelError extends Error {}

interface JoinConfig {
  broadcast?: { self?: boolean; ack?: boolean };
  presence?: { key?: string; enabled?: boolean };
  postgres_changes?: Array<{ event?: string; schema?: string; table?: string; filter?: string } | null>;
  private?: boolean;
}

interface PgSub {
  id: number;
  channel: Channel;
  event: string;
  schema: string;
  table: string | undefined;
  filter: ParsedFilter | undefined;
}

type PresenceMeta = Record<string, unknown> & { phx_ref: string };

class Channel {
  policies: Policies | null = null;
  pg: PgSub[] = [];
  presenceMeta: PresenceMeta | null = null;
  expiry: NodeJS.Timeout | undefined;
  constructor(
    readonly conn: Connection,
    readonly topic: string,
    readonly sub: string,
    readonly joinRef: string | null,
    readonly isPrivate: boolean,
    readonly self: boolean,
    readonly ack: boolean,
    readonly presenceKey: string,
    public token: string,
    public claims: JwtClaims,
  ) {}
  get key(): string {
    return topicKey(this.isPrivate, this.sub);
  }
  private claimsJson: { of: JwtClaims; text: string } | undefined;
  /** The claims as realtime.visible_to reads them; subscribers with identical claims share one check. */
  get claimsText(): string {
    if (this.claimsJson?.of !== this.claims) this.claimsJson = { of: this.claims, text: JSON.stringify(this.claims) };
    return this.claimsJson.text;
  }
  get canReadBroadcast(): boolean {
    return !this.isPrivate || !!this.policies?.broadcastRead;
  }
  get canReadPresence(): boolean {
    return !this.isPrivate || !!this.policies?.presenceRead;
  }
}

const topicKey = (isPrivate: boolean, sub: string) => `${isPrivate ? 'private' : 'public'}:${sub}`;

class Connection {
  readonly channels = new Map<string, Channel>();
  lastSeen = Date.now();
  private chain: Promise<void> = Promise.resolve();
  constructor(
    readonly ws: WebSocket,
    readonly vsn: Vsn,
    readonly apiKey: string,
  ) {}

  send(m: Message): void {
    this.sendRaw(encodeFrame(m, this.vsn));
  }
  sendRaw(frame: string | Buffer): void {
    if (this.ws.readyState !== 1) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED) return void this.ws.terminate();
    this.ws.send(frame);
  }
  reply(m: Message, status: 'ok' | 'error', response: unknown): void {
    this.send({ join_ref: m.join_ref, ref: m.ref, topic: m.topic, event: 'phx_reply', payload: { status, response } });
  }
  /** Frames of one socket are handled in order, one at a time (a join may wait on the database). */
  enqueue(work: () => Promise<void>): void {
    this.chain = this.chain.then(work, work);
  }
}

interface Change {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  errors?: string[];
}

export interface RealtimeServer {
  /** The gateway's upgrade handler for /realtime/v1/websocket (the apikey already checked). */
  handleUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer, apiKey: string): void;
  /** Broadcast as the REST API does (POST /realtime/v1/api/broadcast): no sender to skip. */
  broadcastFromRest(claims: JwtClaims, topic: string, event: string, payload: unknown, isPrivate: boolean): Promise<boolean>;
  verify(token: string): Promise<JwtClaims>;
  stats(): { sockets: number; channels: number; subscriptions: number };
  stop(): Promise<void>;
}

export function startRealtimeServer(ctx: ServiceContext, postgres: PostgresHandle): RealtimeServer {
  const { pool, log } = ctx;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const connections = new Set<Connection>();
  const byTopic = new Map<string, Set<Channel>>();
  const pgSubs = new Set<PgSub>();
  /** presence by topic key: presence key → phx_ref → meta */
  const presence = new Map<string, Map<string, Map<string, PresenceMeta>>>();
  const tables = new Map<string, { at: number; info: Promise<TableInfo | null> }>();
  let nextSubId = 1;
  let changeChain: Promise<void> = Promise.resolve();
  let stopping: Promise<void> | undefined;

  // ---- tokens ----
  async function verify(token: string): Promise<JwtClaims> {
    let claims: JwtClaims;
    try {
      claims = (await verifyProjectJwt(token, ctx.config)) as JwtClaims;
    } catch (err) {
      const e = err as { code?: string; payload?: { exp?: number } };
      if (e.code === 'ERR_JWT_EXPIRED') {
        const ago = Math.max(0, Math.floor(Date.now() / 1000) - Number(e.payload?.exp ?? 0));
        throw new ChannelError(`InvalidJWTToken: Token has expired ${ago} seconds ago`);
      }
      if (e.code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' || e.code === 'ERR_JWKS_NO_MATCHING_KEY')
        throw new ChannelError('JwtSignatureError: Failed to validate JWT signature');
      throw new ChannelError('MalformedJWT: The token provided is not a valid JWT');
    }
    if (typeof claims.role !== 'string' || typeof claims.exp !== 'number')
      throw new ChannelError('InvalidJWTToken: Fields `role` and `exp` are required in JWT');
    if (!REQUEST_ROLES.has(claims.role)) throw new ChannelError(`Unauthorized: role "${claims.role}" is not allowed`);
    return claims;
  }

  function armExpiry(channel: Channel): void {
    clearTimeout(channel.expiry);
    const ms = Number(channel.claims.exp) * 1000 - Date.now();
    channel.expiry = setTimeout(
      () => shutdown(channel, `Token has expired ${Math.max(0, Math.round((Date.now() - Number(channel.claims.exp) * 1000) / 1000))} seconds ago`),
      Math.max(0, Math.min(ms, 2 ** 31 - 1)),
    );
  }

  // ---- channels ----
  function system(channel: Channel, extension: string, status: 'ok' | 'error', message: string): void {
    channel.conn.send({
      join_ref: channel.joinRef,
      ref: null,
      topic: channel.topic,
      event: 'system',
      payload: { extension, status, message, channel: channel.sub },
    });
  }

  /** Ends a channel from the server's side: a system error, then phx_close (hosted's shutdown_response). */
  function shutdown(channel: Channel, message: string): void {
    if (channel.conn.channels.get(channel.topic) !== channel) return;
    system(channel, 'system', 'error', message);
    remove(channel);
    channel.conn.send({ join_ref: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: 'phx_close', payload: {} });
  }

  function remove(channel: Channel): void {
    clearTimeout(channel.expiry);
    if (channel.conn.channels.get(channel.topic) === channel) channel.conn.channels.delete(channel.topic);
    byTopic.get(channel.key)?.delete(channel);
    if (byTopic.get(channel.key)?.size === 0) byTopic.delete(channel.key);
    for (const s of channel.pg) pgSubs.delete(s);
    channel.pg = [];
    untrack(channel);
  }

  async function join(conn: Connection, m: Message): Promise<void> {
    const sub = m.topic.slice('realtime:'.length);
    if (!sub) return conn.reply(m, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
    const existing = conn.channels.get(m.topic);
    if (existing) remove(existing);
    if (conn.channels.size >= MAX_CHANNELS_PER_SOCKET) return conn.reply(m, 'error', { reason: 'ChannelRateLimitReached: Too many channels' });
    const payload = (m.payload ?? {}) as { config?: JoinConfig; access_token?: unknown; user_token?: unknown };
    const config: JoinConfig = payload.config ?? {};
    const given = typeof payload.user_token === 'string' ? payload.user_token : typeof payload.access_token === 'string' ? payload.access_token : null;
    const token = given && !given.startsWith('sb_') ? given : conn.apiKey;
    let claims: JwtClaims;
    try {
      claims = await verify(token);
    } catch (err) {
      if (err instanceof ChannelError) return conn.reply(m, 'error', { reason: err.message });
      throw err;
    }
    const isPrivate = config.private === true;
    const channel = new Channel(
      conn,
      m.topic,
      sub,
      m.join_ref,
      isPrivate,
      config.broadcast?.self === true,
      config.broadcast?.ack === true,
      typeof config.presence?.key === 'string' && config.presence.key ? config.presence.key : randomUUID(),
      token,
      claims,
    );
    if (isPrivate) {
      channel.policies = await readPolicies(pool, claims, sub);
      if (!channel.policies.broadcastRead && !channel.policies.presenceRead) {
        return conn.reply(m, 'error', { reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${sub}` });
      }
    }
    // postgres_changes: an id per distinct filter, echoed as the client sent it
    const requested = (config.postgres_changes ?? []).filter((p): p is NonNullable<typeof p> => !!p && typeof p === 'object');
    const echoed: Array<Record<string, unknown>> = [];
    const problems: string[] = [];
    for (const p of requested) {
      const id = nextSubId++;
      echoed.push({ id, event: p.event, schema: p.schema, table: p.table, filter: p.filter });
      const parsed = typeof p.filter === 'string' && p.filter ? parseFilter(p.filter) : undefined;
      if (typeof parsed === 'string') {
        problems.push(parsed);
        continue;
      }
      const event = String(p.event ?? '*').toUpperCase();
      if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event)) {
        problems.push(`Error parsing \`event\` params: ${JSON.stringify(p.event)} is not one of *, INSERT, UPDATE, DELETE`);
        continue;
      }
      const schema = typeof p.schema === 'string' && p.schema ? p.schema : 'public';
      const table = typeof p.table === 'string' && p.table && p.table !== '*' ? p.table : undefined;
      if (table && !(await tableFor(schema, table))) {
        problems.push(
          `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [schema: ${schema}, table: ${table}, filters: ${p.filter ? `[${p.filter}]` : '[]'}]`,
        );
        continue;
      }
      channel.pg.push({ id, channel, event, schema, table, filter: parsed });
    }
    if (conn.ws.readyState !== 1) return;
    conn.channels.set(m.topic, channel);
    let members = byTopic.get(channel.key);
    if (!members) byTopic.set(channel.key, (members = new Set()));
    members.add(channel);
    for (const s of channel.pg) pgSubs.add(s);
    armExpiry(channel);
    conn.reply(m, 'ok', { postgres_changes: echoed });
    if (requested.length) {
      if (problems.length) system(channel, 'postgres_changes', 'error', problems.join('; '));
      else system(channel, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    }
    if (config.presence?.enabled === true && channel.canReadPresence) {
      conn.send({ join_ref: channel.joinRef, ref: null, topic: m.topic, event: 'presence_state', payload: presenceState(channel.key) });
    }
  }

  // ---- broadcast ----
  function deliverBroadcast(key: string, payload: Record<string, unknown>, from: Channel | null): void {
    for (const c of byTopic.get(key) ?? []) {
      if (c === from && !from.self) continue;
      if (!c.canReadBroadcast) continue;
      c.conn.send({ join_ref: null, ref: null, topic: c.topic, event: 'broadcast', payload });
    }
  }

  async function broadcastIn(channel: Channel, m: Message): Promise<void> {
    const p = (m.payload ?? {}) as Record<string, unknown>;
    if (channel.isPrivate) {
      channel.policies!.broadcastWrite ??= await mayWrite(pool, channel.claims, channel.sub, 'broadcast');
      // as hosted: no write policy, no delivery and no reply (an ack'd send times out)
      if (!channel.policies!.broadcastWrite) return;
    }
    deliverBroadcast(channel.key, { type: 'broadcast', event: p.event, payload: p.payload, ...(p.meta === undefined ? {} : { meta: p.meta }) }, channel);
    if (channel.ack) channel.conn.reply(m, 'ok', {});
  }

  // ---- presence ----
  function presenceState(key: string): Record<string, { metas: PresenceMeta[] }> {
    const state: Record<string, { metas: PresenceMeta[] }> = {};
    for (const [k, metas] of presence.get(key) ?? []) state[k] = { metas: [...metas.values()] };
    return state;
  }

  function presenceDiff(key: string, joins: Record<string, { metas: PresenceMeta[] }>, leaves: Record<string, { metas: PresenceMeta[] }>): void {
    for (const c of byTopic.get(key) ?? []) {
      if (!c.canReadPresence) continue;
      c.conn.send({ join_ref: null, ref: null, topic: c.topic, event: 'presence_diff', payload: { joins, leaves } });
    }
  }

  function untrack(channel: Channel): void {
    const old = channel.presenceMeta;
    if (!old) return;
    channel.presenceMeta = null;
    const metas = presence.get(channel.key)?.get(channel.presenceKey);
    metas?.delete(old.phx_ref);
    if (metas && metas.size === 0) presence.get(channel.key)!.delete(channel.presenceKey);
    if (presence.get(channel.key)?.size === 0) presence.delete(channel.key);
    presenceDiff(channel.key, {}, { [channel.presenceKey]: { metas: [old] } });
  }

  async function presenceIn(channel: Channel, m: Message): Promise<void> {
    const p = (m.payload ?? {}) as { event?: string; payload?: unknown };
    if (channel.isPrivate) {
      channel.policies!.presenceWrite ??= await mayWrite(pool, channel.claims, channel.sub, 'presence');
      if (!channel.policies!.presenceWrite)
        return channel.conn.reply(m, 'error', { reason: `Unauthorized: You do not have permissions to write to this Channel topic: ${channel.sub}` });
    }
    if (p.event === 'untrack') {
      untrack(channel);
      return channel.conn.reply(m, 'ok', {});
    }
    if (p.event !== 'track') return channel.conn.reply(m, 'error', { reason: `Unknown presence event ${JSON.stringify(p.event)}` });
    if (!p.payload || typeof p.payload !== 'object' || Array.isArray(p.payload)) {
      return channel.conn.reply(m, 'error', { reason: 'Presence track payload must be a map' });
    }
    const old = channel.presenceMeta;
    const meta: PresenceMeta = {
      ...(p.payload as Record<string, unknown>),
      phx_ref: randomUUID().replace(/-/g, '').slice(0, 20),
      ...(old ? { phx_ref_prev: old.phx_ref } : {}),
    };
    let byKey = presence.get(channel.key);
    if (!byKey) presence.set(channel.key, (byKey = new Map()));
    let metas = byKey.get(channel.presenceKey);
    if (!metas) byKey.set(channel.presenceKey, (metas = new Map()));
    if (old) metas.delete(old.phx_ref);
    metas.set(meta.phx_ref, meta);
    channel.presenceMeta = meta;
    presenceDiff(channel.key, { [channel.presenceKey]: { metas: [meta] } }, old ? { [channel.presenceKey]: { metas: [old] } } : {});
    channel.conn.reply(m, 'ok', {});
  }

  // ---- a new access token ----
  async function accessToken(channel: Channel, m: Message): Promise<void> {
    const token = (m.payload as { access_token?: unknown } | null)?.access_token;
    if (typeof token !== 'string' || token.startsWith('sb_') || token === channel.token) return;
    let claims: JwtClaims;
    try {
      claims = await verify(token);
    } catch (err) {
      if (err instanceof ChannelError) return shutdown(channel, err.message.replace(/^[A-Za-z]+: /, ''));
      throw err;
    }
    if (channel.isPrivate) {
      const policies = await readPolicies(pool, claims, channel.sub);
      if (
        (channel.policies?.broadcastRead && !policies.broadcastRead) ||
        (channel.policies?.presenceRead && !policies.presenceRead) ||
        (!policies.broadcastRead && !policies.presenceRead)
      ) {
        return shutdown(channel, `You no longer have permission to read from this Channel topic: ${channel.sub}`);
      }
      channel.policies = policies;
    }
    channel.token = token;
    channel.claims = claims;
    armExpiry(channel);
  }

  // ---- frames ----
  async function handle(conn: Connection, m: Message): Promise<void> {
    if (m.topic === 'phoenix') {
      if (m.event === 'heartbeat') conn.reply(m, 'ok', {});
      return;
    }
    if (m.event === 'phx_join') {
      if (!m.topic.startsWith('realtime:')) return conn.reply(m, 'error', { reason: 'unmatched topic' });
      return join(conn, m);
    }
    const channel = conn.channels.get(m.topic);
    if (!channel || (m.join_ref !== null && m.join_ref !== channel.joinRef)) {
      if (m.event !== 'phx_leave') conn.reply(m, 'error', { reason: 'unmatched topic' });
      else conn.reply(m, 'ok', {});
      return;
    }
    switch (m.event) {
      case 'phx_leave':
        remove(channel);
        conn.reply(m, 'ok', {});
        conn.send({ join_ref: channel.joinRef, ref: channel.joinRef, topic: m.topic, event: 'phx_close', payload: {} });
        return;
      case 'broadcast':
        return broadcastIn(channel, m);
      case 'presence':
        return presenceIn(channel, m);
      case 'access_token':
        return accessToken(channel, m);
      default:
        // hosted ignores what it does not know
        return;
    }
  }

  function onConnection(ws: WebSocket, vsn: Vsn, apiKey: string): void {
    const conn = new Connection(ws, vsn, apiKey);
    connections.add(conn);
    ws.on('message', (data: RawData, isBinary: boolean) => {
      conn.lastSeen = Date.now();
      const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      let m: Message;
      try {
        m = decodeFrame(bytes, isBinary, vsn);
      } catch {
        return; // as Phoenix: a frame it cannot read is dropped
      }
      conn.enqueue(() =>
        handle(conn, m).catch((err: unknown) => {
          log.error('realtime', `${m.event} on ${m.topic} failed`, err);
          if (m.event === 'phx_join') conn.reply(m, 'error', { reason: 'Realtime was unable to connect to the project database' });
        }),
      );
    });
    ws.on('close', () => {
      connections.delete(conn);
      for (const c of [...conn.channels.values()]) remove(c);
    });
    ws.on('error', () => ws.terminate());
  }

  const idle = setInterval(() => {
    const now = Date.now();
    for (const c of connections) if (now - c.lastSeen > IDLE_MS) c.ws.terminate();
  }, 15_000);
  idle.unref();

  // ---- the database's stream ----
  /** A table's shape, cached; older than 10 s it is read again in the background (a change never waits for it). */
  function tableFor(schema: string, table: string): Promise<TableInfo | null> {
    const k = `${schema}.${table}`;
    const cached = tables.get(k);
    if (cached && Date.now() - cached.at < 10_000) return cached.info;
    const info = tableInfo(pool, schema, table).catch((err: unknown) => {
      tables.delete(k);
      throw err;
    });
    if (!cached) {
      tables.set(k, { at: Date.now(), info });
      return info;
    }
    cached.at = Date.now();
    void info.then(
      (fresh) => tables.set(k, { at: Date.now(), info: Promise.resolve(fresh) }),
      () => undefined,
    );
    return cached.info;
  }

  function pick(record: Record<string, unknown> | null, keep: (column: string) => boolean): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(record ?? {})) if (keep(k)) out[k] = v;
    return out;
  }

  async function dispatchChange(c: Change): Promise<void> {
    const subs = [...pgSubs].filter(
      (s) => (s.schema === '*' || s.schema === c.schema) && (!s.table || s.table === c.table) && (s.event === '*' || s.event === c.type),
    );
    if (!subs.length) return;
    const info = await tableFor(c.schema, c.table);
    if (!info) return;
    const row = c.type === 'DELETE' ? c.old_record : c.record;
    const matching = subs.filter((s) => !s.filter || matchesFilter(s.filter, row, info.types));
    if (!matching.length) return;
    const byChannel = new Map<Channel, number[]>();
    for (const s of matching) {
      const ids = byChannel.get(s.channel);
      if (ids) ids.push(s.id);
      else byChannel.set(s.channel, [s.id]);
    }
    // the change as each role may see it, serialised once; only the ids differ per channel
    const encoded = new Map<string, string>();
    const send = (channels: Iterable<Channel>) => {
      for (const ch of channels) {
        if (ch.conn.channels.get(ch.topic) !== ch) continue;
        const role = String(ch.claims.role);
        let data = encoded.get(role);
        if (data === undefined) {
          const cols = info.selectable[role] ?? new Set<string>();
          const keepOld = (k: string) => cols.has(k) && (!info.rls || c.type !== 'DELETE' || info.pk.includes(k));
          data = JSON.stringify({
            schema: c.schema,
            table: c.table,
            commit_timestamp: c.commit_timestamp,
            type: c.type,
            columns: info.columns.filter((col) => cols.has(col.name)),
            ...(c.type === 'DELETE' ? {} : { record: pick(c.record, (k) => cols.has(k)) }),
            ...(c.type === 'INSERT' ? {} : { old_record: pick(c.old_record, keepOld) }),
            errors: c.errors?.length ? c.errors : null,
          });
          encoded.set(role, data);
        }
        ch.conn.sendRaw(encodeChange(ch.joinRef, ch.topic, byChannel.get(ch)!, data, ch.conn.vsn));
      }
    };
    if (c.type === 'DELETE') {
      // a deleted row cannot be checked under RLS; hosted sends the delete with its key only
      return send([...byChannel.keys()].filter((ch) => (info.selectable[String(ch.claims.role)]?.size ?? 0) > 0));
    }
    // one check per distinct claims, grouped by role (the database switches role only between
    // groups). A role whose policies may show the row to all its subscribers at once
    // (info.seenByRole) goes in one call; the others in calls that grow (RLS_BATCH_FIRST), each
    // call's subscribers sent the change as soon as it answers, while the next is being checked
    const byClaims = new Map<string, Channel[]>();
    for (const ch of byChannel.keys()) {
      const same = byClaims.get(ch.claimsText);
      if (same) same.push(ch);
      else byClaims.set(ch.claimsText, [ch]);
    }
    const roleOf = (group: Channel[]) => String(group[0]!.claims.role);
    const groups = [...byClaims.entries()].sort(([, a], [, b]) => roleOf(a).localeCompare(roleOf(b)));
    const wholeRoles = groups.filter(([, g]) => info.seenByRole[roleOf(g)] !== undefined);
    const oneByOne = groups.filter(([, g]) => info.seenByRole[roleOf(g)] === undefined);
    const batches: Array<Array<[string, Channel[]]>> = wholeRoles.length ? [wholeRoles] : [];
    for (let start = 0, size = RLS_BATCH_FIRST; start < oneByOne.length; start += size, size = Math.min(size * 2, RLS_BATCH_MAX)) {
      batches.push(oneByOne.slice(start, start + size));
    }
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let b = next++; b < batches.length; b = next++) {
        const batch = batches[b]!;
        const visible = await visibleTo(
          pool,
          c.schema,
          c.table,
          c.record ?? {},
          batch.map(([claims]) => claims),
          info,
        );
        send(batch.filter((_, i) => visible.has(i)).flatMap(([, channels]) => channels));
      }
    };
    await Promise.all(Array.from({ length: Math.min(RLS_PARALLEL, batches.length) }, worker));
  }

  async function onPayload(text: string): Promise<void> {
    const n = JSON.parse(text) as { k: string } & Record<string, unknown>;
    if (n.k === 'c') return dispatchChange(n as unknown as Change);
    if (n.k === 'b') {
      const payload = n.big ? await messagePayload(pool, String(n.id)) : n.payload;
      deliverBroadcast(topicKey(n.private === true, String(n.topic)), { type: 'broadcast', event: n.event, payload, meta: { id: n.id } }, null);
    }
  }

  const stopListening = listenForChanges(postgres, log, (text) => {
    changeChain = changeChain.then(() => onPayload(text)).catch((err: unknown) => log.error('realtime', 'a change could not be delivered', err));
  });

  return {
    handleUpgrade(req, socket, head, apiKey) {
      const vsn = new URL(req.url ?? '/', 'http://gateway').searchParams.get('vsn') === '2.0.0' ? '2.0.0' : '1.0.0';
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, vsn, apiKey));
    },
    async broadcastFromRest(claims, topic, event, payload, isPrivate) {
      if (isPrivate && !(await mayWrite(pool, claims, topic, 'broadcast'))) return false;
      deliverBroadcast(topicKey(isPrivate, topic), { type: 'broadcast', event, payload }, null);
      return true;
    },
    verify,
    stats: () => ({ sockets: connections.size, channels: [...byTopic.values()].reduce((n, s) => n + s.size, 0), subscriptions: pgSubs.size }),
    stop: () =>
      (stopping ??= (async () => {
        clearInterval(idle);
        await stopListening();
        for (const c of connections) c.ws.terminate();
        await new Promise<void>((resolve) => wss.close(() => resolve()));
        await changeChain;
      })()),
  };
}
