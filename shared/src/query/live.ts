// Live screens: a Realtime channel of the page's one Supabase client (realtime-js comes with
// supabase-js, which the screen has loaded already; the socket opens only when a screen
// subscribes) whose events invalidate query keys, so the screen reads again through its
// useQuery as after a write. While the channel is not joined (connecting, the socket cannot open,
// Realtime is off) `live` is false and the screen keeps its polling as the fallback.
//
//   const live = useLive({ topic: `order-${id}`, changes: [{ table: 'orders', event: 'UPDATE', filter: `id=eq.${id}` }],
//                          invalidate: [orderKeys.confirmation(id)] });
//   useQuery({ …, refetchInterval: live ? false : POLL_EVERY_MS });
//
// What arrives is decided by the database: postgres_changes only of the tables in the
// supabase_realtime publication and only rows the signed-in person may select (RLS); private
// channels only where realtime.messages' policies let them read (supabase/migrations/20261203001000_realtime.sql).
import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { getSupabase } from '../supabase.ts';

interface LiveChange {
  table: string;
  schema?: string;
  event?: 'INSERT' | 'UPDATE' | 'DELETE' | '*';
  /** Realtime's filter, e.g. `id=eq.…`, `store_id=in.(…)` */
  filter?: string;
}

interface LiveEvent {
  kind: 'change' | 'broadcast';
  event: string;
  payload: unknown;
}

interface LiveOptions {
  /** The channel; null: nothing to listen to (yet). Change channels get a per-screen suffix; a private topic is used as given (its policies name it). */
  topic: string | null;
  changes?: LiveChange[];
  /** Broadcast events to listen to on the topic. */
  broadcast?: string[];
  /** A private channel (RLS on realtime.messages decides who may join). */
  private?: boolean;
  /** What to read again on every event, and once when the channel joins (what changed before it did). */
  invalidate: QueryKey[];
  onEvent?: (event: LiveEvent) => void;
}

/** Subscribes while mounted; true while the channel is joined (the screen may stop polling). */
export function useLive(options: LiveOptions): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const instance = useId();
  const latest = useRef(options);
  latest.current = options;
  const shape = JSON.stringify({
    topic: options.topic,
    changes: options.changes ?? [],
    broadcast: options.broadcast ?? [],
    isPrivate: options.private ?? false,
    invalidate: options.invalidate,
  });

  // `shape` stands for topic, changes, broadcast, private and the keys: the channel is made again
  // when one of them changes, from the options of that render.
  useEffect(() => {
    const { topic, changes = [], broadcast = [], private: isPrivate = false } = latest.current;
    if (!topic) return undefined;
    let cancelled = false;
    let remove: (() => void) | undefined;
    const readAgain = () => {
      for (const queryKey of latest.current.invalidate) void queryClient.invalidateQueries({ queryKey });
    };
    const fire = (event: LiveEvent) => {
      readAgain();
      latest.current.onEvent?.(event);
    };
    void getSupabase().then(
      (supabase) => {
        if (cancelled) return;
        const name = isPrivate ? topic : `${topic}:${instance.replace(/[^a-zA-Z0-9]/g, '')}`;
        const channel = supabase.channel(name, { config: { private: isPrivate } });
        for (const c of changes) {
          const filter = { event: c.event ?? '*', schema: c.schema ?? 'public', table: c.table, ...(c.filter ? { filter: c.filter } : {}) };
          channel.on('postgres_changes', filter as { event: '*'; schema: string }, (p: { eventType: string }) =>
            fire({ kind: 'change', event: p.eventType, payload: p }),
          );
        }
        for (const e of broadcast)
          channel.on('broadcast', { event: e }, (m: { payload?: unknown }) => fire({ kind: 'broadcast', event: e, payload: m.payload }));
        channel.subscribe((status) => {
          if (cancelled) return;
          const joined = status === 'SUBSCRIBED';
          setLive(joined);
          if (joined) readAgain();
        });
        remove = () => void supabase.removeChannel(channel);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      setLive(false);
      remove?.();
    };
  }, [shape, queryClient, instance]);

  return live;
}
