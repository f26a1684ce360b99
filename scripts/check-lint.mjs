#!/usr/bin/env node
// ESLint over the whole repository (eslint.config.js): typescript-eslint (type-aware on shipped
// code), React's hooks rules, jsx-a11y. `npm test` runs this next to the import rules; alone:
// `node scripts/check-lint.mjs` (`--fix` passes on to ESLint). Two ESLint processes, one for the
// front end (shell, remotes, shared) and one for everything else, so the two cores share the
// type-checking and neither process holds every program in memory.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './tools.mjs';
import APPS from '../shared/src/apps.json' with { type: 'json' };

const eslint = join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');
const extra = process.argv.slice(2);
const front = [...APPS.map((app) => app.folder), 'shared'];
const groups = [
  { name: 'front end', args: front },
  { name: 'backend, functions, e2e, scripts', args: ['.', ...front.flatMap((folder) => ['--ignore-pattern', `${folder}/`])] },
];

const started = Date.now();
const results = await Promise.all(
  groups.map(
    (group) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [eslint, '--max-warnings', '0', ...extra, ...group.args], { cwd: root });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (status) => resolve({ ...group, status, output }));
      }),
  ),
);

const seconds = ((Date.now() - started) / 1000).toFixed(0);
for (const result of results) if (result.output.trim()) process.stdout.write(result.output);
const failed = results.filter((result) => result.status !== 0);
if (failed.length) {
  console.error(`✗ ESLint found problems in: ${failed.map((result) => result.name).join('; ')} (${seconds} s)`);
  process.exit(1);
}
console.log(`✔ ESLint: no problems (${seconds} s)`);
