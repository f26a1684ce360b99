// One Deno process per function, as Edge Runtime gives each function its own isolate: started
// on the first call, started again on the next call after it exits (crash or Deno.exit), stopped
// with the stack. Permissions are Edge Runtime's: network and env; reading only the functions
// folder, the folders its deno.json import map points at (shared rules) and node_modules (npm
// packages, fonts); no writes, no subprocesses, no FFI.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Logger } from '../context.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const workerScript = path.join(here, 'deno-worker.ts');
const LISTENING = 'stitchhouse-function-worker listening on port ';
const START_TIMEOUT_MS = 60_000;

/** The Deno binary of the exact-pinned `deno` npm package (its postinstall, or its fallback, puts it there). */
export function denoBinary(): string {
  const require = createRequire(import.meta.url);
  return (require('deno/install_api.cjs') as { runInstall(): string }).runInstall();
}

export interface FunctionWorker {
  readonly name: string;
  readonly port: number;
  readonly pid: number;
}

interface Running {
  ready: Promise<FunctionWorker>;
  child: ChildProcess;
}

export class FunctionWorkers {
  private readonly running = new Map<string, Running>();
  private stopped = false;
  private readonly deno = denoBinary();
  /** Shared by every stack: Deno's transpile and npm-analysis cache (not the functions' files). */
  private readonly denoDir = path.join(repoRoot, 'node_modules', '.cache', 'deno');

  /** Workers replaced after an edit, stopped once their calls in flight had time to finish. */
  private readonly retired = new Set<ChildProcess>();
  private readonly watchers: FSWatcher[] = [];

  constructor(
    readonly functionsDir: string,
    private readonly env: () => Record<string, string>,
    private readonly log: Logger,
    options: { reload?: boolean } = {},
  ) {
    if (options.reload) this.watch();
  }

  /** The function's running worker, started when there is none. Rejects with the reason (and Deno's output) when it cannot start. */
  worker(name: string): Promise<FunctionWorker> {
    if (this.stopped) return Promise.reject(new Error('the functions runner is stopped'));
    const current = this.running.get(name);
    if (current) return current.ready;
    const started = this.start(name);
    this.running.set(name, started);
    started.ready.catch(() => {
      if (this.running.get(name) === started) this.running.delete(name);
    });
    return started.ready;
  }

  /** Stops every worker (SIGTERM, then SIGKILL after 3 s). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const watcher of this.watchers.splice(0)) watcher.close();
    const all = [...[...this.running.values()].map(({ child }) => child), ...this.retired];
    this.running.clear();
    this.retired.clear();
    await Promise.all(all.map(stopChild));
  }

  /**
   * Development (`npm start`): an edit under the functions folder or shared/src retires every
   * worker, as `supabase functions serve` reloads; the next call starts the new code, calls in
   * flight get 30 s to finish on the old one.
   */
  private watch(): void {
    let timer: NodeJS.Timeout | undefined;
    const retireAll = () => {
      timer = undefined;
      if (this.stopped || this.running.size === 0) return;
      this.log.info('functions', `source changed: ${[...this.running.keys()].join(', ')} start again on their next call`);
      for (const { child } of this.running.values()) {
        this.retired.add(child);
        setTimeout(() => void stopChild(child).then(() => this.retired.delete(child)), 30_000).unref();
      }
      this.running.clear();
    };
    for (const dir of [this.functionsDir, path.join(repoRoot, 'shared', 'src')]) {
      if (!existsSync(dir)) continue;
      const watcher = watch(dir, { recursive: true }, () => {
        clearTimeout(timer);
        timer = setTimeout(retireAll, 100);
      });
      watcher.on('error', (err) => this.log.error('functions', `watching ${dir} for edits failed`, err));
      this.watchers.push(watcher);
    }
  }

  private start(name: string): Running {
    const dir = path.join(this.functionsDir, name);
    const config = existsSync(path.join(dir, 'deno.json')) ? path.join(dir, 'deno.json') : undefined;
    const args = [
      'run', '--no-prompt', '--no-lock', '--node-modules-dir=manual',
      '--allow-net', '--allow-env', `--allow-read=${this.readablePaths(config).join(',')}`,
      ...(config ? ['--config', config] : ['--no-config']),
      workerScript, pathToFileURL(path.join(dir, 'index.ts')).href, name,
    ];
    const child = spawn(this.deno, args, {
      cwd: dir,
      // only what Edge Runtime would give: the function's secrets, nothing else of the backend's environment
      env: { ...this.env(), DENO_DIR: this.denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const recentErrors: string[] = [];
    const ready = new Promise<FunctionWorker>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`${name} did not start listening within ${START_TIMEOUT_MS / 1000} s`));
        child.kill('SIGKILL');
      }, START_TIMEOUT_MS);
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith(LISTENING)) {
          clearTimeout(timer);
          resolve({ name, port: Number(line.slice(LISTENING.length)), pid: child.pid! });
        } else this.log.info('functions', `${name}: ${line}`);
      });
      createInterface({ input: child.stderr! }).on('line', (line) => {
        recentErrors.push(line);
        if (recentErrors.length > 20) recentErrors.shift();
        this.log.error('functions', `${name}: ${line}`);
      });
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(new Error(`${name}: could not run Deno (${this.deno}): ${err.message}`));
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        if (this.running.get(name)?.child === child) this.running.delete(name);
        reject(new Error(`${name} exited (${signal ?? `code ${code}`}) before listening:\n${recentErrors.join('\n')}`));
        if (!this.stopped && !this.retired.has(child)) this.log.error('functions', `${name} worker (pid ${child.pid}) exited (${signal ?? `code ${code}`}); the next call starts it again`);
      });
    });
    // stdin stays open and unused: its end (our exit, even a SIGKILL) tells the worker to go
    child.stdin!.on('error', () => undefined);
    return { ready, child };
  }

  /** The functions folder, local import-map targets (e.g. "@stitchhouse/shared/": "../../../shared/src/") and node_modules. */
  private readablePaths(config: string | undefined): string[] {
    const paths = new Set([this.functionsDir, path.join(path.dirname(this.functionsDir), 'node_modules'), path.join(repoRoot, 'node_modules')]);
    const imports = config ? (JSON.parse(readFileSync(config, 'utf8')) as { imports?: Record<string, string> }).imports ?? {} : {};
    for (const target of Object.values(imports)) {
      if (/^\.{0,2}\//.test(target)) paths.add(path.resolve(path.dirname(config!), target));
    }
    return [...paths];
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
