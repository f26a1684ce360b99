// Runs a unit of work as the request's Postgres role with its JWT claims, the way
// PostgREST and Supabase Storage do, so row-level security decides what it may touch.
// Settings are transaction-local (set_config(..., true)): the PGlite socket multiplexes
// clients over one backend, so session-level settings would leak between them.
import type pg from 'pg';
import { inTransaction } from './tx.ts';

export interface JwtClaims {
  role?: string;
  sub?: string;
  email?: string;
  [claim: string]: unknown;
}

export interface ClaimsOptions {
  /** HTTP method of the request, exposed as request.method like PostgREST does. */
  method?: string;
  /** Request path, exposed as request.path. */
  path?: string;
}

const roleName = /^[a-z_][a-z0-9_]*$/;

export async function withClaims<T>(
  pool: pg.Pool,
  claims: JwtClaims | null,
  fn: (client: pg.PoolClient) => Promise<T>,
  options: ClaimsOptions = {},
): Promise<T> {
  const role = typeof claims?.role === 'string' && claims.role !== '' ? claims.role : 'anon';
  // set_config('role') takes any string; refuse names that are not plain identifiers.
  if (!roleName.test(role)) throw new Error(`Invalid role in JWT claims: ${JSON.stringify(role)}`);
  return inTransaction(pool, async (client) => {
    await client.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true), set_config('request.path', $4, true)`,
      [role, JSON.stringify(claims ?? { role: 'anon' }), options.method ?? '', options.path ?? ''],
    );
    return fn(client);
  });
}
