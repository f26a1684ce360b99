// The subscribers of bench/realtime/run.ts, in a process of their own (so the backend's memory
// is the backend's): N realtime-js clients (supabase-js's RealtimeClient, unmodified), one
// socket and one user token each, all listening to UPDATEs of one pattern. Talks to the parent
// over IPC: {tokens, url, anonKey, patternId} in, "ready" out; then per change the title to
// expect in, and the times it reached each subscriber out in one message (no IPC per delivery).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// supabase-js is the backend's (dev) dependency; the bench package does not repeat it
const require = createRequire(path.join(here, '..', '..', 'backend', 'package.json'));
interface Channel {
  on(type: 'postgres_changes', filter: Record<string, string>, callback: (payload: { new: Record<string, unknown> }) => void): Channel;
  subscribe(callback: (status: string, err?: Error) => void, timeout?: number): Channel;
}
/** The part of realtime-js's RealtimeClient used here (its types do not resolve from bench/). */
type RealtimeClientClass = new (
  endPoint: string,
  options: { params: { apikey: string }; heartbeatIntervalMs?: number },
) => {
  setAuth(token: string): Promise<void>;
  channel(topic: string): Channel;
  removeAllChannels(): Promise<unknown>;
  disconnect(): void;
};
const { RealtimeClient } = require('@supabase/supabase-js') as { RealtimeClient: RealtimeClientClass };

/** What the parent sends to start (run.ts). */
export interface Start {
  url: string;
  anonKey: string;
  patternId: string;
  tokens: string[];
}
const now = () => performance.timeOrigin + performance.now();

let expected: { title: string; times: number[]; done: () => void } | null = null;

process.once('message', async (start: Start) => {
  const clients = start.tokens.map((token) => {
    const client = new RealtimeClient(`${start.url}/realtime/v1`, { params: { apikey: start.anonKey }, heartbeatIntervalMs: 25_000 });
    void client.setAuth(token);
    return client;
  });
  let joined = 0;
  await Promise.all(
    clients.map(
      (client, i) =>
        new Promise<void>((resolve, reject) => {
          client
            .channel(`bench-${i}`)
            .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'patterns', filter: `id=eq.${start.patternId}` }, (p) => {
              const at = now();
              if (!expected || p.new.title !== expected.title) return;
              expected.times.push(at);
              if (expected.times.length === start.tokens.length) expected.done();
            })
            .subscribe((status, err) => {
              if (status === 'SUBSCRIBED') {
                joined++;
                resolve();
              } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
            }, 60_000);
        }),
    ),
  );
  process.send!({ type: 'ready', joined });
  process.on('message', async (m: { type: 'expect'; title: string } | { type: 'stop' }) => {
    if (m.type === 'expect') {
      const times: number[] = [];
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        clearTimeout(timer);
        expected = null;
        process.send!({ type: 'batch', times });
      };
      expected = { title: m.title, times, done };
      timer = setTimeout(done, 15_000);
      process.send!({ type: 'expecting' });
      return;
    }
    await Promise.all(clients.map((c) => c.removeAllChannels()));
    clients.forEach((c) => c.disconnect());
    process.exit(0);
  });
});
