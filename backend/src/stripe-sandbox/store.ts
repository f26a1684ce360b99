// The sandbox's state, in its own schema of the backend's database (never in
// supabase/migrations: hosted Supabase must not get it). Objects are Stripe JSON plus a private
// `internal` part; every API call runs in one transaction, so 50 concurrent checkouts, a crash
// mid-request and the webhook outbox (events + deliveries written with the change) stay consistent.
import type pg from 'pg';
import { inTransaction } from '../db/tx.ts';
import type { ObjectType } from './ids.ts';

const schemaSql = `
create schema if not exists _stripe_sandbox;
create table if not exists _stripe_sandbox.objects (
  id text primary key,
  type text not null,
  data jsonb not null,
  internal jsonb not null default '{}',
  seq bigserial
);
create index if not exists objects_by_type on _stripe_sandbox.objects (type, seq);
create index if not exists prices_by_lookup_key on _stripe_sandbox.objects ((data->>'lookup_key')) where type = 'price';
create index if not exists objects_by_customer on _stripe_sandbox.objects (type, (data->>'customer'));
create index if not exists open_sessions_by_expiry on _stripe_sandbox.objects (((data->>'expires_at')::bigint)) where type = 'checkout.session' and data->>'status' = 'open';
create table if not exists _stripe_sandbox.idempotency (
  key text primary key,
  request text not null,
  status int not null,
  body jsonb not null,
  request_id text not null,
  created_at timestamptz not null default now()
);
create table if not exists _stripe_sandbox.events (
  id text primary key,
  seq bigserial unique,
  type text not null,
  data jsonb not null
);
create table if not exists _stripe_sandbox.deliveries (
  event_id text primary key references _stripe_sandbox.events (id),
  endpoint text not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_status int,
  last_error text,
  delivered_at timestamptz,
  seq bigint
);
alter table _stripe_sandbox.deliveries add column if not exists seq bigint;
update _stripe_sandbox.deliveries d set seq = e.seq from _stripe_sandbox.events e where e.id = d.event_id and d.seq is null;
drop index if exists _stripe_sandbox.deliveries_due;
create index if not exists deliveries_due_in_order on _stripe_sandbox.deliveries (next_attempt_at, seq) where status = 'pending';
create table if not exists _stripe_sandbox.delivery_attempts (
  id bigserial primary key,
  event_id text not null references _stripe_sandbox.events (id),
  attempt int not null,
  at timestamptz not null default now(),
  status int,
  error text,
  duration_ms int not null
);
create table if not exists _stripe_sandbox.balance (
  currency text primary key,
  available bigint not null default 0
);
create table if not exists _stripe_sandbox.settings (
  key text primary key,
  value jsonb not null
);
`;

export interface Stored<T> {
  id: string;
  type: ObjectType;
  data: T;
  internal: Record<string, unknown>;
}

export async function createSchema(pool: pg.Pool): Promise<void> {
  // one statement at a time: the simple protocol would do, but keep it plain for PGlite's socket
  for (const statement of schemaSql
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean))
    await pool.query(statement);
}

/** One transaction's view of the sandbox; `now` is the sandbox clock when it began (seconds). */
export class Tx {
  /** Events written in this transaction (the worker is woken after commit). */
  readonly emitted: string[] = [];
  /** The API request behind this change (events carry it as `request`); null for pages and the clock. */
  request: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null };

  constructor(
    readonly client: pg.PoolClient,
    readonly now: number,
    /** False for a read (a GET) outside any transaction: writing then throws NeedsTransaction. */
    readonly inTransaction = true,
  ) {}

  /** Objects a read loaded up front (`prefetch`); a read never writes, so they stay what the database had. */
  private readonly prefetched = new Map<string, Stored<unknown>>();

  /**
   * For a read: loads the object and every object its expand[] paths name (a.b.c through string ids)
   * in one statement, so `get` answers them without a statement each.
   */
  async prefetch(id: string, paths: string[]): Promise<void> {
    if (this.inTransaction || paths.length === 0) return;
    const { rows } = await this.client.query<Stored<unknown>>(
      `with recursive walk (path, depth, id, type, data, internal) as (
         select p.path, 0, o.id, o.type, o.data, o.internal
           from unnest($2::text[]) as p (path) join _stripe_sandbox.objects o on o.id = $1
         union all
         select w.path, w.depth + 1, o.id, o.type, o.data, o.internal
           from walk w join _stripe_sandbox.objects o on o.id = w.data ->> (string_to_array(w.path, '.'))[w.depth + 1]
          where w.depth < cardinality(string_to_array(w.path, '.'))
       )
       select distinct on (id) id, type, data, internal from walk`,
      [id, paths],
    );
    for (const row of rows) this.prefetched.set(row.id, row);
  }

  /** Called before any write: a read that turns out to need one runs again in a transaction. */
  mustWrite(): void {
    if (!this.inTransaction) throw new NeedsTransaction();
  }

  async get<T>(id: string, options: { lock?: boolean } = {}): Promise<Stored<T> | undefined> {
    const prefetched = options.lock ? undefined : this.prefetched.get(id);
    if (prefetched) return prefetched as Stored<T>;
    const { rows } = await this.client.query<Stored<T>>(
      `select id, type, data, internal from _stripe_sandbox.objects where id = $1${options.lock ? ' for update' : ''}`,
      [id],
    );
    return rows[0];
  }

  async find<T>(type: ObjectType, where: string, args: unknown[], options: { lock?: boolean; limit?: number } = {}): Promise<Stored<T>[]> {
    const { rows } = await this.client.query<Stored<T>>(
      `select id, type, data, internal from _stripe_sandbox.objects where type = $1 and (${where}) order by seq desc${
        options.limit ? ` limit ${Math.trunc(options.limit)}` : ''
      }${options.lock ? ' for update' : ''}`,
      [type, ...args],
    );
    return rows;
  }

  async insert<T extends { id: string }>(type: ObjectType, data: T, internal: Record<string, unknown> = {}): Promise<T> {
    this.mustWrite();
    await this.client.query('insert into _stripe_sandbox.objects (id, type, data, internal) values ($1, $2, $3, $4)', [
      data.id,
      type,
      JSON.stringify(data),
      JSON.stringify(internal),
    ]);
    return data;
  }

  async update<T extends { id: string }>(data: T, internal?: Record<string, unknown>): Promise<T> {
    this.mustWrite();
    await this.client.query(
      `update _stripe_sandbox.objects set data = $2${internal ? ', internal = $3' : ''} where id = $1`,
      internal ? [data.id, JSON.stringify(data), JSON.stringify(internal)] : [data.id, JSON.stringify(data)],
    );
    return data;
  }

  /** Moves money on the platform balance (positive in, negative out); returns the new amount. */
  async credit(currency: string, amount: number): Promise<number> {
    this.mustWrite();
    const { rows } = await this.client.query<{ available: string }>(
      `insert into _stripe_sandbox.balance (currency, available) values ($1, $2)
       on conflict (currency) do update set available = _stripe_sandbox.balance.available + excluded.available
       returning available`,
      [currency, amount],
    );
    return Number(rows[0]!.available);
  }

  async available(currency: string, options: { lock?: boolean } = {}): Promise<number> {
    const { rows } = await this.client.query<{ available: string }>(
      `select available from _stripe_sandbox.balance where currency = $1${options.lock ? ' for update' : ''}`,
      [currency],
    );
    return Number(rows[0]?.available ?? 0);
  }
}

export async function transaction<T>(pool: pg.Pool, now: () => number, fn: (t: Tx) => Promise<T>): Promise<{ result: T; tx: Tx }> {
  return inTransaction(pool, async (client) => {
    const tx = new Tx(client, now());
    return { result: await fn(tx), tx };
  });
}

/** A read found it has to write (a session due to expire): it runs again in a transaction. */
export class NeedsTransaction extends Error {}

/**
 * Runs a read (GET) outside a transaction: each statement on its own, nothing held between them.
 * On PGlite a transaction keeps the one backend from every other client until it commits, so a
 * webhook's re-fetch (a session, its payment intent and charge) in one held the sandbox's writes
 * and the function's own calls back for all its round trips.
 */
export async function outsideTransaction<T>(pool: pg.Pool, now: () => number, fn: (t: Tx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await fn(new Tx(client, now(), false));
  } finally {
    client.release();
  }
}

export async function readSetting<T>(pool: pg.Pool, key: string): Promise<T | undefined> {
  const { rows } = await pool.query<{ value: T }>('select value from _stripe_sandbox.settings where key = $1', [key]);
  return rows[0]?.value;
}

export async function writeSetting(pool: pg.Pool, key: string, value: unknown): Promise<void> {
  await pool.query('insert into _stripe_sandbox.settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value', [
    key,
    JSON.stringify(value),
  ]);
}
