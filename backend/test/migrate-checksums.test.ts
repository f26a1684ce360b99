// The migration runner keeps the sha256 of every applied file and refuses to start on an
// applied file that was edited since (the edit would never run on this database, yet would
// on a fresh one); databases from before checksums get theirs recorded on their next start.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { migrate } from '../src/migrate/index.ts';
import { startTestStack, type TestStack } from './harness.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-checksums-'));
const migrations = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-checksum-migrations-'));
const file = path.join(migrations, '20990101000000_guarded.sql');
const original = 'create table public.guarded_notes (id int primary key, body text not null);\n';
let stack: TestStack | undefined;

const bootstrapDir = path.join(repoRoot, 'backend', 'sql', 'bootstrap');
const start = () => startTestStack({ migrationsDirs: [migrations], dataDir });
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const recorded = async (s: TestStack) =>
  (await s.pool.query<{ checksum: string | null }>("select checksum from supabase_migrations.schema_migrations where version = '20990101000000'")).rows[0]
    ?.checksum;

afterAll(async () => {
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(migrations, { recursive: true, force: true });
});

it('records checksums, fills in missing ones, and refuses to start on an edited applied migration, by name', async () => {
  fs.writeFileSync(file, original);
  stack = await start();
  expect(stack.applied).toEqual(['20990101000000_guarded.sql']);
  expect(await recorded(stack)).toBe(sha256(original));
  const again = () => migrate(stack!.pool, { bootstrapDir, migrationsDirs: [migrations] });

  // a database from before checksums: recorded on the next run
  await stack.pool.query("update supabase_migrations.schema_migrations set checksum = null where version = '20990101000000'");
  expect((await again()).applied).toEqual([]);
  expect(await recorded(stack)).toBe(sha256(original));

  // CRLF line endings (a Windows checkout) are not an edit
  fs.writeFileSync(file, original.replace(/\n/g, '\r\n'));
  expect((await again()).applied).toEqual([]);

  fs.writeFileSync(file, original.replace('body text not null', 'body text'));
  await expect(again()).rejects.toThrow(/Migration 20990101000000_guarded\.sql was edited after it was applied/);
  await stack.stop();
  stack = undefined;
  await expect(start()).rejects.toThrow(
    /Migration 20990101000000_guarded\.sql was edited after it was applied to this database .*restore the file and put the change in a new migration/,
  );
}, 60_000); // two start-ups of the stack
