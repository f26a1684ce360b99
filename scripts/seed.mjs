#!/usr/bin/env node
// The demo marketplace into a Supabase you started yourself (`supabase start`, or a hosted
// project): SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY and DATABASE_URL from
// `supabase status`. The embedded backend of `npm start` seeds itself and needs none of this.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './tools.mjs';

const r = spawnSync(process.execPath, ['--experimental-websocket', '--import', 'tsx', join(root, 'backend', 'src', 'seed-cli.ts')], {
  cwd: join(root, 'backend'),
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
