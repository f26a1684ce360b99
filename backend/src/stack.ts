// Starts the whole embedded backend: Postgres, schema, PostgREST, the services and the
// gateway, then the demo seed once on a fresh database. stop() takes it all down.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import type { BackendConfig, Logger, ServiceContext } from './context.ts';
import { loadConfig, releaseReservedPort, repoRoot, type ConfigOverrides } from './config.ts';
import { startPostgres, type PostgresHandle } from './db/postgres.ts';
import { startMaintenance } from './db/maintenance.ts';
import { createPool } from './db/pool.ts';
import { migrate } from './migrate/index.ts';
import { startPostgrest, type PostgrestHandle } from './postgrest/index.ts';
import { postgrestJwks } from './jwt.ts';
import { LocalMailer } from './mail/mailer.ts';
import { createMailApp } from './mail/routes.ts';
import { createGateway, createUpgradeHandler, listenGateway, type GatewayServer } from './gateway.ts';
import { startRealtime, type Realtime } from './realtime/index.ts';
import { createAuthApp, type AuthOptions } from './auth/index.ts';
import { createStorageApp } from './storage/index.ts';
import { createFunctions } from './functions/index.ts';
import { startStripeSandbox, type StripeSandbox } from './stripe-sandbox/index.ts';

export interface StackOptions extends ConfigOverrides {
  /** Run supabase/seed/index.ts on a fresh database (default true). */
  seed?: boolean;
  /** Folders of <version>_<name>.sql migrations (default supabase/migrations). */
  migrationsDirs?: string[];
  /** Folder of the idempotent bootstrap SQL (default backend/sql/bootstrap). */
  bootstrapDir?: string;
  /** Seed module path (default supabase/seed/index.ts). */
  seedModule?: string;
  /** PGlite socket and PostgREST ports; 0 or absent picks free ones. */
  dbPort?: number;
  restPort?: number;
  log?: Logger;
  /** Limits of the auth service (tests lower them). */
  auth?: AuthOptions;
}

export interface Stack {
  config: BackendConfig;
  /** Public origin (apiExternalUrl) supabase-js uses. */
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  pool: pg.Pool;
  /** Connection string of the database (the PGlite socket or DATABASE_URL). */
  databaseUrl: string;
  postgres: PostgresHandle;
  rest: PostgrestHandle;
  mailer: LocalMailer;
  /** The Stripe the functions use: the embedded sandbox's API origin and keys; null on real Stripe. */
  stripe: { url: string; secretKey: string; webhookSecret: string } | null;
  /** The embedded sandbox itself (clock, webhook worker) when it runs. */
  stripeSandbox: StripeSandbox | null;
  /** Migration files applied during this start. */
  applied: string[];
  /** The embedded Realtime (websocket at /realtime/v1/websocket). */
  realtime: Realtime;
  stop(): Promise<void>;
}

export const consoleLogger: Logger = {
  info: (service, message) => console.log(`${time()} [${service}] ${message}`),
  error: (service, message, err) => console.error(`${time()} [${service}] ${message}`, err ?? ''),
};

function time(): string {
  return new Date().toISOString().slice(11, 19);
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const log = options.log ?? consoleLogger;
  const config = await loadConfig(options);
  const cleanup: Array<() => Promise<void>> = [() => releaseReservedPort(config.port)]; // a start that fails early
  const stopAll = async (): Promise<void> => {
    for (const fn of cleanup.splice(0).reverse()) await fn().catch((err) => log.error('stack', 'shutdown step failed', err));
  };

  try {
    const postgres = await startPostgres({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      port: options.dbPort,
      password: config.dbPassword,
      log,
    });
    cleanup.push(() => postgres.stop());
    const pool = createPool(postgres.connectionString, { onError: (err) => log.error('db', 'idle connection failed', err) });
    cleanup.push(() => pool.end());

    const result = await migrate(pool, {
      bootstrapDir: options.bootstrapDir ?? path.join(repoRoot, 'backend', 'sql', 'bootstrap'),
      migrationsDirs: options.migrationsDirs ?? [path.join(repoRoot, 'supabase', 'migrations')],
    });
    log.info(
      'migrate',
      `bootstrap ${result.bootstrap.join(', ') || '(none)'}; ${result.applied.length} migration(s) applied${
        result.applied.length ? ` (${result.applied.join(', ')})` : ''
      }, ${result.alreadyApplied} already applied`,
    );

    const rest = await startPostgrest({
      dbUri: postgres.connectionString,
      jwtSecret: postgrestJwks(config),
      port: options.restPort,
      log,
      dataDir: config.dataDir,
      realPostgres: postgres.kind === 'postgres',
    });
    cleanup.push(() => rest.stop());

    const mailer = new LocalMailer(pool, log, config.smtpUrl);
    const ctx: ServiceContext = { config, pool, mail: mailer, log };
    // the Stripe sandbox on its own origin, unless the user gave real Stripe keys
    let stripeSandbox: StripeSandbox | null = null;
    if (config.stripe?.mode === 'sandbox') {
      stripeSandbox = await startStripeSandbox({
        pool,
        log,
        secretKey: config.stripe.secretKey,
        webhookSecret: config.stripe.webhookSecret,
        port: config.stripe.sandboxPort,
        webhookUrl: config.stripe.webhookUrl ?? `http://127.0.0.1:${config.port}/functions/v1/stripe-webhook`,
        retry: config.stripe.retry,
        accountLinkTtl: config.stripe.accountLinkTtl,
        dunning: config.stripe.dunning,
        startDeliveries: false,
      });
      cleanup.push(() => stripeSandbox!.stop());
    } else if (config.stripe?.mode === 'stripe') log.info('stripe', 'STRIPE_SECRET_KEY set: functions use real Stripe (no sandbox)');
    // one Deno worker per function, started on first call; stopped after the gateway closes
    const functions = createFunctions(ctx, { stripeApiUrl: stripeSandbox?.apiUrl });
    cleanup.push(() => functions.stop());
    // postgres_changes and database broadcasts; stopped (its sockets closed) before the database
    const realtime = startRealtime(ctx, postgres);
    cleanup.push(() => realtime.stop());
    const gatewayListener = createGateway({
      ctx,
      rest,
      services: {
        auth: createAuthApp(ctx, options.auth),
        storage: createStorageApp(ctx),
        functions: functions.app,
        mail: createMailApp(mailer, config.serviceRoleKey, { inbox: config.mailInbox ?? false }),
        realtime: realtime.app,
      },
    });
    await releaseReservedPort(config.port);
    const gateway: GatewayServer = await listenGateway(gatewayListener, config.port, createUpgradeHandler(ctx, realtime));
    cleanup.push(() => gateway.close());
    // websockets first: the gateway's close waits for its connections
    cleanup.push(() => realtime.stop());
    log.info('gateway', `listening on ${gateway.url} (public URL ${config.apiExternalUrl})`);
    // webhooks go out once their endpoint (the gateway) listens
    await stripeSandbox?.webhooks.start();

    if (options.seed !== false) await seedOnce({ pool, config, log, module: options.seedModule, localUrl: gateway.url });
    if (postgres.kind === 'pglite') {
      const maintenance = startMaintenance(pool, log);
      cleanup.push(() => maintenance.stop());
    }

    let stopped: Promise<void> | undefined;
    return {
      config,
      url: config.apiExternalUrl,
      anonKey: config.anonKey,
      serviceRoleKey: config.serviceRoleKey,
      pool,
      databaseUrl: postgres.connectionString,
      postgres,
      rest,
      mailer,
      stripe: stripeSandbox ? { url: stripeSandbox.apiUrl, secretKey: stripeSandbox.secretKey, webhookSecret: stripeSandbox.webhookSecret } : null,
      stripeSandbox,
      applied: result.applied,
      realtime,
      stop: () => (stopped ??= stopAll()),
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

interface SeedArgs {
  pool: pg.Pool;
  config: BackendConfig;
  log: Logger;
  module?: string;
  localUrl: string;
}

/** Runs the demo seed the first time a database starts; _local.seed_runs remembers it ran. */
async function seedOnce({ pool, config, log, module, localUrl }: SeedArgs): Promise<void> {
  const { rowCount } = await pool.query('select 1 from _local.seed_runs');
  if (rowCount) return;
  const file = module ?? path.join(repoRoot, 'supabase', 'seed', 'index.ts');
  if (!fs.existsSync(file)) {
    log.info('seed', `no seed at ${path.relative(repoRoot, file)} yet; skipped`);
    return;
  }
  const started = Date.now();
  log.info('seed', 'fresh database: loading demo data…');
  const seedModule = (await import(pathToFileURL(file).href)) as {
    seed?: (opts: { url: string; anonKey: string; serviceRoleKey: string; pool: pg.Pool; log: (msg: string) => void }) => Promise<void>;
  };
  if (typeof seedModule.seed !== 'function') throw new Error(`${file} does not export a seed() function`);
  await seedModule.seed({
    url: localUrl,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    pool,
    log: (msg) => log.info('seed', msg),
  });
  await pool.query('insert into _local.seed_runs (id) values (1) on conflict do nothing');
  // fresh statistics for the planner and for search's estimates (~0.5 s on the demo data)
  await pool.query('vacuum analyze');
  log.info('seed', `demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
