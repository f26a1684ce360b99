// The queue that serves many wire clients from the one PGlite backend (src/db/pglite-queue.ts),
// fed raw protocol messages the way pglite-socket's handler hands them over (one message a call,
// the next only after the last one's promise): an extended-protocol exchange reaches PGlite as one
// call at its Sync, a failed Bind still answers its error and the client goes on, and two clients'
// exchanges never mix.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TransactionQueue } from '../src/db/pglite-queue.ts';

const text = new TextEncoder();
const cstring = (value: string) => [...text.encode(value), 0];
const int16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const int32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const message = (type: string, body: number[]) => new Uint8Array([type.charCodeAt(0), ...int32(body.length + 4), ...body]);

/** Parse, Bind (text parameters), Describe, Execute, Sync: what node-postgres and PostgREST send for one query. */
function exchange(sql: string, params: string[]): Uint8Array[] {
  const values = params.flatMap((value) => {
    const bytes = [...text.encode(value)];
    return [...int32(bytes.length), ...bytes];
  });
  return [
    message('P', [...cstring(''), ...cstring(sql), ...int16(0)]),
    message('B', [...cstring(''), ...cstring(''), ...int16(0), ...int16(params.length), ...values, ...int16(0)]),
    message('D', [...text.encode('P'), 0]),
    message('E', [...cstring(''), ...int32(0)]),
    message('S', []),
  ];
}

/** The backend's answer as [type, text] pairs (DataRow: its first column; ErrorResponse: its message). */
function answers(bytes: Uint8Array): [string, string][] {
  const out: [string, string][] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at < bytes.length;) {
    const type = String.fromCharCode(bytes[at]!);
    const length = view.getInt32(at + 1);
    const body = bytes.subarray(at + 5, at + 1 + length);
    let value = '';
    if (type === 'D') value = new TextDecoder().decode(body.subarray(6, 6 + new DataView(body.buffer, body.byteOffset).getInt32(2)));
    if (type === 'E')
      value =
        new TextDecoder()
          .decode(body)
          .split('\0')
          .find((field) => field.startsWith('M'))
          ?.slice(1) ?? '';
    out.push([type, value]);
    at += 1 + length;
  }
  return out;
}

let db: PGlite;
let queue: TransactionQueue;

/** One client: sends each message after the last one's promise settled, and collects what comes back. */
async function send(client: number, messages: Uint8Array[]): Promise<[string, string][]> {
  const received: Uint8Array[] = [];
  for (const m of messages) await queue.enqueue(client, m, (data) => received.push(data.slice()));
  return answers(new Uint8Array(received.flatMap((part) => [...part])));
}

beforeAll(async () => {
  db = await PGlite.create();
  queue = new TransactionQueue(db);
});
afterAll(async () => {
  await db.close();
});

describe('the PGlite wire queue', () => {
  it('runs an extended-protocol exchange as one PGlite call at its Sync', async () => {
    const calls = vi.spyOn(db, 'execProtocolRawStream');
    const rows = await send(1, exchange('select $1::int + 1 as n', ['41']));
    expect(calls).toHaveBeenCalledTimes(1);
    calls.mockRestore();
    expect(rows.map(([type]) => type)).toEqual(['1', '2', 'T', 'D', 'C', 'Z']);
    expect(rows.find(([type]) => type === 'D')?.[1]).toBe('42');
  });

  it('answers a failed Bind with its error, and the same client goes on', async () => {
    const failed = await send(1, exchange('select $1::int as n', ['not a number']));
    expect(failed.find(([type]) => type === 'E')?.[1]).toMatch(/invalid input syntax for type integer/);
    expect(failed.at(-1)?.[0]).toBe('Z');
    const next = await send(1, exchange('select $1::text as word', ['pattern']));
    expect(next.find(([type]) => type === 'D')?.[1]).toBe('pattern');
  });

  it('keeps two clients exchanges apart when they arrive together', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, client) => send(10 + client, exchange('select $1::text as who', [`client ${client}`]))));
    results.forEach((rows, client) => expect(rows.find(([type]) => type === 'D')?.[1]).toBe(`client ${client}`));
  });
});
