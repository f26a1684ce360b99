// Vitest global setup: the run's registry of throwaway PostgreSQL servers
// (src/db/throwaway-postgres.ts startTestRun). At the start it stops what earlier runs left
// (a killed run never reached its teardown); each server a test process starts records this
// run; after the whole run the teardown stops every one of them, whether or not the process
// that started it is still alive (vitest ends forks without their afterAll or exit handlers).
// It also builds the database templates every stack copies (harness.ts), once per run.
import { startTestRun } from '../src/db/throwaway-postgres.ts';
import { prepareTestTemplates } from './harness.ts';

export default async function setup(): Promise<() => void> {
  const run = startTestRun();
  try {
    await prepareTestTemplates();
  } catch (err) {
    run.teardown();
    throw err;
  }
  if (run.reapedAtStart > 0) console.log(`stopped ${run.reapedAtStart} throwaway PostgreSQL server(s) left by an earlier run`);
  return () => {
    const stopped = run.teardown();
    if (stopped > 0) console.log(`stopped ${stopped} throwaway PostgreSQL server(s) this run left running`);
  };
}
