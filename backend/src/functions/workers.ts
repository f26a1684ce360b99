// One Deno process per function, as Edge Runtime gives each function its own isolate: started
// on the first call, started again on the next call after it exits (crash or Deno.exit), stopped
// with the stack. Permissions are Edge Runtime's: network and env; reading only the functions
// folder, the folders its deno.json import map points at (shared rules) and node_modules (npm
// packages, fonts); no writes, no subprocesses, no FFI.
//
// Hosted's limits (limits.ts) are enforced on every call taken through lease():
// - CPU time per request: while calls are in flight the runner reads the worker's JavaScript
//   thread's CPU time every 100 ms from /proc/<pid>/task/<pid>/stat (utime + stime, the thread
//   whose id is the process id runs the isolate; V8's GC and compiler helper threads are left
//   out, as Edge Runtime's per-isolate CPU timer leaves them out) and charges each interval's
//   CPU to the calls in flight during it, split evenly among them (exact for one call at a time,
//   the hosted case: an isolate serves one request at a time). Wall time spent waiting on I/O
//   costs nothing. A call over the limit kills the worker.
// - Memory per worker: sampled at the same time, the process's anonymous resident memory
//   (RssAnon in /proc/<pid>/status: V8's heap and ArrayBuffers once written, Deno's own
//   allocations; not the mapped binary), and V8's old space is capped at the same size
//   (--max-old-space-size), so a heap that grows between samples ends the worker too. Deno's
//   own few tens of MB are counted here and not on hosted: slightly stricter, never kinder.
// - Wall clock: a worker lives wallClockMs from when it listens; past half of it, it takes no
//   new call (the next one starts a fresh worker), and at the end it is killed with whatever it
//   is still serving, as Edge Runtime retires and then terminates its workers.
// A call whose worker is killed at a limit answers hosted's 546 WORKER_LIMIT (index.ts); the
// next call starts the worker again.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Logger } from '../context.ts';
import { hostedLimits, limitLogMessage, type FunctionLimits, type LimitReason } from './limits.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const workerScript = path.join(here, 'deno-worker.ts');
const LISTENING = 'stitchhouse-function-worker listening on port ';
const START_TIMEOUT_MS = 60_000;
const SAMPLE_MS = 100;
/** /proc's utime and stime are in USER_HZ ticks, 100 a second on every Linux. */
const MS_PER_TICK = 10;
/** FUNCTIONS_LOG_USAGE=1: an info line per call with its CPU time and the worker's memory (for measuring a function against the limits). */
const logUsage = process.env.FUNCTIONS_LOG_USAGE === '1';

function rssAnonMb(pid: number | undefined): number {
  try {
    return Number(/^RssAnon:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

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

/** One call on a worker, from lease() until its answer's body has been sent (release()). */
export interface WorkerLease {
  readonly worker: FunctionWorker;
  /** Settles with the limit when the worker is killed at one while this call runs; never otherwise. */
  readonly killed: Promise<LimitReason>;
  /** CPU time charged to this call so far, in ms. */
  readonly cpuMs: number;
  /** After the call failed (the worker's socket closed): the limit that ended the worker, once it has exited (waits ≤ 2 s). */
  limitAfterFailure(): Promise<LimitReason | undefined>;
  release(): void;
}

interface Lease extends WorkerLease {
  cpuMs: number;
  kill(reason: LimitReason): void;
}

interface Running {
  name: string;
  ready: Promise<FunctionWorker>;
  child: ChildProcess;
  exited: Promise<void>;
  readyAt?: number;
  inflight: Set<Lease>;
  /** The JavaScript thread's CPU ticks at the last sample. */
  cpuTicks?: number;
  sampler?: NodeJS.Timeout;
  wallClock?: NodeJS.Timeout;
  /** Set when the runner killed it at a limit (or V8 ran out of heap). */
  limitHit?: LimitReason;
  /** No new calls: past half its wall clock, or replaced after an edit. */
  retired?: boolean;
}

export class FunctionWorkers {
  private readonly running = new Map<string, Running>();
  private stopped = false;
  private readonly deno = denoBinary();
  /** Shared by every stack: Deno's transpile and npm-analysis cache (not the functions' files). */
  private readonly denoDir = path.join(repoRoot, 'node_modules', '.cache', 'deno');

  /** Workers replaced after an edit, stopped once their calls in flight had time to finish. */
  private readonly reloadRetired = new Set<ChildProcess>();
  private readonly watchers: FSWatcher[] = [];

  readonly limits: FunctionLimits;
  private readonly byChild = new Map<ChildProcess, Running>();
  private warnedNoProc = false;

  constructor(
    readonly functionsDir: string,
    private readonly env: () => Record<string, string>,
    private readonly log: Logger,
    options: { reload?: boolean; limits?: FunctionLimits } = {},
  ) {
    this.limits = options.limits ?? hostedLimits.free;
    if (options.reload) this.watch();
  }

  /** The function's running worker, started when there is none. Rejects with the reason (and Deno's output) when it cannot start. */
  worker(name: string): Promise<FunctionWorker> {
    if (this.stopped) return Promise.reject(new Error('the functions runner is stopped'));
    return this.current(name).ready;
  }

  /**
   * A call on the function's worker, under the limits: release() it once the answer has been
   * sent; `killed` settles if the worker is killed at a limit meanwhile.
   */
  async lease(name: string): Promise<WorkerLease> {
    if (this.stopped) throw new Error('the functions runner is stopped');
    const running = this.current(name);
    const worker = await running.ready;
    this.sample(running);
    let settle!: (reason: LimitReason) => void;
    const killed = new Promise<LimitReason>((resolve) => (settle = resolve));
    let released = false;
    const lease: Lease = {
      worker,
      killed,
      cpuMs: 0,
      kill: settle,
      limitAfterFailure: async () => {
        await Promise.race([running.exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
        return running.limitHit;
      },
      release: () => {
        if (released) return;
        released = true;
        this.sample(running);
        running.inflight.delete(lease);
        if (logUsage)
          this.log.info(
            'functions',
            `${name} call: ${Math.round(lease.cpuMs)} ms CPU (limit ${this.limits.cpuMs}), worker ${Math.round(rssAnonMb(running.child.pid))} MB (limit ${this.limits.memoryMb})`,
          );
        if (running.inflight.size > 0) return;
        clearInterval(running.sampler);
        running.sampler = undefined;
        // retired at half its wall clock and now idle: it ends here, as hosted's would
        if (running.retired && !running.limitHit && !this.reloadRetired.has(running.child)) void stopChild(running.child);
      },
    };
    if (running.limitHit) lease.kill(running.limitHit);
    running.inflight.add(lease);
    if (!running.sampler && (this.limits.cpuMs > 0 || this.limits.memoryMb > 0)) {
      running.sampler = setInterval(() => this.sample(running), SAMPLE_MS);
      running.sampler.unref();
    }
    return lease;
  }

  /** The worker calls go to: the running one unless past half its wall clock, else a new one. */
  private current(name: string): Running {
    const current = this.running.get(name);
    if (current) {
      const wall = this.limits.wallClockMs;
      if (!(wall > 0 && current.readyAt !== undefined && Date.now() - current.readyAt >= wall / 2)) return current;
      this.retireAtHalfWallClock(current);
    }
    const started = this.start(name);
    this.running.set(name, started);
    started.ready.catch(() => {
      if (this.running.get(name) === started) this.running.delete(name);
    });
    return started;
  }

  private retireAtHalfWallClock(running: Running): void {
    running.retired = true;
    if (this.running.get(running.name) === running) this.running.delete(running.name);
    this.log.info(
      'functions',
      `${running.name} worker (pid ${running.child.pid}) is past half its ${this.limits.wallClockMs / 1000} s wall clock: new calls go to a new worker`,
    );
    if (running.inflight.size === 0) void stopChild(running.child);
  }

  /** Charges the CPU used since the last sample to the calls in flight, and kills the worker at a limit. */
  private sample(running: Running): void {
    const pid = running.child.pid;
    if (pid === undefined || running.limitHit || running.child.exitCode !== null || running.child.signalCode !== null) return;
    let stat: string;
    let status: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
      status = readFileSync(`/proc/${pid}/status`, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !existsSync('/proc/self/stat') && !this.warnedNoProc) {
        this.warnedNoProc = true;
        this.log.error('functions', 'no /proc on this system: the CPU and memory limits of functions are not enforced (the wall clock is)');
      }
      return;
    }
    // fields after "(comm)": state is the 1st, utime the 12th, stime the 13th (proc(5) fields 14, 15)
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    if (running.cpuTicks !== undefined && running.inflight.size > 0) {
      const share = ((ticks - running.cpuTicks) * MS_PER_TICK) / running.inflight.size;
      for (const lease of running.inflight) lease.cpuMs += share;
    }
    running.cpuTicks = ticks;
    const rssAnonKb = Number(/^RssAnon:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
    const { memoryMb, cpuMs } = this.limits;
    if (memoryMb > 0 && rssAnonKb > memoryMb * 1024) {
      this.killAtLimit(running, 'memory', `${Math.round(rssAnonKb / 1024)} MB used, limit ${memoryMb} MB`);
      return;
    }
    if (cpuMs > 0) {
      const over = [...running.inflight].find((lease) => lease.cpuMs > cpuMs);
      if (over) this.killAtLimit(running, 'cpu', `a call used ${Math.round(over.cpuMs)} ms of CPU, limit ${cpuMs} ms`);
    }
  }

  /** Ends the worker as hosted's supervisor does, telling every call in flight why. */
  private killAtLimit(running: Running, reason: LimitReason, detail: string): void {
    if (running.limitHit) return;
    running.limitHit = reason;
    clearInterval(running.sampler);
    clearTimeout(running.wallClock);
    if (this.running.get(running.name) === running) this.running.delete(running.name);
    this.log.error(
      'functions',
      `${running.name}: ${limitLogMessage[reason]} (${detail}); worker pid ${running.child.pid} killed, ${running.inflight.size} call(s) answered 546 WORKER_LIMIT`,
    );
    for (const lease of running.inflight) lease.kill(reason);
    running.child.kill('SIGKILL');
  }

  /** Stops every worker (SIGTERM, then SIGKILL after 3 s). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const watcher of this.watchers.splice(0)) watcher.close();
    const all = [...this.byChild.keys()];
    this.running.clear();
    this.reloadRetired.clear();
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
      for (const running of this.running.values()) {
        const { child } = running;
        running.retired = true;
        this.reloadRetired.add(child);
        setTimeout(() => void stopChild(child).then(() => this.reloadRetired.delete(child)), 30_000).unref();
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
      'run',
      '--no-prompt',
      '--no-lock',
      '--node-modules-dir=manual',
      ...(this.limits.memoryMb > 0 ? [`--v8-flags=--max-old-space-size=${this.limits.memoryMb}`] : []),
      '--allow-net',
      '--allow-env',
      `--allow-read=${this.readablePaths(config).join(',')}`,
      ...(config ? ['--config', config] : ['--no-config']),
      workerScript,
      pathToFileURL(path.join(dir, 'index.ts')).href,
      name,
    ];
    const child = spawn(this.deno, args, {
      cwd: dir,
      // only what Edge Runtime would give: the function's secrets, nothing else of the backend's environment
      env: { ...this.env(), DENO_DIR: this.denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const recentErrors: string[] = [];
    let exited!: () => void;
    const running: Running = {
      name,
      child,
      ready: undefined as unknown as Promise<FunctionWorker>,
      inflight: new Set(),
      exited: new Promise<void>((resolve) => (exited = resolve)),
    };
    this.byChild.set(child, running);
    const outOfMemory = () => recentErrors.some((line) => /Fatal JavaScript out of memory/i.test(line));
    running.ready = new Promise<FunctionWorker>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`${name} did not start listening within ${START_TIMEOUT_MS / 1000} s`));
        child.kill('SIGKILL');
      }, START_TIMEOUT_MS);
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith(LISTENING)) {
          clearTimeout(timer);
          running.readyAt = Date.now();
          const wall = this.limits.wallClockMs;
          if (wall > 0) {
            running.wallClock = setTimeout(() => {
              if (running.inflight.size > 0) this.killAtLimit(running, 'wall_clock', `${wall / 1000} s since it started`);
              else {
                if (this.running.get(name) === running) this.running.delete(name);
                void stopChild(child);
              }
            }, wall);
            running.wallClock.unref();
          }
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
        clearInterval(running.sampler);
        clearTimeout(running.wallClock);
        this.byChild.delete(child);
        if (this.running.get(name)?.child === child) this.running.delete(name);
        reject(new Error(`${name} exited (${signal ?? `code ${code}`}) before listening:\n${recentErrors.join('\n')}`));
        if (!this.stopped && !running.retired && !running.limitHit && !outOfMemory())
          this.log.error('functions', `${name} worker (pid ${child.pid}) exited (${signal ?? `code ${code}`}); the next call starts it again`);
      });
      // after 'exit', once its output has been read: V8 reached the heap cap (--max-old-space-size) before a sample saw it
      child.on('close', () => {
        if (!running.limitHit && running.inflight.size > 0 && outOfMemory()) {
          running.limitHit = 'memory';
          this.log.error(
            'functions',
            `${name}: ${limitLogMessage.memory} (V8 heap over ${this.limits.memoryMb} MB); ${running.inflight.size} call(s) answered 546 WORKER_LIMIT`,
          );
          for (const lease of running.inflight) lease.kill('memory');
        }
        exited();
      });
    });
    // stdin stays open and unused: its end (our exit, even a SIGKILL) tells the worker to go
    child.stdin!.on('error', () => undefined);
    return running;
  }

  /** The functions folder, local import-map targets (e.g. "@stitchhouse/shared/": "../../../shared/src/") and node_modules. */
  private readablePaths(config: string | undefined): string[] {
    const paths = new Set([this.functionsDir, path.join(path.dirname(this.functionsDir), 'node_modules'), path.join(repoRoot, 'node_modules')]);
    const imports = config ? ((JSON.parse(readFileSync(config, 'utf8')) as { imports?: Record<string, string> }).imports ?? {}) : {};
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
