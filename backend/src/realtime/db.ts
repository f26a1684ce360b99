// What the embedded Realtime asks the database (backend/sql/bootstrap/30-realtime.sql):
// private-channel policies (RLS on realtime.messages, checked as hosted does: rows inserted and
// selected as the user in a transaction that is rolled back), which subscribers see a changed
// row (realtime.visible_to), a table's columns, and the NOTIFY stream of changes and messages.
import pg from 'pg';
import type { Logger } from '../context.ts';
import type { JwtClaims } from '../db/claims.ts';
import type { PostgresHandle } from '../db/postgres.ts';
import { inTransaction } from '../db/tx.ts';
import { calledBy, seenByWholeRole, type SelectPolicy } from './policies.ts';

export const REALTIME_CHANNEL = 'stitchhouse_realtime';
const REQUEST_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface Policies {
  broadcastRead: boolean;
  presenceRead: boolean;
  broadcastWrite?: boolean;
  presenceWrite?: boolean;
}

/** Runs fn in a transaction that always rolls back (an authorisation probe leaves nothing behind). */
function probe<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, fn, { rollBack: true });
}

async function actAs(client: pg.PoolClient, claims: JwtClaims, topic: string): Promise<void> {
  const role = String(claims.role ?? 'anon');
  if (!REQUEST_ROLES.has(role)) throw new Error(`role "${role}" is not allowed`);
  await client.query(
    `select set_config('role', $1, true), set_config('realtime.topic', $2, true), set_config('request.jwt.claims', $3, true),
            set_config('request.jwt.claim.sub', $4, true), set_config('request.jwt.claim.role', $1, true)`,
    [role, topic, JSON.stringify(claims), String(claims.sub ?? '')],
  );
}

/** Read policies of a private channel: a broadcast and a presence row, visible to the user or not. */
export async function readPolicies(pool: pg.Pool, claims: JwtClaims, topic: string): Promise<Policies> {
  return probe(pool, async (client) => {
    const { rows } = await client.query<{ b: string; p: string }>(
      `with b as (insert into realtime.messages (topic, extension) values ($1, 'broadcast') returning id),
            p as (insert into realtime.messages (topic, extension) values ($1, 'presence') returning id)
       select (select id from b) as b, (select id from p) as p`,
      [topic],
    );
    await actAs(client, claims, topic);
    const seen = await client.query<{ id: string }>('select id from realtime.messages where id = any ($1::uuid[])', [[rows[0]!.b, rows[0]!.p]]);
    const ids = new Set(seen.rows.map((r) => r.id));
    return { broadcastRead: ids.has(rows[0]!.b), presenceRead: ids.has(rows[0]!.p) };
  });
}

/** Write policy of a private channel for one extension: may the user insert its row? */
export async function mayWrite(pool: pg.Pool, claims: JwtClaims, topic: string, extension: 'broadcast' | 'presence'): Promise<boolean> {
  return probe(pool, async (client) => {
    await actAs(client, claims, topic);
    try {
      await client.query(`insert into realtime.messages (topic, extension) values ($1, $2)`, [topic, extension]);
      return true;
    } catch (err) {
      if ((err as { code?: string }).code === '42501') return false;
      throw err;
    }
  });
}

export interface TableInfo {
  rls: boolean;
  pk: string[];
  columns: Array<{ name: string; type: string }>;
  types: Map<string, string>;
  /** columns each request role may select (column privileges) */
  selectable: Record<string, Set<string>>;
  /** per role, when a row is visible to the whole role whatever the claims (policies.ts) */
  seenByRole: Record<string, string>;
  /** the table's policies as they were read; realtime.visible_to ignores seenByRole once they differ */
  policiesVersion: string;
}

/** The table's select policies, with their expressions schema-qualified, and the volatility of what they call. */
async function selectPolicies(
  pool: pg.Pool,
  oid: number,
): Promise<{ policies: SelectPolicy[]; version: string; immutableFunctions: Set<number>; immutableOperators: Set<number> }> {
  return inTransaction(pool, async (client) => {
    await client.query(`select set_config('search_path', '', true)`);
    const { rows } = await client.query<{ version: string; policies: SelectPolicy[] | null }>(
      `select realtime.policies_version(c.oid) as version,
              (select json_agg(json_build_object(
                        'permissive', p.polpermissive,
                        'roles', array(select r from unnest(array['anon', 'authenticated', 'service_role']) r
                                        where 0 = any (p.polroles) or exists (select 1 from unnest(p.polroles) pr where pr <> 0 and pg_has_role(r, pr, 'USAGE'))),
                        'tree', p.polqual::text,
                        'sql', pg_get_expr(p.polqual, p.polrelid)))
                 from pg_policy p where p.polrelid = c.oid and p.polcmd in ('r', '*')) as policies
         from pg_class c where c.oid = $1`,
      [oid],
    );
    const policies = rows[0]?.policies ?? [];
    const { functions, operators } = calledBy(policies);
    const volatility = await client.query<{ functions: number[] | null; operators: number[] | null }>(
      `select array(select oid::int from pg_proc where oid = any ($1::oid[]) and provolatile = 'i') as functions,
              array(select o.oid::int from pg_operator o join pg_proc f on f.oid = o.oprcode where o.oid = any ($2::oid[]) and f.provolatile = 'i') as operators`,
      [functions, operators],
    );
    return {
      policies,
      version: rows[0]?.version ?? '',
      immutableFunctions: new Set(volatility.rows[0]?.functions ?? []),
      immutableOperators: new Set(volatility.rows[0]?.operators ?? []),
    };
  });
}

/** A table's shape as the change payloads carry it; null when it does not exist. */
export async function tableInfo(pool: pg.Pool, schema: string, table: string): Promise<TableInfo | null> {
  const { rows } = await pool.query<{
    oid: number;
    rls: boolean;
    pk: string[] | null;
    columns: Array<{ name: string; type: string; anon: boolean; authenticated: boolean; service_role: boolean }>;
  }>(
    `select c.oid::int as oid, c.relrowsecurity as rls,
            (select array_agg(a.attname::text order by a.attnum) from pg_index x join pg_attribute a on a.attrelid = x.indrelid and a.attnum = any (x.indkey)
              where x.indrelid = c.oid and x.indisprimary) as pk,
            (select json_agg(json_build_object('name', a.attname, 'type', t.typname,
                     'anon', has_column_privilege('anon', c.oid, a.attname, 'SELECT'),
                     'authenticated', has_column_privilege('authenticated', c.oid, a.attname, 'SELECT'),
                     'service_role', has_column_privilege('service_role', c.oid, a.attname, 'SELECT')) order by a.attnum)
               from pg_attribute a join pg_type t on t.oid = a.atttypid
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
    [schema, table],
  );
  const row = rows[0];
  if (!row) return null;
  const columns = row.columns ?? [];
  const selectable: Record<string, Set<string>> = {};
  for (const role of REQUEST_ROLES) selectable[role] = new Set(columns.filter((c) => c[role as 'anon']).map((c) => c.name));
  const { policies, version, ...volatility } = await selectPolicies(pool, row.oid);
  // without row security a row is visible to every role that may select the table
  const seenByRole = row.rls ? seenByWholeRole(policies, [...REQUEST_ROLES], volatility) : Object.fromEntries([...REQUEST_ROLES].map((r) => [r, 'true']));
  return {
    rls: row.rls,
    seenByRole,
    policiesVersion: version,
    pk: row.pk ?? [],
    selectable,
    columns: columns.map((c) => ({ name: c.name, type: c.type })),
    types: new Map(columns.map((c) => [c.name, c.type])),
  };
}

/**
 * Positions (0-based) of the claims (JSON texts) that may select the row with this record's
 * primary key; a role whose whole audience sees the row (TableInfo.seenByRole) is checked once.
 */
export async function visibleTo(
  pool: pg.Pool,
  schema: string,
  table: string,
  record: Record<string, unknown>,
  claims: string[],
  info: Pick<TableInfo, 'seenByRole' | 'policiesVersion'>,
): Promise<Set<number>> {
  if (!claims.length) return new Set();
  const { rows } = await pool.query<{ v: number[] }>(
    `select realtime.visible_to(format('%I.%I', $1::text, $2::text)::regclass, $3::jsonb, $4::text[], $5::jsonb, $6::text) as v`,
    [schema, table, JSON.stringify(record), claims, JSON.stringify(info.seenByRole), info.policiesVersion],
  );
  return new Set((rows[0]?.v ?? []).map((i) => i - 1));
}

/** A broadcast sent from the database whose payload was too large for NOTIFY. */
export async function messagePayload(pool: pg.Pool, id: string): Promise<unknown> {
  const { rows } = await pool.query<{ payload: unknown }>('select payload from realtime.messages where id = $1', [id]);
  return rows[0]?.payload ?? null;
}

/**
 * The change and message stream: PGlite hands its notifications to the parent over IPC
 * (db/pglite-notify.ts); on PostgreSQL a connection of its own LISTENs, and reconnects.
 */
export function listenForChanges(postgres: PostgresHandle, log: Logger, onPayload: (payload: string) => void): () => Promise<void> {
  if (postgres.onNotification) {
    const off = postgres.onNotification((channel, payload) => {
      if (channel === REALTIME_CHANNEL) onPayload(payload);
    });
    return async () => void off();
  }
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = (): void => {
    const c = new pg.Client({ connectionString: postgres.connectionString, application_name: 'stitchhouse-realtime' });
    client = c;
    const again = (err?: Error): void => {
      if (client !== c) return;
      client = null;
      c.end().catch(() => undefined);
      if (stopped) return;
      if (err) log.error('realtime', 'change stream lost; reconnecting', err);
      retry = setTimeout(connect, 1000);
    };
    c.on('notification', (n) => {
      if (n.channel === REALTIME_CHANNEL && n.payload) onPayload(n.payload);
    });
    c.on('error', again);
    c.on('end', () => again());
    c.connect()
      .then(() => c.query(`listen ${REALTIME_CHANNEL}`))
      .catch(again);
  };
  connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}
