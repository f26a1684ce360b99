// `stitchhouse-backend`: starts the embedded backend on the default ports, prints what
// the apps need and writes it to <dataDir>/../backend.json for the start script.
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_DB_PORT, DEFAULT_REST_PORT } from './config.ts';
import { consoleLogger, startStack, type Stack } from './stack.ts';
import { redact } from './db/postgres.ts';

// development: an edited function runs on its next call (FUNCTIONS_RELOAD=0 turns that off)
process.env.FUNCTIONS_RELOAD ??= '1';

async function main(): Promise<void> {
  const started = Date.now();
  let stack: Stack;
  try {
    // Internal ports can be moved (0 = any free one) when the defaults are taken.
    const port = (name: string, fallback: number): number => (process.env[name] ? Number(process.env[name]) : fallback);
    // --no-seed: start on an empty schema (the demo seed otherwise runs once on a fresh database).
    stack = await startStack({
      seed: !process.argv.includes('--no-seed'),
      dbPort: port('BACKEND_DB_PORT', DEFAULT_DB_PORT),
      restPort: port('BACKEND_REST_PORT', DEFAULT_REST_PORT),
    });
  } catch (err) {
    consoleLogger.error('backend', `could not start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  const infoFile = path.join(path.dirname(stack.config.dataDir), 'backend.json');
  // stripeUrl / stripeSecretKey: the embedded Stripe sandbox's API (null on real Stripe)
  fs.writeFileSync(
    infoFile,
    JSON.stringify(
      {
        url: stack.url,
        anonKey: stack.anonKey,
        serviceRoleKey: stack.serviceRoleKey,
        stripeUrl: stack.stripe?.url ?? null,
        stripeSecretKey: stack.stripe?.secretKey ?? null,
      },
      null,
      2,
    ) + '\n',
  );
  const stripeLine = stack.stripeSandbox
    ? `sandbox ${stack.stripeSandbox.url} (test card 4242 4242 4242 4242; real Stripe: see README)`
    : 'real Stripe (STRIPE_SECRET_KEY)';

  console.log(`
  Stitchhouse backend ready in ${((Date.now() - started) / 1000).toFixed(1)} s
  API URL          ${stack.url}
  Mail inbox       ${stack.url}/mail
  Stripe           ${stripeLine}
  Database         ${redact(stack.databaseUrl)}
  anon key         ${stack.anonKey}
  service_role key ${stack.serviceRoleKey}
  (written to ${infoFile}; Ctrl-C stops)
`);

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    consoleLogger.info('backend', `${signal}: stopping…`);
    fs.rmSync(infoFile, { force: true });
    stack
      .stop()
      .then(() => {
        consoleLogger.info('backend', 'stopped');
        process.exit(0);
      })
      .catch((err) => {
        consoleLogger.error('backend', 'shutdown failed', err);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
