// Vitest global setup of the browser tests: what every file would otherwise do first, done once
// before any file starts, so the files can run two at a time (vitest.config.ts). It builds the
// apps whose dist/ is stale and the migrated PGlite template each embedded backend is copied
// from (backend/src/db/templates.ts). A file still calls buildIfNeeded() itself: it finds
// nothing stale, unless sources changed during the run (then the build lock in harness.ts keeps
// two files from building the same dist/ at once).
import { buildIfNeeded, preparePgliteTemplate } from './harness.ts';

export default async function setup(): Promise<void> {
  await buildIfNeeded();
  await preparePgliteTemplate();
}
