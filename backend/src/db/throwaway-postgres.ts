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

const FOLDER_PREFIX = 'stitchhouse-postgres-';
// the process that started a server; when it is gone, the server is an orphan
const OWNER_FILE = 'owner.pid';

function runAsServerUser(cmd: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'postgres', '--', cmd, ...args] : args, { stdio: 'ignore' });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops the servers whose starting process has died. Vitest ends its forks without running
 * afterAll or exit handlers when a run finishes or is cancelled, so servers can outlive their
 * suite; every start and the backend suite's global teardown sweep them up. Servers of live
 * processes (another run on the same machine) are left alone. Returns how many were stopped.
 */
export function reapOrphanedPostgres(bin: string | undefined = findPostgresBin()): number {
  let reaped = 0;
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(FOLDER_PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    let owner: number;
    try {
      owner = Number(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8'));
    } catch {
      continue; // still starting, or not ours to judge
    }
    if (!Number.isInteger(owner) || owner <= 0 || isAlive(owner)) continue;
    try {
      if (bin && fs.existsSync(path.join(dir, 'data', 'postmaster.pid'))) {
        runAsServerUser(path.join(bin, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-m', 'immediate', 'stop']);
      }
    } catch {
      // already stopped: only the folder is left
    }
    fs.rmSync(dir, { recursive: true, force: true });
    reaped++;
  }
  return reaped;
}

export async function startThrowawayPostgres(bin: string, options: { fsync?: boolean } = {}): Promise<ThrowawayPostgres> {
  reapOrphanedPostgres(bin);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), FOLDER_PREFIX));
  fs.writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  try {
    runAsServerUser(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${options.fsync === false ? ' -c fsync=off' : ''}`;
    runAsServerUser(path.join(bin, 'pg_ctl'), ['-D', data, '-w', '-l', path.join(dir, 'log'), '-o', settings, 'start']);
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
        runAsServerUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
