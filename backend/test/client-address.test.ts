// The client's address and what the auth server reveals about addresses,
// through the real gateway, PostgREST and auth with real tokens.
//   - Whatever address headers a client sends (x-forwarded-for, x-real-ip, cf-connecting-ip,
//     true-client-ip, forwarded), PostgREST sees one address: the socket's peer, or what a
//     TRUSTED_PROXIES peer forwards in X-Forwarded-For. So kit clicks and referral clicks cannot
//     be stuffed by forging a new address per request.
//   - record_referral_click de-duplicates (the same visitor and code within 30 minutes answer the
//     same click) and limits (60 a visitor an hour, 120 a code a minute), as record_kit_click does;
//     the service role (checkout's typed partner code) is the server and is not limited.
//   - Item 14 pins what GoTrue's answers tell about an address, as backend/src/auth/README.md says.
// This stack trusts 127.0.0.2 as a proxy: requests sent from that local address play the proxy.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './harness.ts';
import { serviceClient, signedInMember, storeWithPattern, type Member } from './members.ts';
import * as kit from '../../shared/src/testing/kit.ts';

const PROXY = '127.0.0.2';
let stack: TestStack;
let supplier: Member;
let designer: Member;
let kitId = '';

/** POST /rest/v1/rpc/<fn> with extra headers, from this machine's 127.0.0.1 or from `localAddress` (the proxy). */
function rpc(
  fn: string,
  args: unknown,
  headers: Record<string, string> = {},
  options: { localAddress?: string; key?: string } = {},
): Promise<{ status: number; body: any }> {
  const key = options.key ?? stack.anonKey;
  const url = new URL(`${stack.url}/rest/v1/rpc/${fn}`);
  const body = JSON.stringify(args);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: options.localAddress,
        agent: false,
        headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A different forged address in every header a client could use, per request `i`. */
const forged = (i: number): Record<string, string> => ({
  'x-forwarded-for': `203.0.113.${i + 1}, 198.51.100.${i + 1}`,
  'x-real-ip': `203.0.113.${i + 101}`,
  'cf-connecting-ip': `192.0.2.${i + 1}`,
  'true-client-ip': `192.0.2.${i + 101}`,
  forwarded: `for=192.0.2.${i + 201};proto=https`,
});

async function sql(text: string, values: unknown[] = []) {
  return (await stack.pool.query(text, values)).rows;
}

async function approvedPartner(member: Member, kind: 'supplier' | 'reseller', company: string): Promise<void> {
  const { error } = await serviceClient(stack)
    .from('partner_applications')
    .insert({ user_id: member.id, kind, company, website: 'https://partners.example', status: 'approved' });
  if (error) throw error;
}

/** A newly approved reseller's referral code (made by the approval trigger). */
async function resellerCode(label: string): Promise<string> {
  const reseller = await signedInMember(stack, label, `Reseller ${label}`);
  await approvedPartner(reseller, 'reseller', `Club ${label}`);
  const [row] = await sql('select code from public.referral_codes where reseller_id = $1', [reseller.id]);
  return row!.code as string;
}

const clicksOfKit = async () => (await sql('select count(*)::int as n from public.kit_clicks where kit_id = $1', [kitId]))[0]!.n as number;
const clicksOfCode = async (code: string) => (await sql('select count(*)::int as n from public.referral_clicks where code = $1', [code]))[0]!.n as number;

beforeAll(async () => {
  stack = await startTestStack({ seed: false, trustedProxies: [PROXY] });
  [supplier, designer] = await Promise.all([signedInMember(stack, 'supplier', 'Fabric House'), signedInMember(stack, 'designer', 'Dana')]);
  await approvedPartner(supplier, 'supplier', 'Fabric House');
  const { patternId } = await storeWithPattern(designer, 'client-address');
  await sql(`update public.patterns set status = 'published' where id = $1`, [patternId]);
  const made = await supplier.db
    .from('kits')
    .insert({
      pattern_id: patternId,
      title: 'Linen and buttons',
      description: 'Linen, buttons, thread.',
      price_cents: 4850,
      currency: 'EUR',
      url: 'https://fabric-house.example/kits/linen',
    })
    .select('id')
    .single();
  if (made.error) throw made.error;
  kitId = made.data.id as string;
  // What PostgREST hands SQL as the request's address headers (test-only function).
  await sql(`create function public.test_address_headers() returns jsonb language sql stable as $$
    select coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb - array(
      select k from jsonb_object_keys(coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb) k
       where k not in ('x-forwarded-for', 'x-real-ip', 'cf-connecting-ip', 'true-client-ip', 'forwarded')) $$`);
  await sql('grant execute on function public.test_address_headers() to anon');
  await stack.rest.reloadSchema();
});

afterAll(async () => {
  await stack?.stop();
});

describe('9: the client address PostgREST sees', () => {
  it('is the socket peer, whatever address headers the client forges', async () => {
    const plain = await rpc('test_address_headers', {});
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    const peer = { 'cf-connecting-ip': '127.0.0.1', 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' };
    expect(plain.body).toEqual(peer);
    for (let i = 0; i < 3; i++) expect((await rpc('test_address_headers', {}, forged(i))).body).toEqual(peer);
  });

  it('is the nearest untrusted X-Forwarded-For hop when a trusted proxy sends it; the proxy passes nothing else on', async () => {
    const viaProxy = await rpc('test_address_headers', {}, { ...forged(7), 'x-forwarded-for': `10.9.9.9, 198.51.100.77, ${PROXY}` }, { localAddress: PROXY });
    expect(viaProxy.body).toEqual({ 'cf-connecting-ip': '198.51.100.77', 'x-forwarded-for': '198.51.100.77', 'x-real-ip': '198.51.100.77' });
    // a trusted proxy that forwards nothing: the proxy itself
    const bare = await rpc('test_address_headers', {}, { 'cf-connecting-ip': '192.0.2.9' }, { localAddress: PROXY });
    expect(bare.body).toEqual({ 'cf-connecting-ip': PROXY, 'x-forwarded-for': PROXY, 'x-real-ip': PROXY });
  });
});

describe('9: clicks cannot be stuffed with forged addresses', () => {
  it('counts a kit click once for a visitor who sends a new address with every request, one after another or all at once', async () => {
    const before = await clicksOfKit();
    for (let i = 0; i < 6; i++) {
      const res = await rpc('record_kit_click', { kit_id: kitId }, forged(i));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toBe('https://fabric-house.example/kits/linen');
    }
    expect(await clicksOfKit()).toBe(before + 1);
    // parallel requests of a new visitor (behind the trusted proxy) take turns: one click
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        rpc('record_kit_click', { kit_id: kitId }, { ...forged(i), 'x-forwarded-for': '198.51.100.99' }, { localAddress: PROXY }),
      ),
    );
    expect(burst.every((res) => res.status === 200)).toBe(true);
    expect(await clicksOfKit()).toBe(before + 2);
  });

  it('counts a referral click once (the same click answered) for a visitor who sends a new address with every request, even all at once', async () => {
    const code = await resellerCode('forged');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => rpc('record_referral_click', { code, path: '/patterns' }, forged(i))));
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = new Set(answers.map((res) => res.body));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await clicksOfCode(code)).toBe(1);
    // a signed-in member is one visitor too, whatever they send
    const member = await signedInMember(stack, 'clicker', 'Cleo');
    const mine = await Promise.all([0, 1, 2].map((i) => rpc('record_referral_click', { code }, { ...forged(i), authorization: `Bearer ${member.token}` })));
    expect(new Set(mine.map((res) => res.body)).size).toBe(1);
    expect(await clicksOfCode(code)).toBe(2);
  });

  it('believes the X-Forwarded-For of a trusted proxy: two people behind it count twice, one person once', async () => {
    const code = await resellerCode('proxied');
    const before = await clicksOfKit();
    const behind = (client: string, i: number) => ({ ...forged(i), 'x-forwarded-for': client });
    const first = await rpc('record_referral_click', { code }, behind('198.51.100.20', 1), { localAddress: PROXY });
    const again = await rpc('record_referral_click', { code }, behind('198.51.100.20', 2), { localAddress: PROXY });
    const other = await rpc('record_referral_click', { code }, behind('198.51.100.21', 3), { localAddress: PROXY });
    expect(again.body).toBe(first.body);
    expect(other.body).not.toBe(first.body);
    expect(await clicksOfCode(code)).toBe(2);
    for (const [client, i] of [
      ['198.51.100.20', 4],
      ['198.51.100.20', 5],
      ['198.51.100.21', 6],
    ] as const) {
      expect((await rpc('record_kit_click', { kit_id: kitId }, behind(client, i), { localAddress: PROXY })).status).toBe(200);
    }
    expect(await clicksOfKit()).toBe(before + 2);
  });
});

describe('9: referral clicks are limited like kit clicks', () => {
  it('records at most 60 clicks of one visitor an hour; past that the click is answered with null and nothing is written', async () => {
    const codes = [await resellerCode('limit-a'), await resellerCode('limit-b')];
    const visitor = { 'x-forwarded-for': '198.51.100.60' };
    // each click made 31 minutes old, so the next is not a repeat but still within the hour
    for (let i = 0; i < 60; i++) {
      const res = await rpc('record_referral_click', { code: codes[i % 2], path: '/limit' }, visitor, { localAddress: PROXY });
      expect(res.body, `click ${i + 1}`).toMatch(/^[0-9a-f-]{36}$/);
      await sql(`update public.referral_clicks set clicked_at = now() - interval '31 minutes' where path = '/limit'`);
    }
    const over = await rpc('record_referral_click', { code: codes[0], path: '/limit' }, visitor, { localAddress: PROXY });
    expect(over.status).toBe(200);
    expect(over.body).toBeNull();
    expect((await sql(`select count(*)::int as n from public.referral_clicks where path = '/limit'`))[0]!.n).toBe(60);
    // another visitor is not held back
    const someoneElse = await rpc('record_referral_click', { code: codes[0], path: '/limit' }, { 'x-forwarded-for': '198.51.100.61' }, { localAddress: PROXY });
    expect(someoneElse.body).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('records at most 120 clicks of one code a minute (a burst no real audience makes)', async () => {
    const code = await resellerCode('burst');
    const answers = [];
    for (let i = 0; i < 121; i++) {
      answers.push(
        (await rpc('record_referral_click', { code }, { 'x-forwarded-for': `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}` }, { localAddress: PROXY })).body,
      );
    }
    expect(answers.slice(0, 120).every((id) => typeof id === 'string')).toBe(true);
    expect(answers[120]).toBeNull();
    expect(await clicksOfCode(code)).toBe(120);
  });

  it('records every click the service role makes (the checkout function, for a typed partner code)', async () => {
    const code = await resellerCode('typed');
    const a = await rpc('record_referral_click', { code, path: '/checkout' }, {}, { key: stack.serviceRoleKey });
    const b = await rpc('record_referral_click', { code, path: '/checkout' }, {}, { key: stack.serviceRoleKey });
    expect(a.body).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.body).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.body).not.toBe(a.body);
  });

  it('keeps the visitor hash from resellers: they read their clicks without it', async () => {
    const reseller = await signedInMember(stack, 'reader', 'Rita');
    await approvedPartner(reseller, 'reseller', 'Club reader');
    const [row] = await sql('select code from public.referral_codes where reseller_id = $1', [reseller.id]);
    await rpc('record_referral_click', { code: row!.code, path: '/patterns' });
    const seen = await reseller.db.from('referral_clicks').select('id, code, clicked_at, path');
    expect(seen.error).toBeNull();
    expect(seen.data).toHaveLength(1);
    expect((await reseller.db.from('referral_clicks').select('visitor')).error?.code).toBe('42501');
  });
});

describe('14: what the auth server tells about an address (backend/src/auth/README.md; sign-up, /recover and /otp are pinned in auth.test.ts and auth-attacks.test.ts)', () => {
  const PASSWORD = 'Member-test-9';
  const auth = (path: string, method: string, body: unknown, token = stack.anonKey) =>
    fetch(`${stack.url}/auth/v1${path}`, {
      method,
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: await res.json() }));

  it('a guest changing its email learns whether the address is registered: 422 email_exists, else 200', async () => {
    const registered = `taken-${Date.now()}@example.test`;
    await kit.createUser(stack, registered, PASSWORD);
    const guest = await auth('/signup', 'POST', {});
    expect(guest.status).toBe(200);
    const token = guest.body.access_token as string;
    const taken = await auth('/user', 'PUT', { email: registered }, token);
    expect(taken).toMatchObject({ status: 422, body: { code: 'email_exists' } });
    const free = await auth('/user', 'PUT', { email: `free-${Date.now()}@example.test` }, token);
    expect(free.status).toBe(200);
  });
});
