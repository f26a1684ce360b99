// The same core suite against a real PostgreSQL, started here in a temporary folder when
// the server binaries are installed (Debian: /usr/lib/postgresql/<version>/bin).
import { afterAll, describe, it } from 'vitest';
import { findPostgresBin, postgresVersion, startThrowawayPostgres, type ThrowawayPostgres } from '../src/db/throwaway-postgres.ts';
import { defineCoreSuite } from './core-suite.ts';

const bin = findPostgresBin();
let server: ThrowawayPostgres | undefined;

afterAll(() => server?.stop());

if (bin) {
  defineCoreSuite({
    name: `PostgreSQL ${postgresVersion(bin)}`,
    stackOptions: async () => {
      server = await startThrowawayPostgres(bin, { fsync: false });
      return { databaseUrl: server.url };
    },
    crashTest: false,
  });
} else {
  describe('backend core (real PostgreSQL)', () => {
    it.skip('skipped: no PostgreSQL server binaries under /usr/lib/postgresql/*/bin', () => undefined);
  });
}
