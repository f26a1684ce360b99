// Every auth write runs in one transaction on one pooled connection. Nothing else may touch
// the pool while it is open: on PGlite the socket serialises transactions, so a second
// connection would wait on the first forever.
import type pg from 'pg';

export type Db = pg.Pool | pg.PoolClient;

export async function withTx<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
