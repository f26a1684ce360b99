// The embedded auth and storage schemas keep what hosted Supabase has, for everything our
// migrations reference: every `auth.x` / `storage.x` table, column and function named in
// supabase/migrations/*.sql must exist in the embedded database (bootstrap + migrations) with
// the type hosted Supabase gives it. HOSTED below is transcribed from Supabase's own schema:
// supabase/auth migrations (00_init_auth_schema, 20220603/20230116 alter_phone_type,
// 20221003041349 add_mfa_schema, 20231117164230 add_id_pkey_identities, 20240214 is_anonymous,
// 20240729 mfa phone, 20230322519590 add_flow_state_table, 20240427152123 add_one_time_tokens_table,
// 20220614074223 add_ip_address_to_audit_log) and supabase/storage tenant migrations (0002-storage-schema,
// 0007 public, 0012 bucket custom limits, 0014 bytes for max size, 0014 add-version,
// 0017 owner_id, 0025 custom metadata). A reference the table does not list fails the test:
// look its hosted type up there and add it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { startTestStack, type TestStack } from './harness.ts';

const timestamptz = 'timestamp with time zone';
const varchar255 = 'character varying(255)';
/** Hosted uses an enum here; the embedded schema may use text with a CHECK listing exactly these labels. */
interface EnumType {
  enum: string;
  labels: string[];
}
type HostedType = string | EnumType;

const HOSTED_TABLES: Record<string, Record<string, HostedType>> = {
  'auth.users': {
    instance_id: 'uuid',
    id: 'uuid',
    aud: varchar255,
    role: varchar255,
    email: varchar255,
    encrypted_password: varchar255,
    email_confirmed_at: timestamptz,
    invited_at: timestamptz,
    confirmation_token: varchar255,
    confirmation_sent_at: timestamptz,
    recovery_token: varchar255,
    recovery_sent_at: timestamptz,
    email_change_token_new: varchar255,
    email_change: varchar255,
    email_change_sent_at: timestamptz,
    last_sign_in_at: timestamptz,
    raw_app_meta_data: 'jsonb',
    raw_user_meta_data: 'jsonb',
    is_super_admin: 'boolean',
    created_at: timestamptz,
    updated_at: timestamptz,
    phone: 'text',
    phone_confirmed_at: timestamptz,
    confirmed_at: timestamptz,
    email_change_token_current: varchar255,
    banned_until: timestamptz,
    deleted_at: timestamptz,
    is_sso_user: 'boolean',
    is_anonymous: 'boolean',
  },
  'auth.identities': {
    id: 'uuid',
    provider_id: 'text',
    user_id: 'uuid',
    identity_data: 'jsonb',
    provider: 'text',
    last_sign_in_at: timestamptz,
    created_at: timestamptz,
    updated_at: timestamptz,
    email: 'text',
  },
  'auth.sessions': {
    id: 'uuid',
    user_id: 'uuid',
    created_at: timestamptz,
    updated_at: timestamptz,
    factor_id: 'uuid',
    aal: { enum: 'auth.aal_level', labels: ['aal1', 'aal2', 'aal3'] },
    not_after: timestamptz,
  },
  'auth.mfa_factors': {
    id: 'uuid',
    user_id: 'uuid',
    friendly_name: 'text',
    factor_type: { enum: 'auth.factor_type', labels: ['totp', 'webauthn', 'phone'] },
    status: { enum: 'auth.factor_status', labels: ['unverified', 'verified'] },
    created_at: timestamptz,
    updated_at: timestamptz,
    secret: 'text',
  },
  'auth.mfa_amr_claims': { session_id: 'uuid', created_at: timestamptz, updated_at: timestamptz, authentication_method: 'text', id: 'uuid' },
  // close_account (20261201004000) removes a deleted member's tokens and flow state and scrubs the audit log's copy of the address
  'auth.one_time_tokens': {
    id: 'uuid',
    user_id: 'uuid',
    token_type: {
      enum: 'auth.one_time_token_type',
      labels: ['confirmation_token', 'reauthentication_token', 'recovery_token', 'email_change_token_new', 'email_change_token_current', 'phone_change_token'],
    },
    token_hash: 'text',
    relates_to: 'text',
    created_at: 'timestamp without time zone',
    updated_at: 'timestamp without time zone',
  },
  'auth.flow_state': {
    id: 'uuid',
    user_id: 'uuid',
    auth_code: 'text',
    code_challenge_method: { enum: 'auth.code_challenge_method', labels: ['s256', 'plain'] },
    code_challenge: 'text',
    provider_type: 'text',
    provider_access_token: 'text',
    provider_refresh_token: 'text',
    created_at: timestamptz,
    updated_at: timestamptz,
    authentication_method: 'text',
    auth_code_issued_at: timestamptz,
  },
  'auth.audit_log_entries': { instance_id: 'uuid', id: 'uuid', payload: 'json', created_at: timestamptz, ip_address: 'character varying(64)' },
  'storage.buckets': {
    id: 'text',
    name: 'text',
    owner: 'uuid',
    owner_id: 'text',
    created_at: timestamptz,
    updated_at: timestamptz,
    public: 'boolean',
    file_size_limit: 'bigint',
    allowed_mime_types: 'text[]',
  },
  'storage.objects': {
    id: 'uuid',
    bucket_id: 'text',
    name: 'text',
    owner: 'uuid',
    owner_id: 'text',
    created_at: timestamptz,
    updated_at: timestamptz,
    last_accessed_at: timestamptz,
    metadata: 'jsonb',
    path_tokens: 'text[]',
    version: 'text',
    user_metadata: 'jsonb',
  },
};

/** Function → [identity arguments, result type] as hosted Supabase defines them. */
const HOSTED_FUNCTIONS: Record<string, [string, string]> = {
  'auth.uid': ['', 'uuid'],
  'auth.role': ['', 'text'],
  'auth.email': ['', 'text'],
  'auth.jwt': ['', 'jsonb'],
  'storage.foldername': ['name text', 'text[]'],
  'storage.filename': ['name text', 'text'],
  'storage.extension': ['name text', 'text'],
};

// --- what the migrations reference --------------------------------------------------------

interface References {
  tables: Set<string>;
  functions: Set<string>;
  /** table → column → where it was seen */
  columns: Map<string, Map<string, string>>;
  /** explicit column references (lists, SET, alias.column) that hosted Supabase does not have */
  unknownColumns: string[];
}

// The word before tells a table's column list (`insert into auth.users (…)`, `references auth.users (id)`) from a call.
const QUALIFIED = /(\w+\s+)?\b(auth|storage)\.([a-z_][a-z0-9_]*)\b(\s*\()?/gi;
const BEFORE_TABLE = /^(into|references|table|on|from|join|update|exists)\s+$/i;

function scanMigrations(files: { name: string; sql: string }[]): References {
  const refs: References = { tables: new Set(), functions: new Set(), columns: new Map(), unknownColumns: [] };
  const use = (table: string, column: string, where: string, explicit: boolean) => {
    const hosted = HOSTED_TABLES[table];
    if (!hosted || !(column in hosted)) {
      if (explicit) refs.unknownColumns.push(`${table}.${column} (${where})`);
      return;
    }
    if (!refs.columns.has(table)) refs.columns.set(table, new Map());
    refs.columns.get(table)!.set(column, where);
  };
  for (const file of files) {
    // Comments name tables in prose; statements are split on ';' (plpgsql bodies split into their statements).
    const sql = file.sql.replace(/--[^\n]*/g, '');
    for (const statement of sql.split(';')) {
      const tablesHere = new Set<string>();
      for (const match of statement.matchAll(QUALIFIED)) {
        const name = `${match[2]!.toLowerCase()}.${match[3]!.toLowerCase()}`;
        if (match[4] && !BEFORE_TABLE.test(match[1] ?? '')) refs.functions.add(name);
        else {
          refs.tables.add(name);
          tablesHere.add(name);
        }
      }
      const where = `${file.name}: ${statement.trim().replace(/\s+/g, ' ').slice(0, 80)}`;
      for (const table of tablesHere) {
        const t = table.replace('.', '\\.');
        // insert into t (a, b) / references t (a) / on conflict (a, b) of an insert into t
        for (const m of statement.matchAll(new RegExp(`${t}\\s*\\(([^)]*)\\)`, 'gi'))) {
          for (const column of m[1]!.split(',')) if (column.trim()) use(table, column.trim().toLowerCase(), where, true);
        }
        if (new RegExp(`insert\\s+into\\s+${t}\\b`, 'i').test(statement)) {
          for (const m of statement.matchAll(/on\s+conflict\s*\(([^)]*)\)/gi))
            for (const column of m[1]!.split(',')) use(table, column.trim().toLowerCase(), where, true);
        }
        // update t set a = …, b = …
        const update = new RegExp(`update\\s+${t}\\s+set\\s+([\\s\\S]*?)(?:\\bwhere\\b|$)`, 'i').exec(statement);
        if (update) for (const m of update[1]!.matchAll(/(?:^|,)\s*([a-z_][a-z0-9_]*)\s*=/gi)) use(table, m[1]!.toLowerCase(), where, true);
        // from/join t alias … alias.column
        for (const m of statement.matchAll(new RegExp(`(?:from|join)\\s+${t}\\s+(?:as\\s+)?([a-z_][a-z0-9_]*)`, 'gi'))) {
          const alias = m[1]!.toLowerCase();
          if (['where', 'on', 'for', 'set', 'using', 'join', 'left', 'inner', 'order', 'group', 'limit'].includes(alias)) continue;
          for (const c of statement.matchAll(new RegExp(`\\b${alias}\\.([a-z_][a-z0-9_]*)`, 'gi'))) use(table, c[1]!.toLowerCase(), where, true);
        }
        // Bare names in a statement about one table (policy expressions, where clauses, `update of x`):
        // any word that is one of its hosted columns is a use of that column.
        if (tablesHere.size === 1) {
          const words = new Set(
            statement
              .replace(/'[^']*'/g, ' ')
              .toLowerCase()
              .match(/\b[a-z_][a-z0-9_]*\b/g) ?? [],
          );
          for (const column of Object.keys(HOSTED_TABLES[table] ?? {})) if (words.has(column)) use(table, column, where, false);
        }
      }
    }
  }
  return refs;
}

function migrationFiles() {
  const dir = path.join(repoRoot, 'supabase', 'migrations');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

// --- the embedded database ------------------------------------------------------------------

let stack: TestStack;
const refs = scanMigrations(migrationFiles());

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
});

afterAll(async () => {
  await stack?.stop();
});

async function embeddedColumn(table: string, column: string): Promise<{ type: string; checks: string[] } | null> {
  const [schema, name] = table.split('.');
  const { rows } = await stack.pool.query(
    `select format_type(a.atttypid, a.atttypmod) as type,
            coalesce((select array_agg(pg_get_constraintdef(c.oid)) from pg_constraint c
                       where c.conrelid = a.attrelid and c.contype = 'c' and a.attnum = any (c.conkey)), '{}') as checks
       from pg_attribute a join pg_class r on r.oid = a.attrelid join pg_namespace n on n.oid = r.relnamespace
      where n.nspname = $1 and r.relname = $2 and a.attname = $3 and a.attnum > 0 and not a.attisdropped`,
    [schema, name, column],
  );
  return rows[0] ? { type: rows[0].type as string, checks: rows[0].checks as string[] } : null;
}

async function enumLabels(type: string): Promise<string[]> {
  const { rows } = await stack.pool.query(`select e.enumlabel from pg_enum e where e.enumtypid = $1::regtype order by e.enumsortorder`, [type]);
  return rows.map((r) => r.enumlabel as string);
}

/** Whether an embedded column matches the hosted type (an enum may be text + CHECK with the same labels). */
async function matches(hosted: HostedType, actual: { type: string; checks: string[] }): Promise<string | null> {
  if (typeof hosted === 'string') return actual.type === hosted ? null : `is ${actual.type}, hosted has ${hosted}`;
  if (actual.type === hosted.enum) {
    const labels = await enumLabels(hosted.enum);
    return [...labels].sort().join() === [...hosted.labels].sort().join()
      ? null
      : `enum ${hosted.enum} has ${labels.join(', ')}, hosted has ${hosted.labels.join(', ')}`;
  }
  if (actual.type === 'text') {
    const allowed = new Set(actual.checks.flatMap((def) => [...def.matchAll(/'([^']*)'/g)].map((m) => m[1]!)));
    const same = allowed.size === hosted.labels.length && hosted.labels.every((l) => allowed.has(l));
    return same ? null : `is text allowing ${[...allowed].join(', ') || 'anything'}, hosted has enum ${hosted.enum} (${hosted.labels.join(', ')})`;
  }
  return `is ${actual.type}, hosted has enum ${hosted.enum}`;
}

describe('the embedded auth and storage schemas match hosted Supabase where our migrations touch them', () => {
  it('finds the references the migrations make (the scanner works)', () => {
    expect([...refs.functions]).toEqual(expect.arrayContaining(['auth.uid', 'auth.jwt']));
    expect([...refs.tables]).toEqual(expect.arrayContaining(['auth.users', 'storage.objects', 'storage.buckets']));
    expect([...(refs.columns.get('storage.objects')?.keys() ?? [])]).toEqual(expect.arrayContaining(['bucket_id', 'name']));
    expect([...(refs.columns.get('storage.buckets')?.keys() ?? [])]).toEqual(expect.arrayContaining(['id', 'public', 'file_size_limit', 'allowed_mime_types']));
    expect([...(refs.columns.get('auth.users')?.keys() ?? [])]).toEqual(expect.arrayContaining(['id', 'email', 'raw_user_meta_data', 'is_anonymous']));
  });

  it('every referenced table, column and function is one hosted Supabase has', () => {
    expect([...refs.tables].filter((t) => !(t in HOSTED_TABLES))).toEqual([]);
    expect([...refs.functions].filter((f) => !(f in HOSTED_FUNCTIONS))).toEqual([]);
    expect(refs.unknownColumns).toEqual([]);
  });

  it('every referenced column exists in the embedded database with the hosted type', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const [table, columns] of refs.columns) {
      for (const [column, where] of columns) {
        checked++;
        const actual = await embeddedColumn(table, column);
        const problem = actual ? await matches(HOSTED_TABLES[table]![column]!, actual) : 'is missing';
        if (problem) problems.push(`${table}.${column} ${problem} (used in ${where})`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  it('the policy helpers (auth.uid/jwt/role/email, storage.foldername/filename/extension) have the hosted signatures and work', async () => {
    for (const [fn, [args, result]] of Object.entries(HOSTED_FUNCTIONS)) {
      const [schema, name] = fn.split('.');
      const { rows } = await stack.pool.query(
        `select pg_get_function_identity_arguments(p.oid) as args, pg_get_function_result(p.oid) as result
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = $1 and p.proname = $2`,
        [schema, name],
      );
      expect(rows, fn).toEqual([{ args, result }]);
    }
    // Same answers as hosted for a path and for a request's claims.
    const {
      rows: [paths],
    } = await stack.pool.query(
      `select storage.foldername('a/b/c.pdf') as folders, storage.filename('a/b/c.pdf') as file, storage.extension('a/b/c.pdf') as ext`,
    );
    expect(paths).toEqual({ folders: ['a', 'b'], file: 'c.pdf', ext: 'pdf' });
    const client = await stack.pool.connect();
    try {
      await client.query('begin');
      const sub = '00000000-0000-4000-a000-000000000042';
      await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub, role: 'authenticated', email: 'a@b.test', aal: 'aal1' })]);
      const {
        rows: [claims],
      } = await client.query(`select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> 'aal' as aal`);
      expect(claims).toEqual({ uid: sub, role: 'authenticated', email: 'a@b.test', aal: 'aal1' });
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
