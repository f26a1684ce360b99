// What every resource module works with: the store, the sandbox clock, the public URL and
// the event outbox. Events are written in the same transaction as the change they describe.
import type pg from 'pg';
import type Stripe from 'stripe';
import type { Logger } from '../context.ts';
import { shaped } from './fixtures.ts';
import { newId } from './ids.ts';
import { outsideTransaction, readSetting, transaction, writeSetting, type Tx } from './store.ts';

/** The API version the stripe@23.1.0 SDK pins (its apiVersion.js); events say so like Stripe's. */
export const API_VERSION = '2026-10-28.endive';

export interface RetrySchedule {
  /** First retry after this many ms, doubling each attempt (Stripe: hours; here compressed). */
  baseMs: number;
  /** Longest wait between two attempts. */
  maxMs: number;
  /** Attempts before a delivery is marked failed. */
  maxAttempts: number;
  /** An endpoint that does not answer within this many ms counts as failed. */
  timeoutMs: number;
}

/**
 * What happens after a subscription's renewal payment fails (Stripe's Billing settings: "Manage
 * failed payments"). Stripe's default is Smart Retries, 8 tries within 2 weeks, then the
 * subscription is canceled; Smart Retries pick their moments by machine learning, the sandbox
 * spreads them on fixed days so tests can step the clock.
 */
export interface DunningSettings {
  /** Days after the first failed attempt on which the invoice is tried again (ascending). */
  retryDays: number[];
  /** When every retry failed: cancel the subscription, mark it unpaid, or leave it past due. */
  onFinalFailure: 'cancel' | 'unpaid' | 'past_due';
}

/** Stripe's default: Smart Retries, 8 tries (the first and 7 retries) within 2 weeks, then canceled. */
export const defaultDunning: DunningSettings = { retryDays: [1, 3, 5, 7, 9, 11, 14], onFinalFailure: 'cancel' };

export interface SandboxSettings {
  /** Public origin of the hosted pages, e.g. http://localhost:54330 */
  publicUrl: string;
  secretKey: string;
  webhookSecret: string;
  /** Where events are delivered; null keeps them in the log only. */
  webhookUrl: string | null;
  retry: RetrySchedule;
  /** Seconds an account link stays valid (Stripe: a few minutes). */
  accountLinkTtl: number;
  /** Retries of failed subscription renewals and what ends them. */
  dunning: DunningSettings;
}

export class SandboxCore {
  /** Sandbox time minus real time, in seconds (POST /_sandbox/clock/advance moves it). */
  private clockOffset = 0;
  private wakeListeners: Array<() => void> = [];

  constructor(
    readonly pool: pg.Pool,
    readonly settings: SandboxSettings,
    readonly log: Logger,
  ) {}

  async load(): Promise<void> {
    this.clockOffset = (await readSetting<number>(this.pool, 'clock_offset')) ?? 0;
  }

  /** Sandbox time in Unix seconds. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  async advanceClock(seconds: number): Promise<number> {
    this.clockOffset += seconds;
    await writeSetting(this.pool, 'clock_offset', this.clockOffset);
    return this.now();
  }

  /** Runs fn in one transaction; the webhook worker is woken once events are committed. */
  async tx<T>(fn: (t: Tx) => Promise<T>, request?: Tx['request']): Promise<T> {
    const { result, tx } = await transaction(
      this.pool,
      () => this.now(),
      async (t) => {
        if (request) t.request = request;
        return fn(t);
      },
    );
    if (tx.emitted.length) for (const wake of this.wakeListeners) wake();
    return result;
  }

  /** Runs a read outside a transaction (store.ts outsideTransaction); it throws NeedsTransaction if it must write. */
  read<T>(fn: (t: Tx) => Promise<T>, request?: Tx['request']): Promise<T> {
    return outsideTransaction(
      this.pool,
      () => this.now(),
      async (t) => {
        if (request) t.request = request;
        return fn(t);
      },
    );
  }

  onEvents(wake: () => void): void {
    this.wakeListeners.push(wake);
  }

  url(path: string): string {
    return `${this.settings.publicUrl}${path}`;
  }

  /** Writes an `evt_…` (Stripe's event shape) and its pending delivery. */
  async emit(t: Tx, type: string, object: { id: string }, extra: { previous?: Record<string, unknown>; account?: string } = {}): Promise<Stripe.Event> {
    const event = shaped<Stripe.Event>('event', {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: t.now,
      data: { object, ...(extra.previous ? { previous_attributes: extra.previous } : {}) },
      livemode: false,
      pending_webhooks: this.settings.webhookUrl ? 1 : 0,
      request: t.request,
      type,
      ...(extra.account ? { account: extra.account } : {}),
    });
    t.mustWrite();
    // the event and its delivery (in the event's order, seq) in one statement
    await t.client.query(
      `with event as (insert into _stripe_sandbox.events (id, type, data) values ($1, $2, $3) returning id, seq)
       insert into _stripe_sandbox.deliveries (event_id, endpoint, seq) select id, $4, seq from event where $4::text is not null`,
      [event.id, type, JSON.stringify(event), this.settings.webhookUrl],
    );
    t.emitted.push(event.id);
    return event;
  }
}

/**
 * An event's JSON as the API answers it (select … from _stripe_sandbox.events e): its
 * `pending_webhooks` is the number of its deliveries not yet answered with a 2xx (a failed one
 * still counts, as on Stripe), read from the outbox rather than written into the event on each outcome.
 */
export const EVENT_DATA_SQL = `jsonb_set(e.data, '{pending_webhooks}', to_jsonb((select count(*)::int from _stripe_sandbox.deliveries d where d.event_id = e.id and d.status <> 'delivered')))`;

/** A Stripe list object. */
export function list<T>(data: T[], url: string, hasMore = false): Stripe.ApiList<T> {
  return { object: 'list', data, has_more: hasMore, url };
}
