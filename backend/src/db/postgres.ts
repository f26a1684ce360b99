// Starts the database the stack talks to: PGlite persisted under <dataDir>/pgdata and
// served on a 127.0.0.1 socket by a child process, or an existing PostgreSQL (DATABASE_URL).
// Either way the result is a connection string; every client uses it, ours included.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Logger } from '../context.ts';

export interface PostgresHandle {
  kind: 'pglite' | 'postgres';
  connectionString: string;
  /** Child process serving PGlite (absent for DATABASE_URL). */
  process?: ChildProcess;
  /** PGlite: NOTIFYs on the server's own channels (pglite-server.ts), which no socket client sees; absent for DATABASE_URL (LISTEN there). */
  onNotification?(listener: (channel: string, payload: string) => void): () => void;
  stop(): Promise<void>;
}

export interface PostgresOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Socket port for PGlite; 0 picks a free one. */
  port?: number;
  /** Password of the PGlite socket's one user, postgres (generated into keys.json by config.ts). */
  password?: string;
  log: Logger;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

function tsxLoader(): string {
  const pkg = require.resolve('tsx/package.json');
  return pathToFileURL(path.join(path.dirname(pkg), 'dist', 'loader.mjs')).href;
}

export async function startPostgres(options: PostgresOptions): Promise<PostgresHandle> {
  if (options.databaseUrl) {
    options.log.info('db', `using PostgreSQL at ${redact(options.databaseUrl)}`);
    return { kind: 'postgres', connectionString: options.databaseUrl, stop: async () => undefined };
  }
  const pgdata = path.join(options.dataDir, 'pgdata');
  fs.mkdirSync(pgdata, { recursive: true });
  const lock = takeLock(options.dataDir);
  const fresh = !fs.existsSync(path.join(pgdata, 'PG_VERSION'));
  const started = Date.now();

  if (!options.password) throw new Error('startPostgres: the PGlite socket needs a password');
  const child = fork(path.join(here, 'pglite-server.ts'), [pgdata, String(options.port ?? 0)], {
    execArgv: ['--import', tsxLoader()],
    env: { ...process.env, PGLITE_USER: 'postgres', PGLITE_PASSWORD: options.password },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  lock.write(child.pid!);
  prefixLines(child.stdout!, (line) => options.log.info('db', line));
  prefixLines(child.stderr!, (line) => options.log.info('db', line));

  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (msg: { type: string; port?: number; message?: string }) => {
      if (msg.type === 'ready') resolve(msg.port!);
      else if (msg.type === 'error') reject(new Error(`PGlite failed to start: ${msg.message}`));
    });
    child.once('exit', (code, signal) => reject(new Error(`PGlite exited during start-up (${signal ?? code})`)));
  });
  options.log.info('db', `PGlite ${fresh ? 'initialised' : 'opened'} at ${pgdata} in ${Date.now() - started} ms, socket 127.0.0.1:${port}`);

  const notificationListeners = new Set<(channel: string, payload: string) => void>();
  child.on('message', (msg: { type: string; channel?: string; payload?: string }) => {
    if (msg.type === 'notify') for (const listener of notificationListeners) listener(msg.channel!, msg.payload!);
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
    lock.release();
  });
  return {
    kind: 'pglite',
    connectionString: `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${port}/postgres`,
    process: child,
    onNotification(listener) {
      notificationListeners.add(listener);
      return () => notificationListeners.delete(listener);
    },
    async stop() {
      if (exited) return;
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      // Closing PGlite checkpoints; give it time, then force it (no committed data is at risk).
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await done;
      clearTimeout(timer);
    },
  };
}

/** One PGlite per data folder: a second one on the same files would corrupt them. */
function takeLock(dataDir: string): { write(pid: number): void; release(): void } {
  const file = path.join(dataDir, 'pglite.pid');
  if (fs.existsSync(file)) {
    const pid = Number(fs.readFileSync(file, 'utf8'));
    if (pid > 0 && isAlive(pid)) {
      throw new Error(`The data folder ${dataDir} is in use by another backend (pid ${pid}). Stop it first.`);
    }
  }
  return {
    write: (pid) => fs.writeFileSync(file, String(pid)),
    release: () => fs.rmSync(file, { force: true }),
  };
}

/** Whether a process exists (EPERM: it does, under another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function prefixLines(stream: NodeJS.ReadableStream, emit: (line: string) => void): void {
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) emit(line);
  });
}

export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
