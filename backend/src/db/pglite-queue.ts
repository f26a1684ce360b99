// Serialises Postgres wire messages from many socket clients onto the one PGlite backend.
//
// pglite-socket's own queue hands the backend to another client as soon as the current one
// is outside a transaction block. The extended query protocol (Parse/Bind/Describe/Execute
// then Sync, what node-postgres and PostgREST send for parameterised queries) is outside a
// block until Sync, so two clients' unnamed statements could interleave and one client's
// Bind would run the other's query. This queue keeps the backend with a client until it is
// at a message boundary: after Sync or a simple Query, and outside any transaction block.
import type { PGlite } from '@electric-sql/pglite';
import { NotificationFilter, type NotificationSink } from './pglite-notify.ts';

interface Queued {
  handlerId: number;
  message: Uint8Array;
  /** The type of the message that ends it (a held-back exchange ends with its Sync). */
  type: string;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (err: Error) => void;
}

// Message types that end an extended-protocol exchange (Sync, simple Query, Terminate).
const BOUNDARY = new Set(['S', 'Q', 'X']);
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);
// Extended-protocol messages held back until the client's Sync or Flush (Parse, Bind, Describe,
// Execute, Close): the server owes no answer before either, as PostgreSQL itself buffers its
// output, and one PGlite call for the whole exchange costs a fifth of one call a message.
const HELD_BACK = new Set(['P', 'B', 'D', 'E', 'C']);

const messageType = (message: Uint8Array): string => (message[0] === 0 ? 'S' : String.fromCharCode(message[0]!));

export class TransactionQueue {
  private queue: Queued[] = [];
  private processing = false;
  /** Client currently holding the backend (mid extended-protocol exchange or in a transaction). */
  private owner: number | null = null;
  private ownerMidExchange = false;
  /** Each client's held-back messages (HELD_BACK), sent with its next other message. */
  private held = new Map<number, Uint8Array[]>();

  /** notifications: the channels the server listens to itself, taken out of every answer (pglite-notify.ts). */
  constructor(
    private readonly db: PGlite,
    private readonly notifications?: { channels: Set<string>; sink: NotificationSink },
  ) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    // Startup messages have no type byte; their first byte is 0 (length < 2^24).
    const type = messageType(message);
    const held = this.held.get(handlerId);
    if (HELD_BACK.has(type)) {
      if (held) held.push(message);
      else this.held.set(handlerId, [message]);
      return Promise.resolve(0);
    }
    if (held) {
      this.held.delete(handlerId);
      message = concat([...held, message]);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, type, onData, resolve, reject });
      void this.processQueue();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.held.delete(handlerId);
    this.queue = this.queue.filter((q) => {
      if (q.handlerId !== handlerId) return true;
      q.reject(new Error('Handler disconnected'));
      return false;
    });
  }

  /** A client went away while holding the backend: end its exchange and roll back its transaction. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    await this.db.runExclusive(async () => {
      if (this.ownerMidExchange) await this.db.execProtocolRaw(SYNC);
      if (this.db.isInTransaction()) await this.db.exec('rollback');
    });
    this.owner = null;
    this.ownerMidExchange = false;
    await this.processQueue();
  }

  private next(): Queued | undefined {
    const held = this.owner !== null && (this.ownerMidExchange || this.db.isInTransaction());
    if (!held) return this.queue.shift();
    const i = this.queue.findIndex((q) => q.handlerId === this.owner);
    return i === -1 ? undefined : this.queue.splice(i, 1)[0];
  }

  private async processQueue(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let query = this.next(); query; query = this.next()) {
        let bytes = 0;
        const current = query;
        const notifications = this.notifications && new NotificationFilter(this.notifications.channels, this.notifications.sink);
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(current.message, {
              onRawData: (raw) => {
                const data = notifications ? notifications.filter(raw) : raw;
                if (!data.length) return;
                bytes += data.length;
                current.onData(data);
              },
            }),
          );
        } catch (err) {
          current.reject(err as Error);
          continue;
        }
        this.owner = current.handlerId;
        this.ownerMidExchange = !BOUNDARY.has(current.type);
        current.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
