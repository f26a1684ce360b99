// A real PostgreSQL server in a temporary folder, for the test suites and benchmarks that also
// run against PostgreSQL where its server binaries are installed (Debian:
// /usr/lib/postgresql/<version>/bin). initdb refuses to run as root, so as root the server
// runs as the postgres user.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../config.ts';
import { buildOnce } from './templates.ts';

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

/** The test run a server belongs to (vitest's global setup names it; see startTestRun). */
const RUN_FILE = 'run';
const RUN_PREFIX = 'stitchhouse-test-run-';
const RUN_ENV = 'STITCHHOUSE_TEST_RUN';

function readPid(file: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the run that started a server is over: its registry file is gone or its process died. */
function runIsOver(runId: string): boolean {
  const pid = readPid(path.join(os.tmpdir(), `${RUN_PREFIX}${runId}`));
  return pid === undefined || !isAlive(pid);
}

function stopFolder(dir: string, bin: string | undefined): void {
  try {
    if (bin && fs.existsSync(path.join(dir, 'data', 'postmaster.pid'))) {
      runAsServerUser(path.join(bin, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-m', 'immediate', 'stop']);
    }
  } catch {
    // already stopped: only the folder is left
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Our server folders (stitchhouse-postgres-* under the temp folder) with their owner and run. */
function serverFolders(): Array<{ dir: string; owner: number | undefined; run: string | undefined }> {
  return fs
    .readdirSync(os.tmpdir())
    .filter((name) => name.startsWith(FOLDER_PREFIX))
    .map((name) => {
      const dir = path.join(os.tmpdir(), name);
      let run: string | undefined;
      try {
        run = fs.readFileSync(path.join(dir, RUN_FILE), 'utf8').trim() || undefined;
      } catch {
        run = undefined;
      }
      return { dir, owner: readPid(path.join(dir, OWNER_FILE)), run };
    });
}

/**
 * Stops the servers whose starting process has died, or whose test run is over. Vitest ends
 * its forks without running afterAll or exit handlers when a run finishes or is cancelled, so
 * servers can outlive their suite; every start, every run's start and the backend suite's
 * global teardown sweep them up. Only folders this module made (stitchhouse-postgres-* with an
 * owner.pid) are touched, and servers of live processes in a live run (another run on the same
 * machine) are left alone. Returns how many were stopped.
 */
export function reapOrphanedPostgres(bin: string | undefined = findPostgresBin()): number {
  let reaped = 0;
  for (const { dir, owner, run } of serverFolders()) {
    if (owner === undefined) continue; // still starting, or not ours to judge
    if (isAlive(owner) && (run === undefined || !runIsOver(run))) continue;
    stopFolder(dir, bin);
    reaped++;
  }
  // registry files of runs that died (killed before their teardown)
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (name.startsWith(RUN_PREFIX) && runIsOver(name.slice(RUN_PREFIX.length))) fs.rmSync(path.join(os.tmpdir(), name), { force: true });
  }
  return reaped;
}

/**
 * A test run's registry (vitest global setup): reaps what earlier runs left (a killed run's
 * servers), names this run in STITCHHOUSE_TEST_RUN (inherited by the test processes, whose
 * servers record it), and returns the teardown, which stops every server the run started,
 * whether or not the process that started it is still alive.
 */
export function startTestRun(bin: string | undefined = findPostgresBin()): { reapedAtStart: number; teardown(): number } {
  const reapedAtStart = reapOrphanedPostgres(bin);
  const runId = `${process.pid}-${Date.now().toString(36)}`;
  const registry = path.join(os.tmpdir(), `${RUN_PREFIX}${runId}`);
  fs.writeFileSync(registry, String(process.pid));
  process.env[RUN_ENV] = runId;
  return {
    reapedAtStart,
    teardown() {
      let stopped = 0;
      for (const { dir, run } of serverFolders()) {
        if (run !== runId) continue;
        stopFolder(dir, bin);
        stopped++;
      }
      fs.rmSync(registry, { force: true });
      return stopped + reapOrphanedPostgres(bin);
    },
  };
}

/**
 * A stopped server's data folder, built once per key under the temp folder by prepare(url)
 * (e.g. bootstrap and migrations) and copied by startThrowawayPostgres({ template }) for each
 * server: initdb and 49 migrations per test file cost seconds, a copy a fraction of one.
 * Concurrent builders of one key wait for the first (a lock folder).
 */
export async function postgresTemplate(bin: string, key: string, prepare: (url: string) => Promise<void>): Promise<string> {
  const template = path.join(os.tmpdir(), `stitchhouse-pgtemplate-${postgresVersion(bin)}-${key}`);
  await buildOnce(
    template,
    () => fs.existsSync(path.join(template, 'data', 'PG_VERSION')),
    async (building) => {
      const server = await startServer(bin, { fsync: false });
      try {
        await prepare(server.url);
        runAsServerUser(path.join(bin, 'pg_ctl'), ['-D', server.data, '-m', 'fast', 'stop']);
        fs.renameSync(server.data, path.join(building, 'data'));
      } finally {
        server.stop();
      }
    },
  );
  return path.join(template, 'data');
}

export async function startThrowawayPostgres(bin: string, options: { fsync?: boolean; template?: string } = {}): Promise<ThrowawayPostgres> {
  reapOrphanedPostgres(bin);
  const { url, stop } = await startServer(bin, options);
  return { url, stop };
}

/** pg_ctl start attempts, each on a freshly probed port. */
const START_ATTEMPTS = 3;

async function startServer(bin: string, options: { fsync?: boolean; template?: string }): Promise<ThrowawayPostgres & { data: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), FOLDER_PREFIX));
  fs.writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  if (process.env[RUN_ENV]) fs.writeFileSync(path.join(dir, RUN_FILE), process.env[RUN_ENV]);
  const asRoot = process.getuid?.() === 0;
  const data = path.join(dir, 'data');
  let port: number;
  try {
    // a copy of a template keeps its owner and modes (the server refuses a data folder others can read)
    if (options.template) execFileSync('cp', ['-a', options.template, data]);
    if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
    if (!options.template) runAsServerUser(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    // a port probed free can be taken by another test's server before this one binds it: try a fresh one
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${options.fsync === false ? ' -c fsync=off' : ''}`;
      try {
        runAsServerUser(path.join(bin, 'pg_ctl'), ['-D', data, '-w', '-l', path.join(dir, 'log'), '-o', settings, 'start']);
        break;
      } catch (err) {
        if (attempt >= START_ATTEMPTS) throw err;
      }
    }
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    data,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        if (fs.existsSync(path.join(data, 'postmaster.pid'))) runAsServerUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
