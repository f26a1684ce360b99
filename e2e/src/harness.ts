import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import APPS from '../../shared/src/apps.json' with { type: 'json' };

/**
 * The browser-test harness: builds what is stale, serves the six apps on free ports
 * (plus the embedded backend when backend/src/stack.ts exists), and drives Debian's
 * Chromium through playwright-core. Every test file starts its own and stops it.
 */
export const root = join(import.meta.dirname, '..', '..');

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** An app's MF name (shared/src/apps.json, the one app list). */
type AppName = string;

interface ServedApps {
  urls: Record<AppName, string>;
  ports: Record<AppName, number>;
  dirs: Record<AppName, string>;
  deploymentId: () => string;
  stopApp(name: AppName): Promise<void>;
  startApp(name: AppName): Promise<void>;
  stop(): Promise<void>;
}

interface BackendHandle {
  url: string;
  anonKey: string;
  /** For tests that create their own data through the backend (bypasses row-level security). */
  serviceRoleKey: string;
  /** The embedded Stripe sandbox (payments tests drive its /_sandbox/ endpoints), when the stack runs one. */
  stripe: { url: string; secretKey: string; webhookSecret: string } | null;
  stop(): Promise<void>;
}

/** Backend settings a test may change (backend/src/context.ts BackendConfig), e.g. a short link expiry. */
export interface BackendConfigOverrides {
  jwtExpiry?: number;
  otpExpiry?: number;
  /** Seconds between two emails of one kind to one address; 0 lets tests ask again at once. */
  emailMinInterval?: number;
}

export interface StackOptions {
  /** Served folder per app, e.g. a rebuilt temp copy of one remote. */
  dirs?: Partial<Record<AppName, string>>;
  deploymentCheckMs?: number;
  /** A fixed deployment id in env.json (as a static host has), instead of one derived from the builds. */
  deploymentId?: string;
  /** Serve the shell's remotes.json from this file, re-read per request (scripts/serve-apps.mjs `remotesFile`). */
  remotesFile?: string;
  /** Start the embedded backend when backend/src/stack.ts exists (default false: pages must render without it). */
  backend?: boolean;
  /** Overrides for the embedded backend's config (only with `backend: true`). */
  backendConfig?: BackendConfigOverrides;
  /** Load the demo data (supabase/seed) into the fresh backend, as `npm start` does (default false: tests make their own). */
  seed?: boolean;
}

export interface E2EStack {
  apps: ServedApps;
  shellUrl: string;
  backend: BackendHandle | null;
  browser: Browser;
  newPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  stop(): Promise<void>;
}

async function importScript<T>(name: string): Promise<T> {
  return (await import(/* @vite-ignore */ join(root, 'scripts', name))) as T;
}

/** Builds every app whose dist/ is missing or older than its sources. */
export async function buildIfNeeded(): Promise<void> {
  const { appsNeedingBuild, buildApps } = await importScript<{
    appsNeedingBuild(): string[];
    buildApps(o: { folders: string[]; quiet?: boolean }): Promise<unknown>;
  }>('build-apps.mjs');
  if (!appsNeedingBuild().length) return;
  // test files (and runs) at once: one builds, the others wait and find the builds fresh
  await withBuildLock(async () => {
    const stale = appsNeedingBuild();
    if (stale.length) await buildApps({ folders: stale });
  });
}

/** A lock folder beside the builds: one build of the apps at a time across test processes (a dead holder's lock is taken over). */
async function withBuildLock(run: () => Promise<void>): Promise<void> {
  const lock = join(root, 'node_modules', '.cache', 'e2e-build.lock');
  mkdirSync(join(lock, '..'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      try {
        const holder = Number(readFileSync(join(lock, 'pid'), 'utf8'));
        if (holder > 0 && !processAlive(holder)) rmSync(lock, { recursive: true, force: true });
        else if (Date.now() - statSync(lock).mtimeMs > 900_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // pid not written yet, or the lock went meanwhile
      }
      await new Promise((done) => setTimeout(done, 250));
    }
  }
  try {
    await run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What each embedded backend's fresh database is copied from (backend/src/db/templates.ts). */
const pgliteSchema = { bootstrapDir: join(root, 'backend', 'sql', 'bootstrap'), migrationsDirs: [join(root, 'supabase', 'migrations')] };
const quietBackendLog = { info() {}, error: (service: string, message: string, err?: unknown) => console.error(`[backend ${service}] ${message}`, err ?? '') };

/** Builds the migrated PGlite template once (vitest global setup, src/global-setup.ts), before any file's backend copies it. */
export async function preparePgliteTemplate(): Promise<void> {
  const templates = join(root, 'backend', 'src', 'db', 'templates.ts');
  if (!existsSync(templates)) return;
  const { pgliteTemplate } = (await import(/* @vite-ignore */ templates)) as {
    pgliteTemplate(files: typeof pgliteSchema, log: typeof quietBackendLog): Promise<string>;
  };
  await pgliteTemplate(pgliteSchema, quietBackendLog);
}

async function startBackend(overrides: BackendConfigOverrides & { siteUrl?: string } = {}, seed = false): Promise<BackendHandle | null> {
  const file = join(root, 'backend', 'src', 'stack.ts');
  if (!existsSync(file)) return null;
  const { startStack } = (await import(/* @vite-ignore */ file)) as {
    startStack(
      o: BackendConfigOverrides & { siteUrl?: string; seed: boolean; port: number; dataDir: string; log?: unknown },
    ): Promise<{ url: string; anonKey: string; serviceRoleKey: string; stripe?: BackendHandle['stripe']; stop(): Promise<void> }>;
  };
  // A fresh database per run, on free ports: never the developer's .data/ or port 54321.
  const dataDir = mkdtempSync(join(tmpdir(), 'stitchhouse-e2e-db-'));
  const quiet = quietBackendLog;
  try {
    // The fresh database is a copy of one migrated once per machine (backend/src/db/templates.ts),
    // not initdb plus every migration per file; the stack still applies any newer migration.
    const templates = join(root, 'backend', 'src', 'db', 'templates.ts');
    if (existsSync(templates)) {
      const { copyPgliteTemplate } = (await import(/* @vite-ignore */ templates)) as {
        copyPgliteTemplate(dataDir: string, files: { bootstrapDir: string; migrationsDirs?: string[] }, log: typeof quiet): Promise<void>;
      };
      await copyPgliteTemplate(dataDir, pgliteSchema, quiet);
    }
    const stack = await startStack({ ...overrides, seed, port: 0, dataDir, log: quiet });
    return {
      url: stack.url,
      anonKey: stack.anonKey,
      serviceRoleKey: stack.serviceRoleKey,
      stripe: stack.stripe ?? null,
      stop: async () => {
        await stack.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** A port that was free a moment ago and has nothing listening: an unreachable backend. */
async function closedPort(): Promise<number> {
  const held = await holdPort();
  await held.release();
  return held.port;
}

/**
 * A free port kept bound until `release`, right before its server listens: the backend starts
 * in between (seconds, many listeners on port 0) and a port merely probed free can be handed
 * to one of them meanwhile (EADDRINUSE when the shell then listens).
 */
async function holdPort(): Promise<{ port: number; release(): Promise<void> }> {
  const server = createServer();
  server.unref(); // a start that fails on the way does not keep the test process alive
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { port, release: () => new Promise<void>((done) => server.close(() => done())) };
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath))
    throw new Error(`Chromium is missing at ${executablePath}: run \`node scripts/test.mjs\` (installs it) or apt-get install chromium`);
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
}

export async function startE2EStack(options: StackOptions = {}): Promise<E2EStack> {
  await buildIfNeeded();
  // The shell's port is chosen first so the backend's SITE_URL (payment return links, emails) points at it.
  const shellPortHeld = await holdPort();
  const shellPort = shellPortHeld.port;
  const siteUrl = `http://127.0.0.1:${shellPort}`;
  const backend = !options.backend
    ? null
    : await startBackend({ ...options.backendConfig, siteUrl }, options.seed).catch((error: unknown) => {
        // Pages must render without a backend; say why data will be missing.
        console.warn('[e2e] embedded backend did not start; env.json points at an unreachable URL', error);
        return null;
      });
  const { serveApps } = await importScript<{ serveApps(o: object): Promise<ServedApps> }>('serve-apps.mjs');
  const supabaseUrl = backend?.url ?? `http://127.0.0.1:${await closedPort()}`; // nothing answers there
  await shellPortHeld.release();
  const apps = await serveApps({
    ports: Object.fromEntries(APPS.map((app) => [app.name, app.name === 'shell' ? shellPort : 0])),
    dirs: options.dirs,
    supabaseUrl,
    supabaseAnonKey: backend?.anonKey ?? 'e2e-no-backend',
    deploymentCheckMs: options.deploymentCheckMs,
    remotesFile: options.remotesFile,
    deploymentId: options.deploymentId,
  });
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (error) {
    await apps.stop();
    await backend?.stop();
    throw error;
  }
  return {
    apps,
    shellUrl: apps.urls.shell,
    backend,
    browser,
    async newPage() {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      return { context, page, errors };
    },
    async stop() {
      await browser.close().catch(() => undefined);
      await apps.stop();
      await backend?.stop();
    },
  };
}

/** What a route shows once it settled: its h1, and whether it is pending or broken. */
export async function settledRoute(page: Page) {
  await page.waitForFunction(
    () => {
      const h1 = document.querySelector('main h1, h1');
      const busy = document.querySelector('[aria-busy="true"]');
      return !!h1 && !busy;
    },
    undefined,
    { timeout: 60_000 },
  );
  return page.evaluate(() => ({
    h1: document.querySelector('h1')?.textContent?.trim() ?? '',
    unavailable: document.querySelector('[data-remote-unavailable]')?.getAttribute('data-remote-unavailable') ?? null,
    routeError: !!document.querySelector('[data-route-error]'),
    notFound: !!document.querySelector('[data-not-found]'),
  }));
}
