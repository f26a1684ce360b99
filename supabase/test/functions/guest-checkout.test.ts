// Guest checkout: an anonymous sign-in (config.toml enable_anonymous_sign_ins) buys
// with just an email through the real checkout function and the Stripe sandbox, reads its own
// order and entitlement through PostgREST, and is kept by row-level security from every member
// write (stores, roles, wholesale and partner applications, discount codes, uploads). After
// updateUser({ email, password }) and the email link the same user id keeps the purchase.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHelpers, newEmail } from '../../../backend/test/auth-client.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { signedInPeople, type Person } from '../../../backend/test/payments-people.ts';
import * as kit from '../../../shared/src/testing/kit.ts';

let stack: TestStack;
const h = authHelpers(() => stack);
let designer: Person;
let member: Person;
let guest: SupabaseClient;
let guestId = '';
let guestToken = '';
const storeId = crypto.randomUUID();
const patternId = crypto.randomUUID();
const otherPatternId = crypto.randomUUID();
// a real 1×1 PNG: uploads are checked by their bytes, so only RLS can refuse it
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

async function sql(text: string, values: unknown[] = []) {
  return (await stack.pool.query(text, values)).rows;
}

async function checkout(token: string, body: unknown) {
  const res = await fetch(`${stack.url}/functions/v1/checkout`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const waitFor = kit.waitFor;

const cart = (extra: Record<string, unknown> = {}) => ({ items: [{ pattern_id: patternId, quantity: 1, kind: 'digital' }], country: 'DE', ...extra });
const orderCount = async () => (await sql('select count(*)::int as n from public.orders'))[0]!.n as number;

beforeAll(async () => {
  // the project's own config.toml: anonymous sign-ins are on
  stack = await startTestStack({ emailMinInterval: 0 });
  ({ designer, member } = await signedInPeople(stack, ['designer', 'member']));
  await sql(`insert into public.stores (id, owner_id, slug, kind, name, currency) values ($1, $2, 'guest-studio', 'designer', 'Guest Studio', 'EUR')`, [
    storeId,
    designer.id,
  ]);
  await sql(
    `insert into public.patterns (id, store_id, title, craft, category, status, price_cents, currency) values
    ($1, $3, 'Harbour Wrap Dress', 'sewing', 'dress', 'published', 1400, 'EUR'),
    ($2, $3, 'Dock Apron', 'sewing', 'apron', 'published', 700, 'EUR')`,
    [patternId, otherPatternId, storeId],
  );
  guest = h.client();
  // metadata asking for a designer's role must not give a guest one
  const { data, error } = await guest.auth.signInAnonymously({ options: { data: { intent: 'designer' } } });
  if (error) throw error;
  guestId = data.user!.id;
  guestToken = data.session!.access_token;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('checkout for a guest', () => {
  it('refuses a guest without an email, or with a bad one, and records nothing', async () => {
    const before = await orderCount();
    const missing = await checkout(guestToken, cart());
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'email_required', message: expect.stringMatching(/email address/) });
    const bad = await checkout(guestToken, cart({ email: 'not an address' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/email address/),
      details: { issues: [expect.objectContaining({ path: 'email' })] },
    });
    expect(await orderCount()).toBe(before);
    // a preview (the cart total) needs no email yet
    const preview = await checkout(guestToken, cart({ preview: true }));
    expect(preview.status).toBe(200);
    expect(preview.body.quote.total_cents).toBe(1400);
  });

  it('a guest with an email pays; the order, receipt and entitlement are theirs', async () => {
    const email = newEmail('guest-buyer');
    const res = await checkout(guestToken, cart({ email: ` ${email.toUpperCase()} ` }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [order] = await sql('select buyer_id, buyer_email, provider_session_id, number from public.orders where id = $1', [res.body.order_id]);
    expect(order).toMatchObject({ buyer_id: guestId, buyer_email: email });
    // the session's customer carries the guest's email (and the cart's country, for Stripe Tax)
    const sdkSession = await fetch(`${stack.stripe!.url}/v1/checkout/sessions/${order!.provider_session_id}?expand[]=customer`, {
      headers: { authorization: `Bearer ${stack.stripe!.secretKey}` },
    }).then((r) => r.json() as Promise<{ customer: { email: string } }>);
    expect(sdkSession.customer.email).toBe(email);

    const paid = await fetch(`${stack.stripe!.url}/_sandbox/checkout/${order!.provider_session_id}/pay`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.stripe!.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ card: '4242424242424242' }),
    }).then((r) => r.json() as Promise<{ status: string }>);
    expect(paid.status).toBe('succeeded');
    await waitFor('the paid order', async () => (await sql('select status from public.orders where id = $1', [res.body.order_id]))[0]!.status === 'paid');

    // the guest's own token through PostgREST: their order and entitlement, nobody else's
    const orders = await guest.from('orders').select('id, status, buyer_email');
    expect(orders.data).toEqual([{ id: res.body.order_id, status: 'paid', buyer_email: email }]);
    const owned = await guest.from('entitlements').select('pattern_id').is('revoked_at', null);
    expect(owned.data).toEqual([{ pattern_id: patternId }]);
    const library = await guest.rpc('my_library');
    expect(library.data).toEqual([expect.objectContaining({ pattern_id: patternId, title: 'Harbour Wrap Dress' })]);
    const receipt = await waitFor('the receipt', async () => (await h.inbox(email)).find((m) => m.text.includes(String(order!.number))));
    expect(receipt.text).toContain(`/download/${patternId}`);

    // buying it again is refused as for members
    const again = await checkout(guestToken, cart({ email }));
    expect(again.body.error.code).toBe('already_owned');
  });
});

describe('row-level security keeps a guest to buying', () => {
  it('a guest cannot open a store, take a role, apply, make codes or upload; a member can', async () => {
    const storeRow = (owner: string, slug: string) => ({ owner_id: owner, slug, kind: 'designer', name: 'Pop-up', currency: 'EUR' });
    const refused = [
      await guest.from('stores').insert(storeRow(guestId, `guest-${Date.now()}`)),
      await guest.from('user_roles').insert({ user_id: guestId, role: 'designer' }),
      await guest.from('wholesale_accounts').insert({
        user_id: guestId,
        business_name: 'Guest Ltd',
        tax_id: 'GB 123456789',
        address_line1: '1 Road',
        city: 'York',
        postal_code: 'YO1 7HH',
        country: 'GB',
      }),
      await guest.from('partner_applications').insert({ user_id: guestId, kind: 'reseller', company: 'Guest Ltd', website: 'https://guest.example' }),
      await guest.from('discount_codes').insert({ store_id: storeId, code: 'GUEST', percent_off: 50 }),
      await guest.from('profiles').update({ display_name: 'Not a member' }).eq('id', guestId).select(),
    ];
    for (const r of refused) {
      expect(r.error?.code ?? (Array.isArray(r.data) && r.data.length === 0 ? 'no rows' : 'allowed'), JSON.stringify(r)).toMatch(/42501|no rows/);
    }
    const upload = await guest.storage.from('avatars').upload(`${guestId}/me.png`, PNG, { contentType: 'image/png' });
    expect(upload.error, 'a guest upload').toMatchObject({ statusCode: '403' });
    for (const table of ['stores', 'user_roles', 'wholesale_accounts', 'partner_applications']) {
      expect(
        (await sql(`select count(*)::int as n from public.${table} where ${table === 'stores' ? 'owner_id' : 'user_id'} = $1`, [guestId]))[0]!.n,
        table,
      ).toBe(0);
    }
    expect((await sql(`select count(*)::int as n from public.discount_codes where code = 'GUEST'`))[0]!.n).toBe(0);
    expect((await sql(`select display_name from public.profiles where id = $1`, [guestId]))[0]?.display_name ?? null).not.toBe('Not a member');

    // the same writes are a member's right: the refusals above are about being a guest
    const opened = await member.db.from('stores').insert(storeRow(member.id, `member-${Date.now()}`));
    expect(opened.error).toBeNull();
    const avatar = await member.db.storage.from('avatars').upload(`${member.id}/me.png`, PNG, { contentType: 'image/png' });
    expect(avatar.error).toBeNull();
  });

  it('the helpers behind security-definer functions say no to a guest', async () => {
    // a guest made owner of a store behind RLS's back still cannot act for it
    await sql('update public.stores set owner_id = $1 where id = $2', [guestId, storeId]);
    try {
      const key = await guest.rpc('create_pos_key', { store_id: storeId, name: 'till' });
      expect(key.error).not.toBeNull();
      const status = await guest.rpc('change_patterns_status', { pattern_ids: [otherPatternId], status: 'draft' });
      expect(status.data?.[0]?.ok ?? false).toBe(false);
      expect((await sql('select status from public.patterns where id = $1', [otherPatternId]))[0]!.status).toBe('published');
    } finally {
      await sql('update public.stores set owner_id = $1 where id = $2', [designer.id, storeId]);
    }
  });
});

describe('converting the guest', () => {
  it('updateUser({ email, password }) and the email link keep the id and the purchase; the member may then open a store', async () => {
    const email = newEmail('converted');
    const update = await guest.auth.updateUser({ email, password: 'Quilting42' });
    expect(update.error).toBeNull();
    expect(update.data.user!.id).toBe(guestId);
    const { link } = await h.lastMail(email, 'Confirm your new email');
    expect((await h.openLink(link)).status).toBe(303);

    const later = createClient(stack.url, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const signedIn = await later.auth.signInWithPassword({ email, password: 'Quilting42' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user!.id).toBe(guestId);
    expect(signedIn.data.user!.is_anonymous).toBe(false);
    const library = await later.rpc('my_library');
    expect(library.data).toEqual([expect.objectContaining({ pattern_id: patternId })]);
    expect((await sql('select role from public.user_roles where user_id = $1', [guestId])).map((r) => r.role)).toEqual(['maker']);
    const opened = await later
      .from('stores')
      .insert({ owner_id: guestId, slug: `converted-${Date.now()}`, kind: 'designer', name: 'Now a member', currency: 'EUR' });
    expect(opened.error).toBeNull();
  });
});
