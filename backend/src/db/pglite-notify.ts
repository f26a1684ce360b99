// NOTIFY on PGlite. PGlite is one backend shared by every socket client, so a LISTEN is
// everybody's: a NotificationResponse ('A') comes out inside the answer of whichever client
// committed the NOTIFY. The socket queue runs every answer through this filter, which takes
// out the notifications of the channels the server itself listens to (the embedded Realtime's)
// and hands them to the parent process; everything else passes through byte for byte.
// Answers arrive in chunks that need not end on a message boundary, hence the small state machine.

export type NotificationSink = (channel: string, payload: string) => void;

export class NotificationFilter {
  private header = Buffer.alloc(0);
  /** bytes of the current message still to pass through (not a notification) */
  private passing = 0;
  /** body of a notification being collected, with its total length */
  private collecting: { body: Buffer[]; got: number; length: number } | null = null;

  constructor(
    private readonly channels: Set<string>,
    private readonly sink: NotificationSink,
  ) {}

  /** Feeds one chunk of a backend answer; returns what goes on to the client. */
  filter(chunk: Uint8Array): Uint8Array {
    const out: Buffer[] = [];
    // a copy: PGlite hands out a view of its WASM heap, which the next chunk overwrites, and a
    // notification or a message header can span chunks
    let data = Buffer.from(chunk);
    while (data.length) {
      if (this.passing > 0) {
        const n = Math.min(this.passing, data.length);
        out.push(data.subarray(0, n));
        this.passing -= n;
        data = data.subarray(n);
        continue;
      }
      if (this.collecting) {
        const c = this.collecting;
        const n = Math.min(c.length - c.got, data.length);
        c.body.push(data.subarray(0, n));
        c.got += n;
        data = data.subarray(n);
        if (c.got === c.length) {
          this.collecting = null;
          this.finish(Buffer.concat(c.body), out);
        }
        continue;
      }
      // a message header: type byte + int32 length (which counts itself)
      const need = 5 - this.header.length;
      this.header = Buffer.concat([this.header, data.subarray(0, need)]);
      data = data.subarray(Math.min(need, data.length));
      if (this.header.length < 5) continue;
      const type = this.header[0]!;
      const bodyLength = this.header.readInt32BE(1) - 4;
      const header = this.header;
      this.header = Buffer.alloc(0);
      if (type === 0x41 /* A */) {
        this.collecting = { body: [header], got: 0, length: bodyLength };
        if (bodyLength === 0) {
          this.collecting = null;
          this.finish(header, out);
        }
      } else {
        out.push(header);
        this.passing = bodyLength;
      }
    }
    return out.length === 1 ? out[0]! : Buffer.concat(out);
  }

  /** A whole notification (header included): ours go to the sink, others to the client. */
  private finish(parts: Buffer, out: Buffer[]): void {
    const body = parts.subarray(5);
    // int32 process id, channel\0, payload\0
    const channelEnd = body.indexOf(0, 4);
    const channel = body.subarray(4, channelEnd).toString('utf8');
    if (!this.channels.has(channel)) return void out.push(parts);
    const payload = body.subarray(channelEnd + 1, body.length - 1).toString('utf8');
    this.sink(channel, payload);
  }
}
