#!/usr/bin/env node
// Prettier's check over the repository (.prettierrc.json, .prettierignore): lists every file not
// formatted as Prettier would write it. Alone: `node scripts/check-format.mjs`; to format them,
// `node node_modules/prettier/bin/prettier.cjs --write .`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './tools.mjs';

const prettier = join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs');
const r = spawnSync(process.execPath, [prettier, '--check', '.', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
