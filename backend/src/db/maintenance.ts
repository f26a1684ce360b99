// PGlite runs no autovacuum, so on the embedded database the backend does its job: every
// minute, tables past PostgreSQL's default autovacuum thresholds are vacuumed (dead rows) or
// analyzed (changed rows). Without it the planner's statistics stay as the migrations left
// them (an empty catalog) and dead row versions pile up, which skews every estimate —
// catalog search's "about N" among them. A real PostgreSQL runs its own autovacuum.
import type pg from 'pg';
import type { Logger } from '../context.ts';

// PostgreSQL's defaults: autovacuum_vacuum_threshold/scale_factor, autovacuum_analyze_*
const DUE_TABLES_SQL = `
  select format('%I.%I', s.schemaname, s.relname) as name,
         s.n_dead_tup > 50 + 0.2 * s.n_live_tup as vacuum
    from pg_catalog.pg_stat_user_tables s
   where s.n_dead_tup > 50 + 0.2 * s.n_live_tup or s.n_mod_since_analyze > 50 + 0.1 * s.n_live_tup
   order by s.schemaname, s.relname`;

/** One pass: vacuums and analyzes what is due; returns the tables it touched. */
export async function maintainTables(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string; vacuum: boolean }>(DUE_TABLES_SQL);
  for (const table of rows) await pool.query(`${table.vacuum ? 'vacuum (analyze)' : 'analyze'} ${table.name}`);
  return rows.map((table) => table.name);
}

export interface Maintenance {
  stop(): Promise<void>;
}

/** A pass every intervalMs in the background, never two at once. */
export function startMaintenance(pool: pg.Pool, log: Logger, intervalMs = 60_000): Maintenance {
  let running: Promise<void> | undefined;
  const pass = (): void => {
    if (running) return;
    const started = Date.now();
    running = maintainTables(pool)
      .then((tables) => {
        if (tables.length) log.info('db', `maintenance: vacuumed/analyzed ${tables.length} table(s) in ${Date.now() - started} ms`);
      })
      .catch((err) => log.error('db', 'maintenance pass failed', err))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
