// What every seed module needs: the database (pg.Pool's shape), the seed's options and
// rows passed to SQL as one JSON document.
/** What seed() needs from pg.Pool (kept structural so this package does not depend on pg). */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: any[]; rowCount: number | null }>;
}

export interface SeedOptions {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  pool: Queryable;
  log: (msg: string) => void;
  /** Where the demo history ends (ms since the epoch); default: now, the first start. */
  anchor?: number;
}

export const json = (value: unknown) => JSON.stringify(value);
