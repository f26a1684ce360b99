// Payments benchmark: the embedded stack with its Stripe sandbox, in this process,
// on a throwaway PGlite database. Measures
//   1. checkout-session creation: POST /functions/v1/checkout (price the cart from the
//      database, record the order, create the Checkout Session through the SDK), sequential;
//   2. webhook → entitlement: a sandbox payment (POST /_sandbox/checkout/:cs/pay) until the
//      buyer's entitlement row exists (signed delivery, verification, re-fetch, fulfilment);
//   2b. the same while checkout sessions are being opened at --open-rate a second (50) alongside:
//      a launch's buyers opening checkouts while earlier ones pay;
//   3. webhook throughput: deliveries paused while payments raise ≥ 1,000 events, then resumed;
//      events applied per second until the sandbox reports nothing pending.
// Prints a table and writes bench/results/payments.json. Short by default (2 shared cores).
//   NODE_OPTIONS=--experimental-websocket npx tsx payments/run.ts [--checkouts 60] [--latency 30] [--events 1000] [--open-rate 50] [--load-latency 30] [--setup-concurrency 4] [--label latest]
// Runs under other labels stay in the JSON.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack, type Stack } from '../../backend/src/stack.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.join(here, '..', 'results', 'payments.json');
const arg = (name: string, fallback: number) => Number(process.argv.find((_, i) => process.argv[i - 1] === `--${name}`) ?? fallback);
const CHECKOUTS = arg('checkouts', 60);
const LATENCY_RUNS = arg('latency', 30);
const EVENTS = arg('events', 1000);
const SETUP_CONCURRENCY = arg('setup-concurrency', 4);
const OPEN_RATE = arg('open-rate', 50);
const LOAD_LATENCY_RUNS = arg('load-latency', 30);
/** Checkouts opened alongside step 2b stop after this long (patterns are made for it up front). */
const LOAD_SECONDS_MAX = 60;
/** At most this many opened checkouts waiting for their answer: beyond it the opener skips (and counts) a tick. */
const LOAD_IN_FLIGHT_MAX = 100;
const LABEL = process.argv.find((_, i) => process.argv[i - 1] === '--label') ?? 'latest';

const quiet = { info: () => undefined, error: (service: string, message: string, err?: unknown) => console.error(`[${service}] ${message}`, err ?? '') };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-bench-payments-'));
let stack: Stack | undefined;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (ms: number) => Math.round(ms * 10) / 10;
const summary = (values: number[]) => ({
  n: values.length,
  p50_ms: round(pct(values, 50)),
  p95_ms: round(pct(values, 95)),
  max_ms: round(Math.max(...values)),
});

async function json(res: Response, what: string): Promise<any> {
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${what}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

try {
  stack = await startStack({ dataDir, port: 0, seed: false, log: quiet, apiExternalUrl: 'http://127.0.0.1:{port}' });
  const s = stack;
  if (!s.stripe) throw new Error('no Stripe sandbox in the stack (STRIPE_SECRET_KEY set?)');
  const sandbox = (method: string, p: string, body?: unknown) =>
    fetch(`${s.stripe!.url}/_sandbox${p}`, {
      method,
      headers: { authorization: `Bearer ${s.stripe!.secretKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => json(r, `${method} /_sandbox${p}`));

  // a designer with enough patterns that no purchase repeats, and one signed-in buyer
  const password = 'Bench-payments-9';
  const account = async (email: string) => {
    const created = await json(
      await fetch(`${s.url}/auth/v1/admin/users`, {
        method: 'POST',
        headers: { apikey: s.serviceRoleKey, authorization: `Bearer ${s.serviceRoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, email_confirm: true }),
      }),
      'create user',
    );
    const session = await json(
      await fetch(`${s.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: s.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }),
      'sign in',
    );
    return { id: created.id as string, token: session.access_token as string };
  };
  const designer = await account('designer@bench.test');
  const buyer = await account('buyer@bench.test');
  const reserveForThroughput = Math.ceil(EVENTS / 3) + 20;
  const patternsNeeded = CHECKOUTS + LATENCY_RUNS + LOAD_LATENCY_RUNS + OPEN_RATE * LOAD_SECONDS_MAX + reserveForThroughput;
  const [store] = (
    await s.pool.query(
      `insert into public.stores (owner_id, slug, kind, name, currency) values ($1, 'bench-studio', 'designer', 'Bench Studio', 'EUR') returning id`,
      [designer.id],
    )
  ).rows;
  const patternIds = (
    await s.pool.query(
      `insert into public.patterns (store_id, title, craft, category, status, price_cents, currency)
     select $1, 'Bench pattern ' || g, 'sewing', 'dress', 'published', 1000 + g, 'EUR' from generate_series(1, $2) g returning id`,
      [store.id, patternsNeeded],
    )
  ).rows.map((r) => r.id as string);
  let next = 0;
  const checkout = async () => {
    const patternId = patternIds[next++]!;
    const res = await fetch(`${s.url}/functions/v1/checkout`, {
      method: 'POST',
      headers: { apikey: s.anonKey, authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ pattern_id: patternId, quantity: 1, kind: 'digital' }], country: 'DE' }),
    });
    const body = await json(res, 'checkout');
    const cs = /\/checkout\/(cs_\w+)/.exec(body.url as string)![1]!;
    return { patternId, orderId: body.order_id as string, sessionId: cs };
  };

  // 1. checkout-session creation
  for (let i = 0; i < 3; i++) await checkout(); // warm-up (loads the function, the SDK, PostgREST's caches)
  const creation: number[] = [];
  for (let i = 0; i < CHECKOUTS; i++) {
    const started = performance.now();
    await checkout();
    creation.push(performance.now() - started);
  }

  // 2. payment → entitlement (webhook delivery + fulfilment), one at a time
  const payAndWait = async () => {
    const { patternId, sessionId } = await checkout();
    const started = performance.now();
    const paid = await sandbox('POST', `/checkout/${sessionId}/pay`, { card: '4242424242424242' });
    if (paid.status !== 'succeeded') throw new Error(`payment ${paid.status}`);
    for (;;) {
      const { rowCount } = await s.pool.query('select 1 from public.entitlements where user_id = $1 and pattern_id = $2 and revoked_at is null', [
        buyer.id,
        patternId,
      ]);
      if (rowCount) break;
      if (performance.now() - started > 30_000) throw new Error('no entitlement after 30 s');
      await new Promise((r) => setTimeout(r, 5));
    }
    return performance.now() - started;
  };
  const latency: number[] = [];
  for (let i = 0; i < LATENCY_RUNS; i++) latency.push(await payAndWait());
  await sandbox('GET', '/webhooks/idle?timeout_ms=60000');

  // 2b. the same while checkouts are opened at OPEN_RATE a second, each on its own schedule
  const loadLatency: number[] = [];
  const opened: number[] = [];
  let openErrors = 0;
  let skippedTicks = 0;
  let opening = true;
  const inFlight = new Set<Promise<void>>();
  const loadStarted = performance.now();
  const opener = (async () => {
    for (let tick = 0; opening; tick++) {
      const due = loadStarted + (tick * 1000) / OPEN_RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (!opening || performance.now() - loadStarted > LOAD_SECONDS_MAX * 1000) break;
      if (patternIds.length - next <= LOAD_LATENCY_RUNS + reserveForThroughput) break;
      if (inFlight.size >= LOAD_IN_FLIGHT_MAX) {
        skippedTicks++;
        continue;
      }
      const t = performance.now();
      const p: Promise<void> = checkout().then(
        () => void opened.push(performance.now() - t),
        (err) => {
          if (openErrors++ === 0) console.error('checkout under load failed:', (err as Error).message);
        },
      );
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
  })();
  await new Promise((r) => setTimeout(r, 1000)); // the opener at its rate before the first measured payment
  for (let i = 0; i < LOAD_LATENCY_RUNS; i++) loadLatency.push(await payAndWait());
  opening = false;
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  await opener;
  await Promise.all([...inFlight]);
  await sandbox('GET', '/webhooks/idle?timeout_ms=60000');

  // 3. throughput: pile up ≥ EVENTS undelivered events, then let the sandbox deliver them
  await sandbox('POST', '/webhooks/pause');
  const countPending = async () =>
    (await s.pool.query(`select count(*)::int as n from _stripe_sandbox.deliveries where status = 'pending'`)).rows[0].n as number;
  let pending = 0;
  const paidOrders: string[] = [];
  // a few payments at a time (--setup-concurrency): 10,000 queued events need ~3,400 of them
  const payUntilQueued = async () => {
    while (pending < EVENTS) {
      const { sessionId, orderId } = await checkout();
      await sandbox('POST', `/checkout/${sessionId}/pay`, { card: '4242424242424242' });
      paidOrders.push(orderId);
      pending = await countPending();
    }
  };
  await Promise.all(Array.from({ length: SETUP_CONCURRENCY }, payUntilQueued));
  pending = await countPending();
  const loadAtDelivery = os.loadavg()[0]!;
  const startedDelivery = performance.now();
  await sandbox('POST', '/webhooks/resume');
  const idle = await sandbox('GET', '/webhooks/idle?timeout_ms=600000');
  const deliverySeconds = (performance.now() - startedDelivery) / 1000;
  const failed = (await s.pool.query(`select count(*)::int as n from _stripe_sandbox.deliveries where status <> 'delivered'`)).rows[0].n as number;
  const {
    rows: [unpaid],
  } = await s.pool.query(`select count(*)::int as n from public.orders where id = any($1::uuid[]) and status <> 'paid'`, [paidOrders]);

  const result = {
    label: LABEL,
    machine: `${os.cpus().length} cores, Node ${process.versions.node}, load average ${loadAtDelivery.toFixed(1)} when deliveries resumed, ${os.loadavg()[0]!.toFixed(1)} at the end`,
    recorded_at: new Date().toISOString(),
    checkout_session_creation: summary(creation),
    payment_to_entitlement: summary(latency),
    payment_to_entitlement_while_opening: {
      ...summary(loadLatency),
      open_rate_target_per_s: OPEN_RATE,
      open_rate_achieved_per_s: Math.round(((opened.length + openErrors) / loadSeconds) * 10) / 10,
      checkout_while_opening: summary(opened),
      checkout_errors: openErrors,
      skipped_ticks: skippedTicks,
    },
    webhook_throughput: {
      events: pending,
      payments: paidOrders.length,
      seconds: Math.round(deliverySeconds * 100) / 100,
      events_per_second: Math.round((pending / deliverySeconds) * 10) / 10,
      idle: idle.idle,
      undelivered: failed,
      orders_not_paid_after: unpaid.n,
    },
  };
  console.table({
    'checkout session (ms)': { p50: result.checkout_session_creation.p50_ms, p95: result.checkout_session_creation.p95_ms, n: CHECKOUTS },
    'payment → entitlement (ms)': { p50: result.payment_to_entitlement.p50_ms, p95: result.payment_to_entitlement.p95_ms, n: LATENCY_RUNS },
    [`payment → entitlement, ${OPEN_RATE} checkouts/s (ms)`]: {
      p50: result.payment_to_entitlement_while_opening.p50_ms,
      p95: result.payment_to_entitlement_while_opening.p95_ms,
      n: LOAD_LATENCY_RUNS,
    },
    [`checkout while opening ${result.payment_to_entitlement_while_opening.open_rate_achieved_per_s}/s (ms)`]: {
      p50: result.payment_to_entitlement_while_opening.checkout_while_opening.p50_ms,
      p95: result.payment_to_entitlement_while_opening.checkout_while_opening.p95_ms,
      n: opened.length,
    },
  });
  console.log(
    `webhook throughput: ${pending} events in ${result.webhook_throughput.seconds} s = ${result.webhook_throughput.events_per_second} events/s (failed ${failed})`,
  );
  const previous = fs.existsSync(resultsFile) ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as { runs?: { label: string }[] }) : {};
  const runs = [...(previous.runs ?? []).filter((r) => r.label !== LABEL), result];
  fs.writeFileSync(
    resultsFile,
    JSON.stringify(
      {
        bench: 'payments',
        description:
          'Embedded stack + Stripe sandbox in one process, PGlite; one buyer, one-pattern digital carts (EUR, German VAT); webhooks delivered by the sandbox',
        runs,
      },
      null,
      2,
    ) + '\n',
  );
  console.log(`wrote ${path.relative(process.cwd(), resultsFile)}`);
} finally {
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
