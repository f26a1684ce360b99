// Anti-enumeration by timing. Answers that send no email where a known address would get one
// (/recover, /otp and /resend for unknown addresses, a sign-up of an existing account) wait
// about as long as sending one takes: the inbox insert locally, an SMTP round trip in
// production. A sign-up also repeats a new account's database work (routes/signup.ts).
import { setTimeout as sleep } from 'node:timers/promises';

/** The median of the last few durations of something: robust to a cold start or a stall. */
export class TypicalDuration {
  private readonly recent: number[] = [];

  constructor(private readonly keep = 15) {}

  observe(ms: number): void {
    this.recent.push(ms);
    if (this.recent.length > this.keep) this.recent.shift();
  }

  /** Waits about as long as the real thing typically takes, with a little jitter. */
  async wait(): Promise<void> {
    if (this.recent.length === 0) return;
    const sorted = [...this.recent].sort((a, b) => a - b);
    const ms = sorted[Math.floor(sorted.length / 2)]! * (0.9 + Math.random() * 0.2);
    await sleep(ms);
  }
}
