// In-memory fixed-window counters, like GoTrue's per-IP limiters (good enough for one process).
import { AuthError } from './errors.ts';

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
    if (entry && entry.resetAt > Date.now() && entry.count >= this.limit + slack) {
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
  }

  /** Counts one event for key without judging it. */
  record(key: string): void {
    const now = Date.now();
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.hits.set(key, entry);
      if (this.hits.size > 10_000) this.sweep(now);
    }
    entry.count += 1;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
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
