// Delivers the event outbox to the webhook endpoint, signed like Stripe (Stripe-Signature
// t=…,v1=HMAC-SHA256(secret, "t.payload")). The first due first (then the oldest event), a few at
// a time, so one slow event does not hold the rest back; failures retry with exponential back-off
// until maxAttempts.
// Deliveries live in the database: a backend killed mid-delivery sends them after restart.
// The outbox is read a batch at a time and each outcome is written in one statement: on PGlite
// (one statement at a time, a transaction holding it throughout) the outbox's own bookkeeping
// was most of a delivery's database time once thousands of events waited.
import crypto from 'node:crypto';
import type { SandboxCore } from './core.ts';
import { readSetting, writeSetting } from './store.ts';

/** Deliveries in flight at once: the functions runner's own limit per function (FUNCTIONS_MAX_CONCURRENT). */
const CONCURRENCY = 8;
/** Due deliveries read from the outbox at once (the next ones wait here, in order, until a slot frees). */
const BATCH = 64;
/** Longest sleep between two looks at the outbox when nothing woke the worker. */
const IDLE_POLL_MS = 2_000;

export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

interface DueDelivery {
  event_id: string;
  endpoint: string;
  attempts: number;
  data: Record<string, unknown>;
}

export class WebhookWorker {
  private paused = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private readonly inFlight = new Map<string, AbortController>();
  /** Due deliveries read but not yet started, oldest first. */
  private queued: DueDelivery[] = [];
  private readonly settled = new Set<Promise<void>>();

  constructor(private readonly sb: SandboxCore) {}

  async start(): Promise<void> {
    this.paused = (await readSetting<boolean>(this.sb.pool, 'webhooks_paused')) ?? false;
    this.sb.onEvents(() => this.kick());
    this.kick();
  }

  isPaused(): boolean {
    return this.paused;
  }

  async setPaused(paused: boolean): Promise<void> {
    this.paused = paused;
    if (paused) this.queued = [];
    await writeSetting(this.sb.pool, 'webhooks_paused', paused);
    if (!paused) this.kick();
  }

  /** Look at the outbox now (after a commit, a resume, or a finished delivery). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.pass()
      .catch((err) => this.sb.log.error('stripe-sandbox', 'webhook outbox pass failed', err))
      .then((nextInMs) => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else this.timer = setTimeout(() => this.kick(), nextInMs ?? IDLE_POLL_MS);
      });
  }

  /** Starts due deliveries; returns ms until the next one falls due. */
  private async pass(): Promise<number> {
    if (this.paused) return IDLE_POLL_MS;
    let free = CONCURRENCY - this.inFlight.size;
    if (free <= 0) return IDLE_POLL_MS; // a delivery that ends looks again
    if (this.queued.length < free) {
      // the due ones in the order they fell due (then the events' order), read along the
      // deliveries_due_in_order index: a batch costs the same with ten or ten thousand waiting
      const { rows } = await this.sb.pool.query<DueDelivery>(
        `select d.event_id, d.endpoint, d.attempts, e.data
           from _stripe_sandbox.deliveries d join _stripe_sandbox.events e on e.id = d.event_id
          where d.status = 'pending' and d.next_attempt_at <= $1 and not (d.event_id = any($2))
          order by d.next_attempt_at, d.seq limit $3`,
        [new Date(), [...this.inFlight.keys(), ...this.queued.map((row) => row.event_id)], BATCH],
      );
      this.queued.push(...rows);
      if (this.paused) this.queued = []; // paused while the outbox was read
    }
    for (; free > 0 && this.queued.length > 0; free--) this.track(this.queued.shift()!);
    if (this.queued.length > 0 || this.inFlight.size > 0) return IDLE_POLL_MS; // a delivery that ends looks again
    const { rows } = await this.sb.pool.query<{ next: Date | null }>(
      `select min(next_attempt_at) as next from _stripe_sandbox.deliveries where status = 'pending'`,
    );
    const next = rows[0]?.next;
    return next ? Math.min(Math.max(next.getTime() - Date.now(), 10), IDLE_POLL_MS) : IDLE_POLL_MS;
  }

  private track(row: DueDelivery): void {
    const abort = new AbortController();
    this.inFlight.set(row.event_id, abort);
    const done = this.deliver(row, abort.signal)
      .catch((err) => this.sb.log.error('stripe-sandbox', `delivery of ${row.event_id} could not be recorded`, err))
      .finally(() => {
        this.inFlight.delete(row.event_id);
        this.settled.delete(done);
        this.kick();
      });
    this.settled.add(done);
  }

  private async deliver(row: DueDelivery, stop: AbortSignal): Promise<void> {
    const { retry, webhookSecret } = this.sb.settings;
    const payload = JSON.stringify({ ...row.data, pending_webhooks: 1 }, null, 2);
    const endpoint = this.sb.settings.webhookUrl ?? row.endpoint;
    const started = Date.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      // the endpoint configured now: a restarted backend may listen elsewhere than when the event was made
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signPayload(payload, webhookSecret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.any([stop, AbortSignal.timeout(retry.timeoutMs)]),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) error = `endpoint answered ${status}`;
    } catch (err) {
      if (stop.aborted) return; // shutting down: stays pending, sent again after restart
      error = err instanceof Error && err.name === 'TimeoutError' ? `timed out after ${retry.timeoutMs} ms` : String((err as Error)?.message ?? err);
    }
    const attempt = row.attempts + 1;
    const duration = Date.now() - started;
    // the attempt and the delivery's state in one statement (atomic as one); the event's
    // pending_webhooks is read from the delivery (EVENT_DATA_SQL), the event row stays as written
    if (error === null) {
      await this.sb.pool.query(
        `with attempt as (
           insert into _stripe_sandbox.delivery_attempts (event_id, attempt, status, error, duration_ms) values ($1, $2, $3, null, $5)
         )
         update _stripe_sandbox.deliveries set status = 'delivered', attempts = $2, last_status = $3, last_error = null, delivered_at = now(), endpoint = $4
          where event_id = $1`,
        [row.event_id, attempt, status, endpoint, duration],
      );
    } else {
      const gaveUp = attempt >= retry.maxAttempts;
      const wait = Math.min(retry.baseMs * 2 ** (attempt - 1), retry.maxMs);
      await this.sb.pool.query(
        `with attempt as (
           insert into _stripe_sandbox.delivery_attempts (event_id, attempt, status, error, duration_ms) values ($1, $3, $4, $5, $8)
         )
         update _stripe_sandbox.deliveries set status = $2, attempts = $3, last_status = $4, last_error = $5, next_attempt_at = $6, endpoint = $7
          where event_id = $1`,
        [row.event_id, gaveUp ? 'failed' : 'pending', attempt, status, error, new Date(Date.now() + wait), endpoint, duration],
      );
      if (gaveUp) this.sb.log.error('stripe-sandbox', `gave up delivering ${row.event_id} after ${attempt} attempts (${error})`);
    }
  }

  /** Pending and failed deliveries go out again now (e.g. after fixing the endpoint). */
  async retryNow(): Promise<number> {
    const { rowCount } = await this.sb.pool.query(
      `update _stripe_sandbox.deliveries set status = 'pending', next_attempt_at = now() where status in ('pending', 'failed')`,
    );
    this.kick();
    return rowCount ?? 0;
  }

  /** Resolves once nothing is pending or in flight (tests and the bench wait on it). */
  async idle(timeoutMs = 30_000): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      // busy: no need to ask the database (a count of thousands waiting is not free on PGlite)
      if (this.inFlight.size > 0 || this.queued.length > 0) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      const { rows } = await this.sb.pool.query<{ n: number }>(`select count(*)::int as n from _stripe_sandbox.deliveries where status = 'pending'`);
      if (rows[0]!.n === 0 && this.inFlight.size === 0) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.queued = [];
    for (const abort of this.inFlight.values()) abort.abort();
    await this.running;
    await Promise.allSettled([...this.settled]);
  }
}
