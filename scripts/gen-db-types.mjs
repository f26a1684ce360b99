#!/usr/bin/env node
// Writes shared/src/database.types.ts from supabase/migrations (the `supabase gen types typescript`
// shape) on a throwaway embedded database. Run it after adding a migration and commit the file.
//   node scripts/gen-db-types.mjs            write the file
//   node scripts/gen-db-types.mjs --check    exit 1 when the file is stale (npm test runs this)
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './tools.mjs';

const tsx = join(root, 'backend', 'node_modules', '.bin', 'tsx');
const r = spawnSync(tsx, [join(root, 'backend', 'src', 'db', 'database-types-cli.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
