// The same core suite against a real PostgreSQL, started here in a temporary folder when
// the server binaries are installed (Debian: /usr/lib/postgresql/<version>/bin).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { freePort } from '../src/config.ts';
import { defineCoreSuite } from './core-suite.ts';

function findBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (fs.existsSync(path.join(bin, 'pg_ctl')) && fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return undefined;
}

const bin = findBin();
// initdb refuses to run as root; run the server as the postgres user then.
const asRoot = process.getuid?.() === 0;
const runner = (cmd: string, args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);

let dir: string | undefined;

async function startRealPostgres(): Promise<{ databaseUrl: string }> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-realpg-'));
  const data = path.join(dir, 'data');
  if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
  const port = await freePort();
  execFileSync(...runner(path.join(bin!, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']), { stdio: 'ignore' });
  execFileSync(
    ...runner(path.join(bin!, 'pg_ctl'), ['-D', data, '-w', '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']),
    { stdio: 'ignore' },
  );
  return { databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres` };
}

afterAll(() => {
  if (!dir) return;
  try {
    execFileSync(...runner(path.join(bin!, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-m', 'immediate', 'stop']), { stdio: 'ignore' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

if (bin) {
  defineCoreSuite({ name: `PostgreSQL ${path.basename(path.dirname(bin))}`, stackOptions: startRealPostgres, crashTest: false });
} else {
  describe('backend core (real PostgreSQL)', () => {
    it.skip('skipped: no PostgreSQL server binaries under /usr/lib/postgresql/*/bin', () => undefined);
  });
}
