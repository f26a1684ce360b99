// pg.Pool factory for the backend's own services (auth, storage, mail, migrations).
// Every pool connects through the PGlite socket (or DATABASE_URL): never in-process,
// so transactions from different clients cannot interleave.
import pg from 'pg';

export interface PoolOptions {
  /** Max connections. PGlite serialises everything behind the socket, so keep it small. */
  max?: number;
  /** Called for errors on idle clients (e.g. the database went away); the pool drops them. */
  onError?: (err: Error) => void;
}

export function createPool(connectionString: string, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 4,
    idleTimeoutMillis: 10_000,
    connectionTimeoutMillis: 15_000,
    application_name: 'stitchhouse-backend',
  });
  pool.on('error', (err) => options.onError?.(err));
  return pool;
}
