#!/usr/bin/env node
// Unused files, exports and exported types (knip, knip.config.ts). `npm test` runs this next
// to the import rules; alone: `node scripts/check-unused.mjs`. What .knip-known-unused.json lists
// is still being moved or replaced by work in progress, each with its reason; anything new fails,
// and a listed item that is gone is reported so the list only shrinks.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './tools.mjs';

const KINDS = ['files', 'exports', 'types'];
const knownFile = join(root, '.knip-known-unused.json');

const r = spawnSync(
  process.execPath,
  [join(root, 'node_modules', 'knip', 'bin', 'knip.js'), '--no-progress', '--no-exit-code', '--reporter', 'json', '--include', KINDS.join(',')],
  {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  },
);
if (r.status !== 0) {
  process.stderr.write(r.stderr);
  console.error(`knip did not run (exit ${r.status})`);
  process.exit(r.status ?? 1);
}

/** "files path", "exports path name", "types path name" for every finding. */
const found = new Set();
for (const issue of JSON.parse(r.stdout).issues) {
  for (const kind of KINDS) {
    for (const item of issue[kind] ?? []) found.add(kind === 'files' ? `files ${issue.file}` : `${kind} ${issue.file} ${item.name}`);
  }
}

const known = existsSync(knownFile) ? JSON.parse(readFileSync(knownFile, 'utf8')).known : {};
const fresh = [...found].filter((key) => !(key in known)).sort();
const gone = Object.keys(known)
  .filter((key) => !found.has(key))
  .sort();

if (gone.length) {
  console.log(`No longer unused, take them off .knip-known-unused.json:\n${gone.map((key) => `  ${key}`).join('\n')}`);
}
if (fresh.length) {
  console.error(`Unused (nothing imports it): delete it, or use it, or stop exporting it:\n${fresh.map((key) => `  ${key}`).join('\n')}`);
  process.exit(1);
}
console.log(`✔ no new unused files or exports (${found.size} known, listed in .knip-known-unused.json)`);
