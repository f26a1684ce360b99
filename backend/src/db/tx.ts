// The one way the backend runs work in a transaction: one pooled connection, begin, the work,
// commit — or rollback and the work's own error. A connection that could not roll back (or
// broke mid-way) is released as broken so the pool drops it instead of handing it out again.
// On PGlite the socket serialises transactions: inside `fn`, use only `client`, never the pool.
import type pg from 'pg';

/** Connection-level failures after which a connection must not go back to the pool. */
function isConnectionError(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === 'ECONNRESET' || code === 'EPIPE' || code === '57P01';
}

export async function inTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
  { rollBack = false }: { rollBack?: boolean } = {},
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    try {
      const result = await fn(client);
      // a probe (rollBack) asks what the work would see and leaves nothing behind
      await client.query(rollBack ? 'rollback' : 'commit');
      return result;
    } catch (err) {
      // A broken connection cannot roll back; the work's error is what the caller sees either way.
      await client.query('rollback').catch((rollbackErr: Error) => {
        broken = rollbackErr;
      });
      throw err;
    }
  } catch (err) {
    if (broken === undefined && isConnectionError(err)) broken = err as Error;
    throw err;
  } finally {
    client.release(broken);
  }
}
