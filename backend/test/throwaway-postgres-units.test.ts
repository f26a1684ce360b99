// Throwaway PostgreSQL servers whose test process died are stopped by the next start or the
// suite's global teardown, and servers of live processes are left alone.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPostgresBin, reapOrphanedPostgres } from '../src/db/throwaway-postgres.ts';

const bin = findPostgresBin();

/** Starts a server from a child process that then dies without stopping it. */
async function orphanServer(): Promise<{ dir: string; pid: number }> {
  const script = path.join(import.meta.dirname, 'fixtures', 'orphan-postgres.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, bin!], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  await new Promise((resolve) => child.on('exit', resolve));
  const port = /:(\d+)\//.exec(out)?.[1];
  expect(port, 'the child printed its server URL').toBeDefined();
  const dir = fs
    .readdirSync(os.tmpdir())
    .map((name) => path.join(os.tmpdir(), name))
    .find(
      (d) =>
        d.includes('stitchhouse-postgres-') &&
        fs.existsSync(path.join(d, 'data', 'postmaster.pid')) &&
        fs.readFileSync(path.join(d, 'data', 'postmaster.pid'), 'utf8').split('\n')[3] === port,
    );
  expect(dir, 'the orphan server folder').toBeDefined();
  const pid = Number(fs.readFileSync(path.join(dir!, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { dir: dir!, pid };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!bin)('throwaway PostgreSQL reaper', () => {
  it('stops a server whose starting process was killed, and removes its folder', async () => {
    const orphan = await orphanServer();
    expect(alive(orphan.pid)).toBe(true);
    expect(reapOrphanedPostgres(bin)).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 50 && alive(orphan.pid); i++) await new Promise((r) => setTimeout(r, 100));
    expect(alive(orphan.pid)).toBe(false);
    expect(fs.existsSync(orphan.dir)).toBe(false);
  }, 60_000);

  it('leaves alone a server whose owner is still running', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-postgres-'));
    try {
      fs.writeFileSync(path.join(dir, 'owner.pid'), String(process.pid));
      reapOrphanedPostgres(bin);
      expect(fs.existsSync(dir)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
