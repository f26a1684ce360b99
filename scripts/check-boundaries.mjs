#!/usr/bin/env node
// The import rules (.dependency-cruiser.cjs) over the apps, shared, supabase/ (functions, seed,
// tests), backend/, e2e/ and scripts/.
// `npm test` runs this before the suites; run it alone with `node scripts/check-boundaries.mjs`.
// Violations listed in .dependency-cruiser-known-violations.json (if present) are the
// ones still being moved; anything new fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './tools.mjs';
import APPS from '../shared/src/apps.json' with { type: 'json' };

const known = join(root, '.dependency-cruiser-known-violations.json');
const args = [
  '--config',
  '.dependency-cruiser.cjs',
  '--output-type',
  'err',
  ...(existsSync(known) ? ['--ignore-known', known] : []),
  ...APPS.map((app) => app.folder),
  'shared',
  'supabase',
  'backend',
  'e2e',
  'scripts',
];
const r = spawnSync(join(root, 'node_modules', '.bin', 'depcruise'), args, { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
