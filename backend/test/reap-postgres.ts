// Vitest global setup: after the whole run (when every fork, and so every owner, is gone) stop
// the throwaway PostgreSQL servers that forks killed mid-suite left behind.
import { reapOrphanedPostgres } from '../src/db/throwaway-postgres.ts';

export default function setup(): () => void {
  return () => {
    const reaped = reapOrphanedPostgres();
    if (reaped > 0) console.log(`stopped ${reaped} throwaway PostgreSQL server(s) left by ended test processes`);
  };
}
