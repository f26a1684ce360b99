// The embedded database's stand-in for autovacuum (src/db/maintenance.ts): tables past
// PostgreSQL's default thresholds are vacuumed or analyzed, others left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintainTables } from '../src/db/maintenance.ts';
import { startTestStack, type TestStack } from './harness.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
});

afterAll(async () => {
  await stack?.stop();
});

describe('maintenance', () => {
  it('vacuums a table with many dead rows, analyzes one with many changes, leaves a quiet one', async () => {
    const client = await stack.pool.connect();
    try {
      await client.query('create table public.maintenance_churn (id int primary key, note text)');
      await client.query('create table public.maintenance_grown (id int primary key)');
      await client.query('create table public.maintenance_quiet (id int primary key)');
      await client.query(`insert into public.maintenance_churn select i, 'x' from generate_series(1, 500) i`);
      await client.query('vacuum analyze public.maintenance_churn');
      await client.query('delete from public.maintenance_churn where id > 100');
      await client.query('insert into public.maintenance_grown select generate_series(1, 300)');
      await client.query('insert into public.maintenance_quiet values (1), (2)');
      await client.query('select pg_stat_force_next_flush()');
      await client.query('select 1'); // the flush happens at the end of the statement that asked for it
    } finally {
      client.release();
    }
    const touched = await maintainTables(stack.pool);
    expect(touched).toContain('public.maintenance_churn');
    expect(touched).toContain('public.maintenance_grown');
    expect(touched).not.toContain('public.maintenance_quiet');
    const { rows } = await stack.pool.query(`
      select c.relname, c.reltuples, s.n_dead_tup, s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analyzed
        from pg_class c join pg_stat_user_tables s on s.relid = c.oid
       where c.relname in ('maintenance_churn', 'maintenance_grown') order by c.relname`);
    expect(rows).toMatchObject([
      { relname: 'maintenance_churn', reltuples: 100, n_dead_tup: '0', vacuumed: true, analyzed: true },
      { relname: 'maintenance_grown', reltuples: 300, analyzed: true },
    ]);
  });
});
