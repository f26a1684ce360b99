// A real PostgreSQL server in a temporary folder, for the test suites and benchmarks that also
// run against PostgreSQL where its server binaries are installed (Debian:
// /usr/lib/postgresql/<version>/bin). initdb refuses to run as root, so as root the server
// runs as the postgres user.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../config.ts';

export interface ThrowawayPostgres {
  url: string;
  /** Stops the server and deletes its folder. */
  stop(): void;
}

/** The newest installed PostgreSQL's bin folder, or undefined. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  for (const version of fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))) {
    const bin = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(bin, 'pg_ctl')) && fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return undefined;
}

/** Its major version, for test and benchmark labels ("15"). */
export function postgresVersion(bin: string): string {
  return path.basename(path.dirname(bin));
}

export async function startThrowawayPostgres(bin: string, options: { fsync?: boolean } = {}): Promise<ThrowawayPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-postgres-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'postgres', '--', cmd, ...args] : args, { stdio: 'ignore' });
  if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  try {
    run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${options.fsync === false ? ' -c fsync=off' : ''}`;
    run(path.join(bin, 'pg_ctl'), ['-D', data, '-w', '-l', path.join(dir, 'log'), '-o', settings, 'start']);
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
