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
    const now = Date.now();
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.hits.set(key, entry);
      if (this.hits.size > 10_000) this.sweep(now);
    }
    entry.count += 1;
    if (entry.count > this.limit) {
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

/** SMTP_MAX_FREQUENCY: one email of a kind per address per interval. */
export class EmailThrottle {
  private readonly lastSent = new Map<string, number>();

  constructor(private readonly intervalSeconds: number) {}

  check(kind: string, email: string): void {
    if (this.intervalSeconds <= 0) return;
    const last = this.lastSent.get(`${kind}:${email}`);
    if (last === undefined) return;
    const waitMs = last + this.intervalSeconds * 1000 - Date.now();
    if (waitMs > 0) {
      throw new AuthError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`,
      );
    }
  }

  record(kind: string, email: string): void {
    this.lastSent.set(`${kind}:${email}`, Date.now());
  }
}
