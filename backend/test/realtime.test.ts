// Realtime: supabase-js's own realtime-js, unmodified, against the embedded backend's
// /realtime/v1/websocket through the one gateway, with real tokens:
//   - the socket needs a project apikey; a channel's token is checked (expired: closed)
//   - broadcast (self, ack), presence (sync, join, leave)
//   - private channels authorised by RLS on realtime.messages: the store-sales channel only for
//     the store's owner; sending only with an insert policy
//   - broadcasts from the database: realtime.send, realtime.broadcast_changes, a sale's notice
//   - postgres_changes: only published tables; an RLS matrix on orders (a buyer's own order
//     arrives, another buyer's, a designer's and a visitor's never); filters eq, neq, lt, lte,
//     gt, gte, in; UPDATE/DELETE shapes
//   - one check for a whole role only where the policies show the row to all of it whatever the
//     claims (a restrictive policy or a policy changed since it was read sends it back to the
//     check as each subscriber)
//   - the client's own rejoin after a backend restart
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { WebSocket as WsWebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, waitFor } from '../../shared/src/testing/kit.ts';
import { signJwt } from '../src/jwt.ts';
import { tableInfo } from '../src/realtime/db.ts';
import { startTestStack, type TestStack } from './harness.ts';
import { signedInMember, storeWithPattern, type Member } from './members.ts';

let stack: TestStack;
let dataDir: string;
let buyer: Member;
let otherBuyer: Member;
let designer: Member;
let otherDesigner: Member;
let store: string;
let pattern: string;
let otherStore: string;
const clients: SupabaseClient[] = [];

const sql = (text: string, values: unknown[] = []) => stack.pool.query(text, values);
const service = () => serviceClient(stack);
const visitor = () => {
  const c = anonClient(stack);
  clients.push(c);
  return c;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * supabase-js on the `ws` transport: Node 20's own WebSocket never fires `close` after a refused
 * connection (it stays CONNECTING), so Phoenix's reconnect would wait forever; browsers do fire it.
 */
const wsOptions = { realtime: { transport: WsWebSocket as never } };
/** A client whose realtime token is whatever `token.current` holds (supabase-js's accessToken option). */
function tokenClient(token: { current: string }): SupabaseClient {
  const c = createClient(stack.url, stack.anonKey, { ...wsOptions, accessToken: async () => token.current });
  clients.push(c);
  return c;
}

/** Subscribes and waits for SUBSCRIBED; rejects with the server's reason otherwise. */
function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status !== 'CLOSED') reject(err ?? new Error(status));
    });
  });
}

/** The upgrade's HTTP answer when the gateway refuses a socket. */
function upgradeStatus(query: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${stack.url}/realtime/v1/websocket${query}`, {
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-version': '13' },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 101, body: '' });
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

async function order(who: Member, storeId: string, patternId: string, total = 1400): Promise<string> {
  const row = (
    await service()
      .from('orders')
      .insert({
        buyer_id: who.id,
        buyer_email: who.email,
        status: 'pending',
        currency: 'EUR',
        subtotal_cents: total,
        total_cents: total,
        buyer_country: 'DE',
      })
      .select('id')
      .single()
      .throwOnError()
  ).data!;
  await service()
    .from('order_items')
    .insert({
      order_id: row.id,
      pattern_id: patternId,
      store_id: storeId,
      unit_price_cents: total,
      currency: 'EUR',
      title: 'Harbour Wrap Dress',
      kind: 'digital',
    })
    .throwOnError();
  return row.id as string;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-realtime-'));
  stack = await startTestStack({ seed: false, dataDir });
  [buyer, otherBuyer, designer, otherDesigner] = await Promise.all([
    signedInMember(stack, 'buyer', 'Bea Buyer'),
    signedInMember(stack, 'other-buyer', 'Oz Other'),
    signedInMember(stack, 'designer', 'Dana Designer'),
    signedInMember(stack, 'other-designer', 'Olli Other'),
  ]);
  clients.push(buyer.db, otherBuyer.db, designer.db, otherDesigner.db);
  ({ storeId: store, patternId: pattern } = await storeWithPattern(designer, 'rt'));
  ({ storeId: otherStore } = await storeWithPattern(otherDesigner, 'rt-other'));
  // a table of the test's own, for realtime.broadcast_changes and a publication added at run time
  await sql(`create table public.rt_notes (id int primary key, body text, secret text);
             alter table public.rt_notes enable row level security;
             grant select, insert, update, delete on public.rt_notes to authenticated, anon;
             create policy rt_notes_read on public.rt_notes for select using (body <> 'hidden');
             create or replace function public.rt_notes_broadcast() returns trigger language plpgsql security definer as $$
             begin perform realtime.broadcast_changes('notes', tg_op, tg_op, tg_table_name, tg_table_schema, new, old); return null; end $$;
             create trigger rt_notes_broadcast after insert or update or delete on public.rt_notes for each row execute function public.rt_notes_broadcast();
             create policy rt_notes_channel on realtime.messages for select to authenticated using (realtime.topic() in ('notes', 'writers'));
             create policy rt_writers_send on realtime.messages for insert to authenticated with check (realtime.topic() = 'writers');`);
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  await sql('drop table if exists public.rt_notes cascade').catch(() => undefined);
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the socket and the channel token', () => {
  it('opens only with a project apikey, as the gateway checks every other route', async () => {
    expect(await upgradeStatus('?vsn=2.0.0')).toEqual({ status: 401, body: JSON.stringify({ message: 'No API key found in request' }) });
    expect(await upgradeStatus('?apikey=nope&vsn=2.0.0')).toEqual({ status: 401, body: JSON.stringify({ message: 'Invalid API key' }) });
    expect((await upgradeStatus(`?apikey=${stack.anonKey}&vsn=2.0.0`)).status).toBe(101);
  });

  it('refuses a join whose token is expired or forged, and closes a channel when its token runs out', async () => {
    const token = { current: await signJwt({ role: 'authenticated', sub: buyer.id, exp: Math.floor(Date.now() / 1000) - 5 }, stack.config.jwtSecret) };
    const c = tokenClient(token);
    await c.realtime.setAuth();
    await expect(subscribed(c.channel('expired-room'))).rejects.toThrow(/Token has expired/);
    token.current = await signJwt({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 60 }, 'x'.repeat(40));
    await c.realtime.setAuth();
    await expect(subscribed(c.channel('forged-room'))).rejects.toThrow(/JWT signature/);

    token.current = await signJwt({ role: 'authenticated', sub: buyer.id }, stack.config.jwtSecret, 2);
    await c.realtime.setAuth();
    const messages: Array<{ status: string; message: string }> = [];
    const closing = c.channel('short-room').on('system', {}, (p) => messages.push(p));
    await subscribed(closing);
    await waitFor('the channel closed at expiry', async () => messages.find((m) => m.status === 'error'), 8000);
    expect(messages.find((m) => m.status === 'error')!.message).toMatch(/Token has expired/);
    await waitFor('the client saw it closed', async () => closing.state === 'closed', 5000);

    // a fresh token sent on the open channel (setAuth → access_token) keeps it open past the first one's expiry
    token.current = await signJwt({ role: 'authenticated', sub: buyer.id }, stack.config.jwtSecret, 2);
    await c.realtime.setAuth();
    const kept = c.channel('kept-room');
    await subscribed(kept);
    token.current = await signJwt({ role: 'authenticated', sub: buyer.id }, stack.config.jwtSecret, 60);
    await c.realtime.setAuth();
    await sleep(3000);
    expect(kept.state).toBe('joined');
    await c.removeAllChannels();
  });
});

describe('broadcast and presence', () => {
  it('delivers to the other members; to the sender only with self; ack answers the send', async () => {
    const [a, b] = [visitor(), visitor()];
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    const chA = a.channel('room-1', { config: { broadcast: { ack: true } } }).on('broadcast', { event: 'wave' }, (m) => gotA.push(m.payload));
    const chB = b.channel('room-1', { config: { broadcast: { self: true } } }).on('broadcast', { event: 'wave' }, (m) => gotB.push(m.payload));
    await Promise.all([subscribed(chA), subscribed(chB)]);
    expect(await chA.send({ type: 'broadcast', event: 'wave', payload: { from: 'a' } })).toBe('ok');
    await waitFor('b got a’s wave', async () => gotB.length === 1, 5000);
    expect(await chB.send({ type: 'broadcast', event: 'wave', payload: { from: 'b' } })).toBe('ok');
    await waitFor('a and b got b’s wave', async () => gotA.length === 1 && gotB.length === 2, 5000);
    expect(gotA).toEqual([{ from: 'b' }]);
    expect(gotB).toEqual([{ from: 'a' }, { from: 'b' }]);
  });

  it('presence: track shows in the others’ state, untrack and leaving take it out', async () => {
    const [a, b] = [visitor(), visitor()];
    const chA = a.channel('lobby', { config: { presence: { key: 'ada' } } }).on('presence', { event: 'sync' }, () => undefined);
    const leaves: string[] = [];
    const chB = b
      .channel('lobby', { config: { presence: { key: 'bob' } } })
      .on('presence', { event: 'sync' }, () => undefined)
      .on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
    await Promise.all([subscribed(chA), subscribed(chB)]);
    expect(await chA.track({ mood: 'sewing' })).toBe('ok');
    await waitFor('b sees ada', async () => (chB.presenceState().ada?.[0] as { mood?: string } | undefined)?.mood === 'sewing', 5000);
    expect(await chB.track({ mood: 'cutting' })).toBe('ok');
    await waitFor('a sees bob', async () => !!chA.presenceState().bob, 5000);
    expect(await chA.untrack()).toBe('ok');
    await waitFor('b saw ada leave', async () => leaves.includes('ada') && !chB.presenceState().ada, 5000);
    await chB.unsubscribe();
    await waitFor('a saw bob leave', async () => !chA.presenceState().bob, 5000);
  });
});

describe('private channels and broadcasts from the database', () => {
  it('store-sales:<store> is joined only by the store’s owner, who hears the sale and nothing of the buyer', async () => {
    const sales: Array<Record<string, unknown>> = [];
    const mine = designer.db.channel(`store-sales:${store}`, { config: { private: true } }).on('broadcast', { event: 'sale' }, (m) => sales.push(m.payload));
    await subscribed(mine);
    await expect(subscribed(otherDesigner.db.channel(`store-sales:${store}`, { config: { private: true } }))).rejects.toThrow(
      `Unauthorized: You do not have permissions to read from this Channel topic: store-sales:${store}`,
    );
    await expect(subscribed(visitor().channel(`store-sales:${store}`, { config: { private: true } }))).rejects.toThrow(/Unauthorized/);
    // the public channel of the same name is another channel: the sale never goes there
    const publicSales: unknown[] = [];
    await subscribed(
      visitor()
        .channel(`store-sales:${store}`)
        .on('broadcast', { event: 'sale' }, (m) => publicSales.push(m)),
    );
    const otherSales: unknown[] = [];
    await subscribed(
      otherDesigner.db.channel(`store-sales:${otherStore}`, { config: { private: true } }).on('broadcast', { event: 'sale' }, (m) => otherSales.push(m)),
    );

    const id = await order(buyer, store, pattern);
    await service().from('orders').update({ status: 'paid', paid_at: new Date().toISOString() }).eq('id', id).throwOnError();
    await waitFor('the designer heard the sale', async () => sales.length === 1, 8000);
    expect(sales[0]).toMatchObject({ store_id: store, items: 1 });
    expect(JSON.stringify(sales[0])).not.toContain(buyer.email);
    expect(JSON.stringify(sales[0])).not.toContain(buyer.id);
    expect(publicSales).toEqual([]);
    expect(otherSales).toEqual([]);

    // nobody may send on it (no insert policy): the ack'd send never gets its ok
    const acking = designer.db.channel(`store-sales:${otherStore}-x`, { config: { private: true } });
    await expect(subscribed(acking)).rejects.toThrow(/Unauthorized/);
    await designer.db.removeChannel(mine);
    const sending = designer.db.channel(`store-sales:${store}`, { config: { private: true, broadcast: { ack: true, self: true } } });
    const echoed: unknown[] = [];
    sending.on('broadcast', { event: 'fake' }, (m) => echoed.push(m));
    await subscribed(sending);
    expect(await sending.send({ type: 'broadcast', event: 'fake', payload: {} }, { timeout: 1500 })).toBe('timed out');
    expect(echoed).toEqual([]);
  });

  it('sends on a private channel only with an insert policy; realtime.send and broadcast_changes reach the topic', async () => {
    const heard: unknown[] = [];
    const writer = buyer.db.channel('writers', { config: { private: true, broadcast: { ack: true } } });
    const listener = otherBuyer.db.channel('writers', { config: { private: true } }).on('broadcast', { event: 'note' }, (m) => heard.push(m.payload));
    await Promise.all([subscribed(writer), subscribed(listener)]);
    expect(await writer.send({ type: 'broadcast', event: 'note', payload: { n: 1 } })).toBe('ok');
    await waitFor('the note arrived', async () => heard.length === 1, 5000);

    const notes: Array<Record<string, any>> = [];
    await subscribed(otherBuyer.db.channel('notes', { config: { private: true } }).on('broadcast', { event: '*' }, (m) => notes.push(m)));
    const publicNotes: unknown[] = [];
    await subscribed(
      visitor()
        .channel('notes')
        .on('broadcast', { event: '*' }, (m) => publicNotes.push(m)),
    );
    await sql(`insert into public.rt_notes values (1, 'hello', 's')`);
    await waitFor('broadcast_changes arrived', async () => notes.length === 1, 5000);
    expect(notes[0]).toMatchObject({
      event: 'INSERT',
      payload: { operation: 'INSERT', table: 'rt_notes', schema: 'public', record: { id: 1, body: 'hello' }, old_record: null },
    });
    await sql(`select realtime.send('{"hi": true}'::jsonb, 'greeting', 'notes', false)`);
    await waitFor('realtime.send to the public topic arrived', async () => publicNotes.length === 1, 5000);
    expect(publicNotes[0]).toMatchObject({ event: 'greeting', payload: { hi: true } });
    expect(notes).toHaveLength(1);
    await sql(`delete from public.rt_notes`);
  });
});

describe('postgres_changes', () => {
  it('an order reaches its buyer only (another buyer, the store’s designer and a visitor never), with filters', async () => {
    type Got = { eventType: string; new: Record<string, unknown>; old: Record<string, unknown> };
    const got: Record<string, Got[]> = {};
    const listen = (name: string, db: SupabaseClient, filter?: string) => {
      got[name] = [];
      return subscribed(
        db
          .channel(`orders-${name}`)
          .on('postgres_changes', { event: '*', schema: 'public', table: 'orders', ...(filter ? { filter } : {}) }, (p) =>
            got[name]!.push(p as unknown as Got),
          ),
      );
    };
    await Promise.all([
      listen('buyer', buyer.db),
      listen('other', otherBuyer.db),
      listen('designer', designer.db),
      listen('visitor', visitor()),
      listen('service', serviceClient(stack)),
    ]);
    const first = await order(buyer, store, pattern, 1400);
    await Promise.all([
      listen('eq', buyer.db, `id=eq.${first}`),
      listen('neq', buyer.db, `id=neq.${first}`),
      listen('gt', buyer.db, 'total_cents=gt.1400'),
      listen('gte', buyer.db, 'total_cents=gte.1400'),
      listen('lt', buyer.db, 'total_cents=lt.1400'),
      listen('lte', buyer.db, 'total_cents=lte.1400'),
      listen('in', buyer.db, 'status=in.(paid,refunded)'),
    ]);
    await order(otherBuyer, store, pattern, 900);
    const second = await order(buyer, otherStore, pattern, 2000);
    await service().from('orders').update({ status: 'paid', paid_at: new Date().toISOString() }).eq('id', first).throwOnError();
    const theirs = await service().from('orders').select('id').eq('buyer_id', otherBuyer.id).single();
    await waitFor('the service role saw all four changes', async () => got.service!.length === 4, 8000);
    await waitFor('the buyer saw their three', async () => got.buyer!.length === 3, 5000);
    await waitFor('the other buyer saw their own', async () => got.other!.length === 1, 5000);
    expect(got.buyer!.map((g) => [g.eventType, g.new.id])).toEqual([
      ['INSERT', first],
      ['INSERT', second],
      ['UPDATE', first],
    ]);
    expect(got.buyer![2]!.new).toMatchObject({ status: 'paid', total_cents: 1400, buyer_email: buyer.email });
    expect(got.buyer![2]!.old).toEqual({ id: first });
    expect(got.other!.map((g) => [g.eventType, g.new.id])).toEqual([['INSERT', theirs.data!.id]]);
    expect(got.designer).toEqual([]);
    expect(got.visitor).toEqual([]);
    const ids = (name: string) => got[name]!.map((g) => `${g.eventType} ${g.new.id === first ? 'first' : 'second'}`);
    expect(ids('eq')).toEqual(['UPDATE first']);
    expect(ids('neq')).toEqual(['INSERT second']);
    expect(ids('gt')).toEqual(['INSERT second']);
    expect(ids('gte')).toEqual(['INSERT second', 'UPDATE first']);
    expect(ids('lt')).toEqual([]);
    expect(ids('lte')).toEqual(['UPDATE first']);
    expect(ids('in')).toEqual(['UPDATE first']);
  });

  it('only tables in the supabase_realtime publication stream; a DELETE carries the key only', async () => {
    const notes: Array<{ eventType: string; new: Record<string, unknown>; old: Record<string, unknown> }> = [];
    const orders: unknown[] = [];
    await subscribed(
      buyer.db
        .channel('notes-changes')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_notes' }, (p) => notes.push(p as never))
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'orders' }, (p) => orders.push(p)),
    );
    await sql(`insert into public.rt_notes values (10, 'unpublished', 's')`);
    await order(buyer, store, pattern);
    await waitFor('the order after it arrived', async () => orders.length === 1, 5000);
    expect(notes).toEqual([]);

    await sql('alter publication supabase_realtime add table public.rt_notes');
    await sql(`insert into public.rt_notes values (11, 'hidden', 's'), (12, 'shown', 's')`);
    // the check reads the row as it is when the change is delivered (as hosted): let 11's insert go first
    await waitFor('the shown insert', async () => notes.length === 1, 5000);
    await sql(`update public.rt_notes set body = 'shown too' where id = 11`);
    await sql(`delete from public.rt_notes where id = 12`);
    await waitFor('three changes of rt_notes', async () => notes.length === 3, 5000);
    // 11 was hidden by RLS when inserted; its update made it visible
    expect(notes.map((n) => [n.eventType, n.new.id ?? n.old.id])).toEqual([
      ['INSERT', 12],
      ['UPDATE', 11],
      ['DELETE', 12],
    ]);
    expect(notes[2]!.old).toEqual({ id: 12 });
    await sql('alter publication supabase_realtime drop table public.rt_notes');
    await sql(`insert into public.rt_notes values (13, 'after', 's')`);
    await order(buyer, store, pattern);
    await waitFor('the second order arrived', async () => orders.length === 2, 5000);
    expect(notes).toHaveLength(3);
  });

  it('a row seen by a whole role is checked once for it; a restrictive policy or a changed policy still hides it from who may not select it', async () => {
    await sql(`create table public.rt_shelf (id int primary key, owner uuid not null, listed boolean not null, body text not null);
               alter table public.rt_shelf enable row level security;
               grant select on public.rt_shelf to authenticated, anon;
               create policy rt_shelf_listed on public.rt_shelf for select using (listed);
               create policy rt_shelf_own on public.rt_shelf for select to authenticated using (owner = (select auth.uid()));
               create policy rt_shelf_open_or_own on public.rt_shelf as restrictive for select to authenticated
                 using (body = 'open' or owner = (select auth.uid()));
               alter publication supabase_realtime add table public.rt_shelf;`);
    try {
      // what the server reads from the policies: listed rows with an open body are everyone's
      const info = await tableInfo(stack.pool, 'public', 'rt_shelf');
      expect(info!.seenByRole).toEqual({
        anon: '((listed))',
        authenticated: "((listed)) and (((body = 'open'::text)))",
        service_role: '((listed))',
      });
      expect((await tableInfo(stack.pool, 'public', 'orders'))!.seenByRole).toEqual({});

      const got: Record<string, number[]> = { owner: [], other: [], visitor: [] };
      const listen = (name: string, db: SupabaseClient) =>
        subscribed(
          db
            .channel(`shelf-${name}`)
            .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_shelf' }, (p) => got[name]!.push((p.new as { id: number }).id)),
        );
      await Promise.all([listen('owner', buyer.db), listen('other', otherBuyer.db), listen('visitor', visitor())]);
      const shelf = (id: number, listed: boolean, body: string) => sql(`insert into public.rt_shelf values ($1, $2, $3, $4)`, [id, buyer.id, listed, body]);
      await shelf(1, true, 'open'); // everyone
      await shelf(2, true, 'closed'); // listed, but the restrictive policy lets only the owner among members
      await shelf(3, false, 'open'); // the owner's own
      await shelf(4, true, 'open'); // everyone, marks the end
      await waitFor('the other member heard the last row', async () => got.other!.includes(4), 8000);
      await waitFor('the owner heard all four', async () => got.owner!.length === 4, 5000);
      await waitFor('the visitor heard the listed rows', async () => got.visitor!.includes(4), 5000);
      expect(got.owner!.sort()).toEqual([1, 2, 3, 4]);
      expect(got.other!.sort()).toEqual([1, 4]);
      expect(got.visitor!.sort()).toEqual([1, 2, 4]);

      // the policies change while the server still holds what it read (tables are re-read every
      // 10 s): a listed, open row is no longer everyone's, and the old reading must not send it
      await sql(`drop policy rt_shelf_listed on public.rt_shelf`);
      await shelf(5, true, 'open');
      await shelf(6, false, 'closed');
      await waitFor('the owner heard rows 5 and 6', async () => got.owner!.includes(6), 8000);
      await sleep(300);
      expect(got.owner!.sort()).toEqual([1, 2, 3, 4, 5, 6]);
      expect(got.other!.sort()).toEqual([1, 4]);
      expect(got.visitor!.sort()).toEqual([1, 2, 4]);
    } finally {
      await Promise.all(
        [buyer.db, otherBuyer.db].flatMap((db) =>
          db
            .getChannels()
            .filter((c) => c.topic.includes('shelf-'))
            .map((c) => db.removeChannel(c)),
        ),
      );
      await sql('drop table if exists public.rt_shelf cascade');
    }
  });

  it('a 130-row insert through PostgREST answers 201, and each row arrives whole (notifications span answer chunks)', async () => {
    const inserted: Array<{ title: string }> = [];
    await subscribed(
      designer.db
        .channel('bulk-patterns')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'patterns', filter: `store_id=eq.${store}` }, (p) => inserted.push(p.new as never)),
    );
    const rows = Array.from({ length: 130 }, (_, i) => ({
      store_id: store,
      currency: 'USD',
      status: 'published' as const,
      languages: ['en'],
      title: `Heirloom Sampler ${i + 1}`,
      craft: 'embroidery',
      category: 'hoop-art',
      difficulty: 1,
      price_cents: 500,
      formats: ['a4'],
    }));
    const { error } = await service().from('patterns').insert(rows);
    expect(error).toBeNull();
    await waitFor('130 inserts', async () => inserted.length === 130, 15_000);
    expect(new Set(inserted.map((r) => r.title))).toEqual(new Set(rows.map((r) => r.title)));
  });
});

describe('a backend restart', () => {
  it('the client rejoins by itself and hears changes again', async () => {
    const orders: Array<{ new: Record<string, unknown> }> = [];
    const heard: unknown[] = [];
    const db = createClient(stack.url, stack.anonKey, { ...wsOptions, auth: { persistSession: false, autoRefreshToken: false } });
    clients.push(db);
    await db.auth.signInWithPassword({ email: buyer.email, password: 'Member-test-9' }).then(({ error }) => {
      if (error) throw error;
    });
    const ch = db
      .channel('after-restart')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'orders' }, (p) => orders.push(p as never))
      .on('broadcast', { event: 'ping' }, (m) => heard.push(m.payload));
    await subscribed(ch);
    const { port } = stack.config;
    await stack.stop();
    stack = await startTestStack({ seed: false, dataDir, port });
    await waitFor('the channel rejoined', async () => ch.state === 'joined' && db.realtime.isConnected(), 30_000);
    const id = await order(buyer, store, pattern);
    await waitFor('the order after the restart arrived', async () => orders.some((o) => o.new.id === id), 8000);
    await sql(`select realtime.send('{"n": 1}'::jsonb, 'ping', 'after-restart', false)`);
    await waitFor('the broadcast after the restart arrived', async () => heard.length === 1, 5000);
  }, 90_000);
});
