// The authenticator app guards every action, not only the browser. An account
// with a verified TOTP factor that signed in with the password alone holds an aal1 token; through
// the real PostgREST, storage and functions that token may not write anything, read anything
// private or run a member's RPC or function. The same account at aal2 may, and so may an account
// without a factor. A matrix: every member-writable table (insert, update, delete), every private
// read, every member RPC and function, each as
//   none  the account before it had an authenticator app (aal1, no factor)   → allowed
//   aal2  the same account after enrolling and entering a code               → allowed
//   aal1  the same account signed in again with the password alone           → refused, in words
// The factor is enrolled, challenged and verified through the real auth API with otpauth codes.
import crypto from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePatternPdf } from '../catalog-own-pdf.ts';
import * as kit from '../../../shared/src/testing/kit.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';

type Level = 'none' | 'aal2' | 'aal1';
type Row = Record<string, any>;
type Res = { status: number; body: any };
interface Persona {
  id: string;
  email: string;
  tokens: Partial<Record<Level, string>>;
  secret?: string;
  factorId?: string;
}

const PASSWORD = 'Second-factor-9';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const MFA_MESSAGE = /Enter a code from your authenticator app first/;

let stack: TestStack;
// member: a designer (store A), shop owner (shop C), wholesale buyer, supplier and reseller, and a
// buyer of store B; operator: staff; other: the designer of store B, who buys from store A (no factor).
let member: Persona;
let operator: Persona;
let other: Persona;
const S = { A: '', B: '', C: '' };
const P = { aPub: '', aDraft: '', bPub: '', bFree: '', bArchived: '', bCart: '' };
let liveKit = '';
let archivedKit = '';
let reviewOfPub = '';
let reviewOfArchived = '';
let otherOrder = '';
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

const sql = async (text: string, values: unknown[] = []): Promise<Row[]> => (await stack.pool.query(text, values)).rows;
const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

async function http(token: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res & { headers: Headers }> {
  const res = await fetch(`${stack.url}${url}`, {
    method,
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  const raw = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body: type.includes('json') && raw.length ? JSON.parse(raw.toString()) : raw };
}

const rest = (token: string, method: string, route: string, body?: unknown) =>
  http(token, method, `/rest/v1/${route}`, body, { prefer: 'return=representation' });
const rpc = (token: string, fn: string, args: unknown = {}) => http(token, 'POST', `/rest/v1/rpc/${fn}`, args);
const service = (method: string, route: string, body?: unknown) =>
  fetch(`${stack.url}/rest/v1/${route}`, {
    method,
    headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((r) => r.json());

async function storagePut(token: string, bucket: string, path: string, bytes: Uint8Array, type: string, upsert = false): Promise<Res> {
  const res = await fetch(`${stack.url}/storage/v1/object/${bucket}/${path}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': type, 'x-upsert': String(upsert) },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}
const servicePut = (bucket: string, path: string, bytes: Uint8Array, type: string) => storagePut(stack.serviceRoleKey, bucket, path, bytes, type, true);
async function storageGet(token: string, bucket: string, path: string): Promise<Res> {
  const res = await fetch(`${stack.url}/storage/v1/object/authenticated/${bucket}/${path}`, {
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}
const storageExists = async (bucket: string, path: string) => (await storageGet(stack.serviceRoleKey, bucket, path)).status === 200;

/** PostgREST's answer to an aal1 session of an account with an authenticator app: 403, 42501, the message and a hint. */
function expectRefusedInWords(res: Res): void {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.code).toBe('42501');
  expect(res.body.message).toMatch(MFA_MESSAGE);
  expect(res.body.hint).toMatch(/authenticator app/);
}
/** A function's answer: 403 with the code aal2_required and a readable message (each function keeps its envelope). */
function expectFunctionRefused(res: Res): void {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  const error = res.body.error ?? res.body;
  expect(error.code).toBe('aal2_required');
  expect(error.message).toMatch(MFA_MESSAGE);
}
function expectRows(res: Res): void {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.length, 'rows').toBeGreaterThan(0);
}

// ── The scene (as the platform, before any case) ──────────────────────────────────────────────
async function person(label: string): Promise<Persona> {
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@mfa.test`;
  const id = await kit.createUser(stack, email, PASSWORD, { display_name: label });
  return { id, email, tokens: { none: await kit.passwordToken(stack, email, PASSWORD) } };
}

async function store(owner: string, kind: string, plan = 'free'): Promise<string> {
  const [row] = await sql(
    `insert into public.stores (owner_id, slug, kind, name, currency, country, plan, address_line1, city, postal_code)
                           values ($1, $2, $3, $4, 'EUR', 'IE', $5, '1 Quay Street', 'Galway', 'H91 X2Y3') returning id`,
    [owner, `mfa-${kind}-${unique()}`, kind, `The ${kind} ${unique()}`, plan],
  );
  return row!.id as string;
}
async function pattern(storeId: string, status: string, price = 1200): Promise<string> {
  const [row] = await sql(
    `insert into public.patterns (store_id, title, craft, category, status, price_cents, currency)
                           values ($1, $2, 'sewing', 'dress', $3, $4, 'EUR') returning id`,
    [storeId, `Pattern ${unique()}`, status, price],
  );
  return row!.id as string;
}
async function paidOrder(buyer: Persona, patternId: string, storeId: string, extra: Row = {}): Promise<string> {
  const [order] = await sql(
    `insert into public.orders (buyer_id, buyer_email, currency, subtotal_cents, total_cents, reseller_id, referral_code)
                             values ($1, $2, 'EUR', 1200, 1200, $3, $4) returning id`,
    [buyer.id, buyer.email, extra.reseller_id ?? null, extra.referral_code ?? null],
  );
  await sql(
    `insert into public.order_items (order_id, pattern_id, store_id, unit_price_cents, currency, platform_fee_cents, commission_cents) values ($1, $2, $3, 1200, 'EUR', 240, $4)`,
    [order!.id, patternId, storeId, extra.commission_cents ?? 0],
  );
  await sql(`update public.orders set status = 'paid', paid_at = now() where id = $1`, [order!.id]);
  return order!.id as string;
}
async function review(author: Persona, patternId: string): Promise<string> {
  const [row] = await sql(
    `insert into public.reviews (pattern_id, entitlement_id, author_id, rating, body)
                           select e.pattern_id, e.id, e.user_id, 5, 'Fits well.' from public.entitlements e
                            where e.user_id = $1 and e.pattern_id = $2 and e.revoked_at is null returning id`,
    [author.id, patternId],
  );
  return row!.id as string;
}

async function scene(): Promise<void> {
  member = await person('member');
  operator = await person('operator');
  other = await person('other');
  for (const role of ['designer', 'retailer', 'wholesale', 'supplier', 'reseller']) {
    await sql(`insert into public.user_roles (user_id, role) values ($1, $2) on conflict do nothing`, [member.id, role]);
  }
  await sql(`insert into public.user_roles (user_id, role) values ($1, 'operator'), ($2, 'designer') on conflict do nothing`, [operator.id, other.id]);
  S.A = await store(member.id, 'designer', 'pro');
  S.C = await store(member.id, 'retailer', 'pro');
  S.B = await store(other.id, 'designer');
  P.aPub = await pattern(S.A, 'published');
  P.aDraft = await pattern(S.A, 'draft');
  P.bPub = await pattern(S.B, 'published', 900);
  P.bFree = await pattern(S.B, 'published', 0);
  P.bArchived = await pattern(S.B, 'published', 800);
  P.bCart = await pattern(S.B, 'published', 1500);
  // the member bought two of store B's patterns (one later archived), and has B's A4 file to download
  await paidOrder(member, P.bPub, S.B);
  await paidOrder(member, P.bArchived, S.B);
  await sql(`update public.patterns set status = 'archived' where id = $1`, [P.bArchived]);
  const pdf = await makePatternPdf('Harbour Dress', 2);
  const filePath = `${S.B}/${P.bPub}/a4/v1.pdf`;
  expect((await servicePut('pattern-files', filePath, pdf, 'application/pdf')).status).toBe(200);
  await sql(`insert into public.pattern_files (pattern_id, store_id, format, version, storage_path, size_bytes, sha256) values ($1, $2, 'a4', 1, $3, $4, $5)`, [
    P.bPub,
    S.B,
    filePath,
    pdf.byteLength,
    sha256(pdf),
  ]);
  await sql(`update public.patterns set formats = '{a4}' where id = $1`, [P.bPub]);
  await sql(`insert into public.pattern_versions (pattern_id, store_id, version, changes) values ($1, $2, 1, 'First release.')`, [P.bPub, S.B]);
  await sql(`insert into public.downloads (user_id, pattern_id, format, version) values ($1, $2, 'a4', 1)`, [member.id, P.bPub]);
  reviewOfPub = await review(member, P.bPub);
  reviewOfArchived = await review(member, P.bArchived);
  await sql(`insert into public.favourites (user_id, pattern_id) values ($1, $2)`, [member.id, P.bPub]);
  await sql(`insert into public.follows (follower_id, store_id) values ($1, $2)`, [member.id, S.B]);
  // store A sold to the other designer, through the member's referral link (a held commission)
  await sql(`insert into public.referral_codes (reseller_id, code) values ($1, 'MFACODE1')`, [member.id]);
  await sql(`insert into public.referral_clicks (code, path) values ('MFACODE1', '/patterns')`);
  otherOrder = await paidOrder(other, P.aPub, S.A, { reseller_id: member.id, referral_code: 'MFACODE1', commission_cents: 120 });
  // a real payout account and billing customer in the Stripe sandbox (the functions ask the provider about them)
  expect((await http(member.tokens.none!, 'POST', '/functions/v1/payout-account', { action: 'onboard' })).status).toBe(200);
  const customer = (await fetch(`${stack.stripe!.url}/v1/customers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.stripe!.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: member.email }),
  }).then((r) => r.json())) as { id: string };
  await sql(
    `insert into public.payout_transfers (order_item_id, order_id, recipient_id, store_id, amount_cents, currency)
             select i.id, i.order_id, $1, i.store_id, 1000, 'EUR' from public.order_items i where i.order_id = $2`,
    [member.id, otherOrder],
  );
  await sql(`insert into public.subscriptions (store_id, plan, status) values ($1, 'pro', 'active')`, [S.A]);
  await sql(`insert into public.billing_customers (store_id, provider_customer_id) values ($1, $2)`, [S.A, customer.id]);
  await sql(`insert into public.pattern_wholesale_prices (pattern_id, store_id, price_cents) values ($1, $2, 600)`, [P.aPub, S.A]);
  await sql(`insert into public.discount_codes (store_id, code, percent_off) values ($1, 'MFASPRING', 20)`, [S.A]);
  await sql(`insert into public.store_stock (store_id, pattern_id) values ($1, $2)`, [S.C, P.bPub]);
  await sql(`insert into public.pos_keys (store_id, name, prefix, key_hash) values ($1, 'Till', 'shpos_mfa000', $2)`, [S.C, 'd'.repeat(64)]);
  await sql(
    `insert into public.pos_sales (store_id, pattern_id, quantity, unit_price_cents, royalty_cents, currency, external_id, sold_at)
             values ($1, $2, 1, 1800, 700, 'EUR', 'till-mfa-1', now())`,
    [S.C, P.bPub],
  );
  await sql(`insert into public.pattern_views (pattern_id, day, views) values ($1, current_date, 3)`, [P.aPub]);
  await sql(
    `insert into public.partner_applications (user_id, kind, company, website, status) values ($1, 'reseller', 'Member Parcels', 'https://parcels.test', 'approved')`,
    [member.id],
  );
  const kits = await sql(
    `insert into public.kits (supplier_id, pattern_id, title, price_cents, currency, url, archived_at)
                          values ($1, $2, 'Linen kit', 3200, 'EUR', 'https://meadow.test/kits/linen', null),
                                 ($1, $2, 'Old kit', 3000, 'EUR', 'https://meadow.test/kits/old', now()) returning id, archived_at`,
    [member.id, P.bPub],
  );
  liveKit = kits.find((k) => k.archived_at === null)!.id as string;
  archivedKit = kits.find((k) => k.archived_at !== null)!.id as string;
  await sql(`insert into public.kit_clicks (kit_id, visitor) values ($1, 'mfa-visitor')`, [liveKit]);
  await sql(`insert into public.newsletter_subscribers (email) values ($1)`, [`reader-${unique()}@mfa.test`]);
  await sql(`insert into public.payment_events (provider, provider_event_id, type, payload) values ('sandbox', $1, 'checkout.session.completed', '{}')`, [
    `evt_mfa_${unique()}`,
  ]);
  expect((await servicePut('avatars', `${member.id}/me.png`, PNG, 'image/png')).status).toBe(200);
  expect((await servicePut('pattern-images', `${S.A}/${P.aPub}/cover.png`, PNG, 'image/png')).status).toBe(200);
  expect((await servicePut('wholesale-documents', `${member.id}/licence.pdf`, pdf, 'application/pdf')).status).toBe(200);
}

/** A call to the auth API (/auth/v1) with the anon key or a session's token. */
const auth = (token: string | null, method: string, path: string, body?: unknown) => http(token ?? stack.anonKey, method, `/auth/v1${path}`, body);
const totpOf = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });

/** Challenges the factor and verifies a code from the app: the session becomes aal2 (GoTrue's answer is its new session). */
async function verifyCode(token: string, factorId: string, secret: string): Promise<Row> {
  const challenge = await auth(token, 'POST', `/factors/${factorId}/challenge`, {});
  expect(challenge.status, JSON.stringify(challenge.body)).toBe(200);
  const verified = await auth(token, 'POST', `/factors/${factorId}/verify`, { challenge_id: challenge.body.id, code: totpOf(secret).generate() });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verified.body;
}

/** Enrols a TOTP factor through the auth API (enrol, challenge, verify with the app's code): that session is aal2. */
async function enrol(p: Persona): Promise<void> {
  const session = await kit.passwordSession(stack, p.email, PASSWORD);
  const factor = await auth(session.access_token, 'POST', '/factors', { factor_type: 'totp', friendly_name: 'Phone' });
  expect(factor.status, JSON.stringify(factor.body)).toBe(200);
  p.secret = factor.body.totp.secret as string;
  p.factorId = factor.body.id as string;
  p.tokens.aal2 = (await verifyCode(session.access_token, p.factorId, p.secret)).access_token as string;
  expect(claims(p.tokens.aal2).aal).toBe('aal2');
  // the password alone, on another device: aal1 of an account that has an authenticator app
  p.tokens.aal1 = await kit.passwordToken(stack, p.email, PASSWORD);
  expect(claims(p.tokens.aal1).aal).toBe('aal1');
}
const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { aal: string; sub: string };

// ── The matrix ────────────────────────────────────────────────────────────────────────────────
interface Case {
  name: string;
  who?: () => Persona;
  /** the attempt with the caller's token (each attempt makes its own rows) */
  run: (token: string, level: Level) => Promise<Res>;
  /** allowed (none, aal2) */
  ok: (res: Res, level: Level) => void | Promise<void>;
  /** refused (aal1); the default is PostgREST's 403 42501 in words */
  refused?: (res: Res) => void | Promise<void>;
}

const okStatus =
  (...statuses: number[]) =>
  (res: Res) =>
    expect(statuses, JSON.stringify(res.body)).toContain(res.status);
const okOneRow = (res: Res) => {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  expect(res.body).toHaveLength(1);
};
/** A table no member writes at any level: PostgREST's 403 42501 for the missing privilege. */
const noMemberWrite = (table: string) => (res: Res) => {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body).toMatchObject({ code: '42501', message: `permission denied for table ${table}` });
};

async function freshPattern(storeId: string, status = 'draft') {
  return pattern(storeId, status);
}
async function ensurePendingWholesale(userId: string, storeId: string | null): Promise<string> {
  await sql(`delete from public.wholesale_accounts where user_id = $1`, [userId]);
  const [row] = await sql(
    `insert into public.wholesale_accounts (user_id, store_id, business_name, tax_id, address_line1, city, postal_code, country, status)
                           values ($1, $2, 'Quay Fabrics Ltd', 'IE1234567T', '1 Quay Street', 'Galway', 'H91 X2Y3', 'IE', 'pending') returning id`,
    [userId, storeId],
  );
  return row!.id as string;
}
async function ensurePendingApplication(userId: string, kind: string): Promise<string> {
  await sql(`delete from public.partner_applications where user_id = $1 and kind = $2`, [userId, kind]);
  const [row] = await sql(
    `insert into public.partner_applications (user_id, kind, company, website, status) values ($1, $2, 'Quay Kits', 'https://quay.test', 'pending') returning id`,
    [userId, kind],
  );
  return row!.id as string;
}
/** A pattern of store B the member owns and has not reviewed (a review needs a right to it). */
async function entitledPattern(): Promise<{ patternId: string; entitlementId: string }> {
  const patternId = await pattern(S.B, 'published');
  const [e] = await sql(`insert into public.entitlements (user_id, pattern_id, source) values ($1, $2, 'grant') returning id`, [member.id, patternId]);
  return { patternId, entitlementId: e!.id as string };
}

const writes: Case[] = [
  {
    name: 'profiles: update one’s name',
    run: (t, l) => rest(t, 'PATCH', `profiles?id=eq.${member.id}`, { display_name: `Renamed ${l}` }),
    ok: okOneRow,
    refused: async (res) => {
      expectRefusedInWords(res);
      expect((await sql(`select display_name from public.profiles where id = $1`, [member.id]))[0]!.display_name).not.toBe('Renamed aal1');
    },
  },
  {
    name: 'user_roles: add a role',
    run: async (t) => {
      await sql(`delete from public.user_roles where user_id = $1 and role = 'maker'`, [member.id]);
      return rest(t, 'POST', 'user_roles', { user_id: member.id, role: 'maker' });
    },
    ok: okStatus(201),
  },
  {
    name: 'user_roles: drop a role',
    run: async (t) => {
      await sql(`insert into public.user_roles (user_id, role) values ($1, 'maker') on conflict do nothing`, [member.id]);
      return rest(t, 'DELETE', `user_roles?user_id=eq.${member.id}&role=eq.maker`);
    },
    ok: okOneRow,
  },
  {
    name: 'stores: open a store',
    run: (t) => rest(t, 'POST', 'stores', { owner_id: member.id, slug: `mfa-new-${unique()}`, kind: 'designer', name: 'Second studio' }),
    ok: okStatus(201),
  },
  {
    name: 'stores: edit one’s store',
    run: (t, l) => rest(t, 'PATCH', `stores?id=eq.${S.A}`, { bio: `Edited at ${l}` }),
    ok: okOneRow,
    refused: async (res) => {
      expectRefusedInWords(res);
      expect((await sql(`select bio from public.stores where id = $1`, [S.A]))[0]!.bio).not.toBe('Edited at aal1');
    },
  },
  { name: 'stores: close a store', run: async (t) => rest(t, 'DELETE', `stores?id=eq.${await store(member.id, 'designer')}`), ok: okOneRow },
  {
    name: 'patterns: add a draft',
    run: (t) => rest(t, 'POST', 'patterns', { store_id: S.A, title: `Draft ${unique()}`, craft: 'sewing', category: 'dress' }),
    ok: okStatus(201),
  },
  { name: 'patterns: edit', run: (t, l) => rest(t, 'PATCH', `patterns?id=eq.${P.aDraft}`, { description: `Edited at ${l}` }), ok: okOneRow },
  { name: 'patterns: delete a draft', run: async (t) => rest(t, 'DELETE', `patterns?id=eq.${await freshPattern(S.A)}`), ok: okOneRow },
  {
    name: 'pattern_wholesale_prices: set',
    run: async (t) => rest(t, 'POST', 'pattern_wholesale_prices', { pattern_id: await freshPattern(S.A, 'published'), store_id: S.A, price_cents: 500 }),
    ok: okStatus(201),
  },
  {
    name: 'pattern_wholesale_prices: change',
    run: (t) => rest(t, 'PATCH', `pattern_wholesale_prices?pattern_id=eq.${P.aPub}`, { price_cents: 650 }),
    ok: okOneRow,
  },
  {
    name: 'pattern_wholesale_prices: remove',
    run: async (t) => {
      const pid = await freshPattern(S.A, 'published');
      await sql(`insert into public.pattern_wholesale_prices (pattern_id, store_id, price_cents) values ($1, $2, 400)`, [pid, S.A]);
      return rest(t, 'DELETE', `pattern_wholesale_prices?pattern_id=eq.${pid}`);
    },
    ok: okOneRow,
  },
  // pattern_files are no member's to write at any level: rpc attach_pattern_file
  // (below, with the second-factor check) writes the list from what storage stored.
  {
    name: 'pattern_files: add directly (nobody; attach_pattern_file does)',
    run: async (t) => {
      const pid = await freshPattern(S.A);
      return rest(t, 'POST', 'pattern_files', {
        pattern_id: pid,
        store_id: S.A,
        format: 'a4',
        version: 1,
        storage_path: `${S.A}/${pid}/a4/v1.pdf`,
        size_bytes: 2048,
        sha256: 'b'.repeat(64),
      });
    },
    ok: noMemberWrite('pattern_files'),
    refused: noMemberWrite('pattern_files'),
  },
  {
    name: 'pattern_files: change and remove directly (nobody)',
    run: async (t) => {
      const pid = await freshPattern(S.A);
      await sql(
        `insert into public.pattern_files (pattern_id, store_id, format, version, storage_path, size_bytes, sha256) values ($1, $2, 'a0', 1, $3, 10, $4)`,
        [pid, S.A, `${S.A}/${pid}/a0/v1.pdf`, 'c'.repeat(64)],
      );
      noMemberWrite('pattern_files')(await rest(t, 'PATCH', `pattern_files?pattern_id=eq.${pid}`, { changelog: 'Fixed the notches', size_bytes: 4242 }));
      const removed = await rest(t, 'DELETE', `pattern_files?pattern_id=eq.${pid}`);
      expect(await sql(`select changelog, size_bytes::int as size from public.pattern_files where pattern_id = $1`, [pid])).toEqual([
        { changelog: '', size: 10 },
      ]);
      return removed;
    },
    ok: noMemberWrite('pattern_files'),
    refused: noMemberWrite('pattern_files'),
  },
  {
    name: 'store_stock: stock, count and drop a pattern',
    run: async (t) => {
      const pid = await freshPattern(S.B, 'published');
      const added = await rest(t, 'POST', 'store_stock', { store_id: S.C, pattern_id: pid });
      if (added.status >= 300) return added;
      const counted = await rest(t, 'PATCH', `store_stock?store_id=eq.${S.C}&pattern_id=eq.${pid}`, { printed_copies: 4 });
      if (counted.status >= 300) return counted;
      return rest(t, 'DELETE', `store_stock?store_id=eq.${S.C}&pattern_id=eq.${pid}`);
    },
    ok: okOneRow,
  },
  {
    name: 'wholesale_accounts: apply',
    run: async (t) => {
      await sql(`delete from public.wholesale_accounts where user_id = $1`, [member.id]);
      return rest(t, 'POST', 'wholesale_accounts', {
        user_id: member.id,
        store_id: S.C,
        business_name: 'Quay Fabrics Ltd',
        tax_id: 'IE1234567T',
        address_line1: '1 Quay Street',
        city: 'Galway',
        postal_code: 'H91 X2Y3',
        country: 'IE',
      });
    },
    ok: okStatus(201),
  },
  {
    name: 'wholesale_accounts: edit while pending',
    run: async (t) => {
      const id = await ensurePendingWholesale(member.id, S.C);
      return rest(t, 'PATCH', `wholesale_accounts?id=eq.${id}`, { business_name: 'Quay Fabrics Group' });
    },
    ok: okOneRow,
  },
  {
    name: 'wholesale_accounts: withdraw',
    run: async (t) => rest(t, 'DELETE', `wholesale_accounts?id=eq.${await ensurePendingWholesale(member.id, S.C)}`),
    ok: okOneRow,
  },
  {
    name: 'partner_applications: apply',
    run: async (t) => {
      await sql(`delete from public.partner_applications where user_id = $1 and kind = 'supplier'`, [member.id]);
      return rest(t, 'POST', 'partner_applications', { user_id: member.id, kind: 'supplier', company: 'Quay Kits', website: 'https://quay.test' });
    },
    ok: okStatus(201),
  },
  {
    name: 'partner_applications: edit while pending',
    run: async (t) => {
      const id = await ensurePendingApplication(member.id, 'supplier');
      return rest(t, 'PATCH', `partner_applications?id=eq.${id}`, { company: 'Quay Kit Co' });
    },
    ok: okOneRow,
  },
  {
    name: 'partner_applications: withdraw',
    run: async (t) => rest(t, 'DELETE', `partner_applications?id=eq.${await ensurePendingApplication(member.id, 'supplier')}`),
    ok: okOneRow,
  },
  {
    name: 'pos_keys: rename a till key',
    run: (t, l) => rest(t, 'PATCH', `pos_keys?store_id=eq.${S.C}&prefix=eq.shpos_mfa000`, { name: `Till ${l}` }),
    ok: okOneRow,
  },
  {
    name: 'discount_codes: a 100 % code',
    run: (t) => rest(t, 'POST', 'discount_codes', { store_id: S.A, code: `FREE${unique().toUpperCase()}`.slice(0, 20), percent_off: 100 }),
    ok: okStatus(201),
    refused: async (res) => {
      expectRefusedInWords(res);
      expect(await sql(`select 1 from public.discount_codes where store_id = $1 and percent_off = 100`, [S.A])).toHaveLength(2); // the none and aal2 ones
    },
  },
  {
    name: 'discount_codes: change and delete',
    run: async (t) => {
      const [code] = await sql(`insert into public.discount_codes (store_id, code, percent_off) values ($1, $2, 10) returning id`, [
        S.A,
        `TEN${unique().toUpperCase()}`.slice(0, 20),
      ]);
      const changed = await rest(t, 'PATCH', `discount_codes?id=eq.${code!.id}`, { percent_off: 100 });
      if (changed.status >= 300) return changed;
      return rest(t, 'DELETE', `discount_codes?id=eq.${code!.id}`);
    },
    ok: okOneRow,
  },
  {
    name: 'kits: list and edit a kit',
    run: async (t) => {
      const added = await rest(t, 'POST', 'kits', {
        pattern_id: P.bPub,
        title: `Kit ${unique()}`,
        price_cents: 2500,
        currency: 'EUR',
        url: 'https://meadow.test/kits/new',
      });
      if (added.status >= 300) return added;
      return rest(t, 'PATCH', `kits?id=eq.${added.body[0].id}`, { price_cents: 2400 });
    },
    ok: okOneRow,
  },
  {
    name: 'reviews: write, edit and delete a review',
    run: async (t) => {
      const { patternId, entitlementId } = await entitledPattern();
      const added = await rest(t, 'POST', 'reviews', { pattern_id: patternId, entitlement_id: entitlementId, rating: 4, body: 'Clear instructions.' });
      if (added.status >= 300) return added;
      const edited = await rest(t, 'PATCH', `reviews?id=eq.${added.body[0].id}`, { body: 'Clear instructions, roomy fit.' });
      if (edited.status >= 300) return edited;
      return rest(t, 'DELETE', `reviews?id=eq.${added.body[0].id}`);
    },
    ok: okOneRow,
  },
  {
    name: 'review_replies: the store answers a review',
    run: async (t) => {
      const pid = await pattern(S.A, 'published');
      await sql(`insert into public.entitlements (user_id, pattern_id, source) values ($1, $2, 'grant')`, [other.id, pid]);
      const reviewId = await review(other, pid);
      return rest(t, 'POST', 'review_replies', { review_id: reviewId, store_id: S.A, body: 'Thank you!' });
    },
    ok: okStatus(201),
  },
  {
    name: 'favourites: heart and un-heart',
    run: async (t) => {
      const pid = await pattern(S.B, 'published');
      const added = await rest(t, 'POST', 'favourites', { user_id: member.id, pattern_id: pid });
      if (added.status >= 300) return added;
      return rest(t, 'DELETE', `favourites?pattern_id=eq.${pid}`);
    },
    ok: okOneRow,
  },
  {
    name: 'follows: follow and unfollow',
    run: async (t) => {
      const sid = await store(other.id, 'designer');
      const added = await rest(t, 'POST', 'follows', { follower_id: member.id, store_id: sid });
      if (added.status >= 300) return added;
      return rest(t, 'DELETE', `follows?store_id=eq.${sid}`);
    },
    ok: okOneRow,
  },
  // it reports each pattern's outcome: the refusal is the pattern's message
  {
    name: 'change_patterns_status (as the caller): archive a pattern',
    run: async (t) => rpc(t, 'change_patterns_status', { pattern_ids: [await freshPattern(S.A, 'published')], status: 'archived' }),
    ok: (res) => {
      okStatus(200)(res);
      expect(res.body[0]).toMatchObject({ ok: true });
    },
    refused: (res) => {
      okStatus(200)(res);
      expect(res.body[0]).toMatchObject({ ok: false, message: expect.stringMatching(MFA_MESSAGE) });
    },
  },
];

const storageRefused = (res: Res) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ statusCode: '403', code: 'AccessDenied', message: expect.stringMatching(MFA_MESSAGE) });
};
const storageCases: Case[] = [
  {
    name: 'storage: upload an avatar',
    run: (t, l) => storagePut(t, 'avatars', `${member.id}/${l}-${unique()}.png`, PNG, 'image/png'),
    ok: okStatus(200),
    refused: storageRefused,
  },
  {
    name: 'storage: replace an avatar',
    run: (t) => storagePut(t, 'avatars', `${member.id}/me.png`, PNG, 'image/png', true),
    ok: okStatus(200),
    refused: storageRefused,
  },
  {
    name: 'storage: upload a pattern image',
    run: (t) => storagePut(t, 'pattern-images', `${S.A}/${P.aPub}/gallery-${unique()}.png`, PNG, 'image/png'),
    ok: okStatus(200),
    refused: storageRefused,
  },
  {
    name: 'storage: delete a picture',
    run: async (t) => {
      const path = `${member.id}/old-${unique()}.png`;
      await servicePut('avatars', path, PNG, 'image/png');
      const res = await fetch(`${stack.url}/storage/v1/object/avatars/${path}`, {
        method: 'DELETE',
        headers: { apikey: stack.anonKey, authorization: `Bearer ${t}` },
      });
      return { status: res.status, body: { ...(await res.json().catch(() => ({}))), path } };
    },
    ok: async (res) => {
      expect(res.status).toBe(200);
      expect(await storageExists('avatars', res.body.path)).toBe(false);
    },
    refused: async (res) => {
      storageRefused(res);
      expect(await storageExists('avatars', res.body.path)).toBe(true);
    },
  },
];

/** Private reads: rows at none/aal2, nothing at aal1 (row-level security hides them, it does not fail). */
const privateRead = (name: string, route: string, who: () => Persona = () => member, prepare?: () => Promise<unknown>): Case => ({
  name: `private read: ${name}`,
  who,
  run: async (t) => {
    await prepare?.();
    return rest(t, 'GET', fill(route));
  },
  ok: expectRows,
  refused: (res) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual([]);
  },
});
const reads: Case[] = [
  privateRead('profiles', 'profiles?id=eq.$member'),
  privateRead('user_roles', 'user_roles?user_id=eq.$member'),
  privateRead('orders (as the buyer)', 'orders?buyer_id=eq.$member'),
  privateRead('order_items', 'order_items?store_id=eq.$A'),
  privateRead('entitlements', 'entitlements?user_id=eq.$member'),
  privateRead('downloads', 'downloads?user_id=eq.$member'),
  privateRead('subscriptions', 'subscriptions?store_id=eq.$A'),
  privateRead('billing_customers', 'billing_customers?store_id=eq.$A'),
  privateRead(
    'wholesale_accounts',
    'wholesale_accounts?user_id=eq.$member',
    () => member,
    () => ensurePendingWholesale(member.id, S.C),
  ),
  privateRead('partner_applications', 'partner_applications?user_id=eq.$member&kind=eq.reseller'),
  privateRead('pos_keys', 'pos_keys?store_id=eq.$C'),
  privateRead('pos_sales', 'pos_sales?store_id=eq.$C'),
  privateRead('discount_codes', 'discount_codes?store_id=eq.$A&code=eq.MFASPRING'),
  privateRead('payout_accounts', 'payout_accounts?user_id=eq.$member'),
  privateRead('payout_transfers', 'payout_transfers?recipient_id=eq.$member'),
  privateRead('referral_codes', 'referral_codes?reseller_id=eq.$member'),
  privateRead('referral_clicks', 'referral_clicks?select=id,code&code=eq.MFACODE1'),
  privateRead('reseller_commissions (a view)', 'reseller_commissions?reseller_id=eq.$member'),
  privateRead('kit_clicks', 'kit_clicks?select=kit_id&kit_id=eq.$liveKit'),
  privateRead('pattern_views', 'pattern_views?pattern_id=eq.$aPub'),
  privateRead('report_sales_daily', 'report_sales_daily?store_id=eq.$A'),
  privateRead('reports', 'reports?slug=eq.sales'),
  privateRead('favourites', 'favourites?user_id=eq.$member'),
  privateRead('follows', 'follows?follower_id=eq.$member'),
  privateRead('pattern_files (a bought file)', 'pattern_files?pattern_id=eq.$bPub'),
  privateRead('pattern_wholesale_prices', 'pattern_wholesale_prices?pattern_id=eq.$aPub'),
  privateRead('patterns (a draft)', 'patterns?id=eq.$aDraft'),
  privateRead('patterns (archived, bought)', 'patterns?id=eq.$bArchived'),
  privateRead('kits (one’s archived kit)', 'kits?id=eq.$archivedKit'),
  privateRead('reviews (one’s review of an archived pattern)', 'reviews?id=eq.$reviewOfArchived'),
  privateRead('newsletter_subscribers (operator)', 'newsletter_subscribers', () => operator),
  privateRead('payment_events (operator)', 'payment_events', () => operator),
  {
    name: 'private read: storage, a wholesale document',
    run: (t) => storageGet(t, 'wholesale-documents', `${member.id}/licence.pdf`),
    ok: okStatus(200),
    refused: (res) => expect([400, 404]).toContain(res.status),
  },
];
/** What a visitor reads stays readable at aal1: the catalog works before the code is entered. */
const publicRead = (name: string, route: string): Case => ({
  name: `public read: ${name}`,
  run: (t) => rest(t, 'GET', fill(route)),
  ok: expectRows,
  refused: expectRows,
});
const publicReads: Case[] = [
  publicRead('a published pattern of one’s own store', 'patterns?id=eq.$aPub'),
  publicRead('one’s store', 'stores?id=eq.$A'),
  publicRead('a shop’s stock', 'store_stock?store_id=eq.$C'),
  publicRead('a live kit', 'kits?id=eq.$liveKit'),
  publicRead('a review of a published pattern', 'reviews?id=eq.$reviewOfPub'),
  publicRead('versions of a published pattern', 'pattern_versions?pattern_id=eq.$bPub'),
  publicRead('VAT rates', 'vat_rates?limit=1'),
  {
    name: 'public read: storage, a pattern image',
    run: (t) => storageGet(t, 'pattern-images', `${S.A}/${P.aPub}/cover.png`),
    ok: okStatus(200),
    refused: okStatus(200),
  },
  { name: 'public read: search (an RPC a visitor calls)', run: (t) => rpc(t, 'search_patterns', { q: '' }), ok: okStatus(200), refused: okStatus(200) },
];

const today = new Date().toISOString().slice(0, 10);
const rpcs: Case[] = [
  {
    name: 'rpc create_pos_key',
    run: (t) => rpc(t, 'create_pos_key', { store_id: S.C, name: 'Second till' }),
    ok: (res) => {
      okStatus(200)(res);
      expect(res.body.key).toMatch(/^shpos_/);
    },
  },
  { name: 'rpc claim_free_pattern', run: (t) => rpc(t, 'claim_free_pattern', { pattern_id: P.bFree }), ok: okStatus(200) },
  {
    name: 'rpc attach_pattern_file',
    run: async (t) => {
      const pid = await freshPattern(S.A);
      const pdf = await makePatternPdf('Attached', 1);
      expect((await servicePut('pattern-files', `${S.A}/${pid}/a4/v1.pdf`, pdf, 'application/pdf')).status).toBe(200);
      return rpc(t, 'attach_pattern_file', { pattern_id: pid, format: 'a4', version: 1, size_bytes: pdf.byteLength, sha256: sha256(pdf), changes: '' });
    },
    ok: okStatus(200),
  },
  { name: 'rpc record_download', run: (t) => rpc(t, 'record_download', { pattern_id: P.bPub, format: 'a4' }), ok: okStatus(200) },
  { name: 'rpc request_refund (the store refunds a line)', run: (t) => rpc(t, 'request_refund', { order_id: otherOrder }), ok: okStatus(200) },
  { name: 'rpc download_allowance', run: (t) => rpc(t, 'download_allowance', { pattern_id: P.bPub }), ok: okStatus(200) },
  { name: 'rpc my_library', run: (t) => rpc(t, 'my_library'), ok: expectRows },
  { name: 'rpc pos_settlement', run: (t) => rpc(t, 'pos_settlement', {}), ok: expectRows },
  { name: 'rpc recovery_codes_left', run: (t) => rpc(t, 'recovery_codes_left'), ok: okStatus(200) },
  { name: 'rpc report_sales (every report reads report_window)', run: (t) => rpc(t, 'report_sales', { p_from: '2020-01-01', p_to: today }), ok: expectRows },
  { name: 'rpc report_in_shop_sales', run: (t) => rpc(t, 'report_in_shop_sales', { p_from: '2020-01-01', p_to: today }), ok: okStatus(200) },
  {
    name: 'rpc review_partner_application (operator)',
    who: () => operator,
    run: async (t) => rpc(t, 'review_partner_application', { p_application: await ensurePendingApplication(other.id, 'supplier'), p_decision: 'approve' }),
    ok: okStatus(200),
  },
  {
    name: 'rpc review_wholesale_application (operator)',
    who: () => operator,
    run: async (t) => rpc(t, 'review_wholesale_application', { p_application: await ensurePendingWholesale(other.id, null), p_decision: 'approve' }),
    ok: okStatus(200),
  },
];

const fn = (token: string, name: string, body: unknown) => http(token, 'POST', `/functions/v1/${name}`, body);
const functionCases: Case[] = (
  [
    {
      name: 'function export (the whole account’s plan; its copies come from download)',
      run: (t) => fn(t, 'export', {}),
      ok: (res) => {
        expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
        expect(res.body.upload.token).toEqual(expect.any(String));
        expect(Array.isArray(res.body.patterns)).toBe(true);
      },
    },
    {
      name: 'function payout-account (an onboarding link)',
      run: (t) => fn(t, 'payout-account', { action: 'onboard' }),
      ok: (res) => {
        okStatus(200)(res);
        expect(res.body.url).toMatch(/^http/);
      },
    },
    {
      name: 'function download (a stamped copy)',
      run: (t) => http(t, 'GET', `/functions/v1/download/${P.bPub}?format=a4`),
      ok: (res) => {
        expect(res.status, String(res.body).slice(0, 300)).toBe(200);
        expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
      },
    },
    { name: 'function report-export', run: (t) => http(t, 'GET', `/functions/v1/report-export?report=sales&from=2020-01-01&to=${today}`), ok: okStatus(200) },
    {
      name: 'function invoice (an order that is not theirs)',
      run: (t) => http(t, 'GET', `/functions/v1/invoice?order_id=${crypto.randomUUID()}`),
      ok: (res) => {
        expect(res.status, JSON.stringify(res.body)).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      },
    },
    {
      name: 'function checkout (a priced cart)',
      run: (t) => fn(t, 'checkout', { items: [{ pattern_id: P.bCart, quantity: 1 }], country: 'DE', preview: true }),
      ok: okStatus(200),
    },
    {
      name: 'function refund',
      run: (t) => fn(t, 'refund', { order_id: crypto.randomUUID() }),
      ok: (res) => {
        expect(res.status, JSON.stringify(res.body)).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      },
    },
    {
      name: 'function billing (the plan’s portal)',
      run: (t) => fn(t, 'billing', { action: 'portal', store_id: S.A }),
      ok: (res) => {
        okStatus(200)(res);
        expect(res.body.url).toMatch(/^http/);
      },
    },
    {
      name: 'function pattern-updated',
      run: (t) => fn(t, 'pattern-updated', { pattern_id: P.aPub, version: 99 }),
      ok: (res) => {
        expect(res.status, JSON.stringify(res.body)).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      },
    },
    {
      name: 'function pattern-formats (no master uploaded)',
      run: (t) => fn(t, 'pattern-formats', { pattern_id: P.aPub, step: 'check', master_version: 99 }),
      ok: (res) => {
        expect(res.status, JSON.stringify(res.body)).toBe(404);
        expect(res.body.error.code).toBe('master_missing');
      },
    },
    {
      name: 'function pos-import (a shop’s CSV)',
      run: (t) => fn(t, 'pos-import', { store_id: S.C, rows: [{ pattern_id: P.bPub, quantity: '1', unit_price: '18.00', sold_at: `${today}T10:00:00Z` }] }),
      ok: okStatus(200),
    },
    {
      name: 'function delete-account (the password is checked next)',
      run: (t) => fn(t, 'delete-account', { password: 'not-the-password' }),
      ok: (res) => {
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('wrong_password');
      },
    },
    {
      name: 'function wholesale-review (operator)',
      who: () => operator,
      run: async (t) => fn(t, 'wholesale-review', { application_id: await ensurePendingWholesale(other.id, null), decision: 'approve' }),
      ok: okStatus(200),
    },
    {
      name: 'function partner-review (operator)',
      who: () => operator,
      run: async (t) => fn(t, 'partner-review', { application_id: await ensurePendingApplication(other.id, 'supplier'), decision: 'approve' }),
      ok: okStatus(200),
    },
  ] as Case[]
).map((c) => ({ ...c, refused: expectFunctionRefused }));

const MATRIX: Case[] = [...reads, ...publicReads, ...writes, ...storageCases, ...rpcs, ...functionCases];

/** Routes name the scene's rows as $member, $A, $aPub … (filled in once the scene exists). */
function fill(route: string): string {
  const values: Record<string, string> = {
    member: member.id,
    otherOrder,
    A: S.A,
    B: S.B,
    C: S.C,
    ...P,
    liveKit,
    archivedKit,
    reviewOfPub,
    reviewOfArchived,
  };
  return route.replace(/\$([A-Za-z]+)/g, (_, key: string) => {
    if (!(key in values)) throw new Error(`unknown scene name $${key}`);
    return values[key]!;
  });
}
function attempt(c: Case, level: Level): Promise<Res> {
  const token = (c.who ?? (() => member))().tokens[level];
  if (!token) throw new Error(`no ${level} token`);
  return c.run(token, level);
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await scene();
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe.each([
  ['none', 'an account without an authenticator app: allowed'],
  ['aal2', 'the same account with an authenticator app, after its code (aal2): allowed'],
  ['aal1', 'the same account signed in with the password alone (aal1): refused in words'],
] as [Level, string][])('%s — %s', (level) => {
  beforeAll(async () => {
    if (level === 'aal2') {
      await enrol(member);
      await enrol(operator);
    }
  }, 60_000);

  it.each(MATRIX.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const res = await attempt(c, level);
    if (level === 'aal1') await (c.refused ?? expectRefusedInWords)(res);
    else await c.ok(res, level);
  });
});

describe('what keeps working at aal1', () => {
  it('a recovery code lifts an aal1 session to aal2 (the step itself is not refused)', async () => {
    const codes = await rpc(member.tokens.aal2!, 'create_recovery_codes');
    expect(codes.status, JSON.stringify(codes.body)).toBe(200);
    const session = await kit.passwordSession(stack, member.email, PASSWORD);
    const used = await rpc(session.access_token, 'use_recovery_code', { p_code: codes.body[0] });
    expect(used, JSON.stringify(used.body)).toMatchObject({ status: 200, body: true });
    const refreshed = await auth(null, 'POST', '/token?grant_type=refresh_token', { refresh_token: session.refresh_token });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(claims(refreshed.body.access_token).aal).toBe('aal2');
    expect((await rest(refreshed.body.access_token, 'PATCH', `stores?id=eq.${S.A}`, { bio: 'After a recovery code' })).status).toBe(200);
  });

  it('the sign-in screen’s steps work at aal1: read the account’s factors, challenge, verify a code', async () => {
    const session = await kit.passwordSession(stack, member.email, PASSWORD);
    const user = await auth(session.access_token, 'GET', '/user');
    expect(user.body.factors.filter((f: Row) => f.status === 'verified').map((f: Row) => f.id)).toEqual([member.factorId]);
    // a fresh 30-second step: a code already used is refused
    await new Promise((done) => setTimeout(done, 30_200 - (Date.now() % 30_000)));
    const aal2 = await verifyCode(session.access_token, member.factorId!, member.secret!);
    expect((await rest(aal2.access_token as string, 'GET', `discount_codes?store_id=eq.${S.A}&code=eq.MFASPRING`)).body).toHaveLength(1);
  }, 45_000);

  it('the service role is never asked for a second factor', async () => {
    const rows = await service('GET', `discount_codes?store_id=eq.${S.A}`);
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('coverage', () => {
  it('every member write policy has a restrictive second-factor policy beside it, and every private read too', async () => {
    const policies =
      await sql(`select schemaname, tablename, cmd, permissive, roles::text[] as roles, coalesce(qual, '') as qual, coalesce(with_check, '') as with_check
                                  from pg_policies where schemaname in ('public', 'storage')`);
    const guarded = (schema: string, table: string, cmd: string) =>
      policies.some(
        (p) =>
          p.schemaname === schema &&
          p.tablename === table &&
          p.permissive === 'RESTRICTIVE' &&
          p.cmd === cmd &&
          `${p.qual} ${p.with_check}`.includes('mfa_satisfied'),
      );
    const missing: string[] = [];
    for (const p of policies) {
      if (p.permissive !== 'PERMISSIVE' || !(p.roles as string[]).some((r) => r === 'authenticated' || r === 'public')) continue;
      const cmds = p.cmd === 'ALL' ? ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] : [p.cmd as string];
      for (const cmd of cmds) {
        if (cmd === 'SELECT' && p.qual === 'true') continue; // every visitor reads it all
        if (!guarded(p.schemaname, p.tablename, cmd)) missing.push(`${p.schemaname}.${p.tablename} ${cmd} (${p.policyname ?? ''})`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('every security-definer RPC a member may call checks the second factor, except the listed helpers and public RPCs', async () => {
    // policy helpers (they answer a boolean or ids), the visitor's RPCs, the MFA step itself
    const aal1Allowed = new Set([
      'buyer_shares_email',
      'convert_price',
      'currency_rate_micros',
      'entitled_to_pattern_path',
      'has_entitlement',
      'has_role',
      'has_verified_totp',
      'is_approved_reseller',
      'is_operator',
      'is_supplier',
      'is_wholesale_buyer',
      'may_reply',
      'may_review',
      'may_upload_review_photo',
      'mfa_satisfied',
      'mfa_satisfied_or_refuse',
      'require_mfa',
      'my_entitled_pattern_ids',
      'my_order_ids',
      'my_pattern_ids',
      'my_store_ids',
      'my_store_order_ids',
      'owns_pattern_path',
      'owns_store',
      'partner_directory',
      'pattern_is_published',
      'pattern_reviews',
      'record_kit_click',
      'record_pattern_view',
      'record_referral_click',
      'search_facet_counts',
      'search_patterns',
      'store_follower_count',
      'store_slug_status',
      'suggest_patterns',
      'supplier_name',
      'use_recovery_code',
      'create_recovery_codes',
    ]);
    const functions = await sql(`select p.proname, p.prosrc from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                                  where n.nspname = 'public' and p.prosecdef and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
                                    and has_function_privilege('authenticated', p.oid, 'execute')`);
    const unchecked = functions.filter((f) => !aal1Allowed.has(f.proname as string) && !(f.prosrc as string).includes('require_mfa')).map((f) => f.proname);
    expect(unchecked).toEqual([]);
  });
});
