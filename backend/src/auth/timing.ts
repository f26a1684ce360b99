// Anti-enumeration by timing. A sign-up of an address that already has an account creates
// nothing and sends nothing; it repeats the database work of a new account in a savepoint
// (routes/signup.ts) and, for the email it does not send, waits about as long as sending
// one takes (the inbox insert locally, an SMTP round trip in production).
import { setTimeout as sleep } from 'node:timers/promises';

export class TypicalDuration {
  private typicalMs = 0;

  /** Notes how long the real thing took (moving average, recent ones count most). */
  observe(ms: number): void {
    this.typicalMs = this.typicalMs === 0 ? ms : this.typicalMs * 0.7 + ms * 0.3;
  }

  /** Waits about as long as the real thing typically takes, with a little jitter. */
  async wait(): Promise<void> {
    const ms = this.typicalMs * (0.9 + Math.random() * 0.2);
    if (ms > 0) await sleep(ms);
  }
}
