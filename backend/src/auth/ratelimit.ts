// In-memory limits, like GoTrue's limiters (good enough for one process).
import { AuthError } from './errors.ts';

const MAX_KEYS = 10_000;

export const rateLimited = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');

/** Fixed-window counters per key. */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one request for key; throws 429 over_request_rate_limit past the limit. */
  hit(key: string): void {
    this.record(key);
    this.check(key, 1);
  }

  /** Throws 429 when key already used up its window (for limits that only count failures). */
  check(key: string, slack = 0): void {
    const entry = this.hits.get(key);
    if (entry && entry.resetAt > Date.now() && entry.count >= this.limit + slack) throw rateLimited();
  }

  /** Counts one event for key without judging it. */
  record(key: string): void {
    const now = Date.now();
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.hits.set(key, entry);
      if (this.hits.size > MAX_KEYS) this.sweep(now);
    }
    entry.count += 1;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

/** Failures per key until reset (wrong guesses at one emailed code). */
export class AttemptCounter {
  private readonly counts = new Map<string, number>();

  /** Counts one failure; returns the failures so far. */
  fail(key: string): number {
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.delete(key);
    this.counts.set(key, count);
    // Oldest first in a Map: forget the longest-quiet keys when it grows too large.
    if (this.counts.size > MAX_KEYS) this.counts.delete(this.counts.keys().next().value!);
    return count;
  }

  reset(key: string): void {
    this.counts.delete(key);
  }
}

/**
 * One email request per address and kind per interval, whether or not the address has an
 * account: a 429 for known addresses only would tell which exist (GoTrue's per-user check
 * still runs in the database as a backstop, and then answers like a sent email).
 */
export class EmailPacer {
  private readonly last = new Map<string, number>();

  constructor(private readonly intervalSeconds: number) {}

  /** Throws 429 over_email_send_rate_limit when key asked less than the interval ago, else notes now. */
  take(key: string): void {
    if (this.intervalSeconds <= 0) return;
    const now = Date.now();
    const previous = this.last.get(key);
    const wait = previous === undefined ? 0 : previous + this.intervalSeconds * 1000 - now;
    if (wait > 0) throw emailRateLimited(wait / 1000);
    this.last.delete(key);
    this.last.set(key, now);
    if (this.last.size > MAX_KEYS) {
      for (const [k, at] of this.last) {
        if (at + this.intervalSeconds * 1000 > now) break;
        this.last.delete(k);
      }
    }
  }
}

/**
 * [auth.rate_limit] email_sent: emails per hour across the project (GoTrue RATE_LIMIT_EMAIL_SENT).
 * Spent by every request that sends, or would send for a known address, so the 429 does not
 * tell which addresses exist.
 */
export class EmailBudget {
  private readonly hour: RateLimiter;

  constructor(perHour: number) {
    this.hour = new RateLimiter(perHour, 3600_000);
  }

  /** Throws 429 over_email_send_rate_limit once the hour's emails are spent, else spends one. */
  take(): void {
    try {
      this.hour.hit('project');
    } catch {
      throw new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
    }
  }
}

/** SMTP_MAX_FREQUENCY exceeded: what GoTrue answers. */
export function emailRateLimited(waitSeconds: number): AuthError {
  return new AuthError(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${Math.max(1, Math.ceil(waitSeconds))} seconds.`,
  );
}
