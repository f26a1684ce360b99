// Transactions for the storage service: as the caller (row-level security decides) or as
// the superuser pool (finalizing writes the caller was already allowed to make).
import type pg from 'pg';
import { withClaims, type JwtClaims } from '../db/claims.ts';
import { fromPgError } from './errors.ts';
import { inTransaction } from '../db/tx.ts';

export interface Caller {
  claims: JwtClaims;
  method: string;
  path: string;
}

/** Runs fn as the caller; Postgres permission and constraint errors become Storage errors. */
export async function asCaller<T>(pool: pg.Pool, caller: Caller, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  try {
    return await withClaims(pool, caller.claims, fn, { method: caller.method, path: caller.path });
  } catch (err) {
    throw fromPgError(err) ?? err;
  }
}

/**
 * A read as the caller. The service role bypasses row-level security (BYPASSRLS, as in Supabase),
 * so its read is the pool's own single statement, without the transaction that sets the claims:
 * the same rows at a quarter of the round trips (a signed download link of the service role is
 * read this way on every use).
 */
export async function readAsCaller<T>(pool: pg.Pool, caller: Caller, fn: (db: pg.Pool | pg.PoolClient) => Promise<T>): Promise<T> {
  if (caller.claims.role !== 'service_role') return asCaller(pool, caller, fn);
  try {
    return await fn(pool);
  } catch (err) {
    throw fromPgError(err) ?? err;
  }
}

class DryRunDone extends Error {}

/** Runs fn as the caller and always rolls back: "would this statement be allowed?". */
export async function dryRunAsCaller(pool: pg.Pool, caller: Caller, fn: (client: pg.PoolClient) => Promise<unknown>): Promise<void> {
  try {
    await asCaller(pool, caller, async (client) => {
      await fn(client);
      throw new DryRunDone();
    });
  } catch (err) {
    if (err instanceof DryRunDone) return;
    throw err;
  }
}

export async function asSuperuser<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(pool, fn);
  } catch (err) {
    throw fromPgError(err) ?? err;
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** owner (uuid, deprecated) and owner_id (text) as Supabase fills them from the JWT sub. */
export function ownerOf(claims: JwtClaims): { owner: string | null; owner_id: string | null } {
  const sub = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : null;
  return { owner: sub !== null && uuidPattern.test(sub) ? sub : null, owner_id: sub };
}
