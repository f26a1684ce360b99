// Partners: resellers through the real gateway, PostgREST, the functions and the Stripe
// sandbox with real tokens: applications for both programmes (audience, country; edit and withdraw
// while pending; an operator review with a reason and an email; nobody approves their own), the
// referral code made on approval, clicks (anon RPC; unknown and unapproved codes ignored), the
// 30-day window and self-referral checked at checkout, each line's commission (a share of the
// platform fee, never above it; the designer's transfer the same as without a referral), the
// commission transfer (held, then sent once the reseller can receive payouts) and its reversal on
// refund, and reseller_commissions / referral_codes / referral_clicks row by row.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { signedInPeople, stripeSandboxCall, type Person } from '../../../backend/test/payments-people.ts';
import { REFERRAL_ATTRIBUTION_DAYS, quoteCart, resellerCommission } from '../../../shared/src/pricing.ts';
import * as kit from '../../../shared/src/testing/kit.ts';

let stack: TestStack;
let sdk: Stripe;
type Who = 'reseller' | 'reseller2' | 'applicant' | 'buyer' | 'buyer2' | 'designer' | 'other' | 'operator' | 'operator2';
let people: Record<Who, Person>;
const P = { free: '', pro: '', coat: '', top: '', scarf: '' };
let storeFree = '';
let code = '';
let code2 = '';

async function sql(text: string, values: unknown[] = []) {
  return (await stack.pool.query(text, values)).rows;
}

const call = (fn: string, who: Person | null, body: unknown) => kit.callFunction(stack, fn, who?.token ?? null, body);

const rpcAs = (who: Person | null, fn: string, args: unknown) => kit.rpcAs(stack, who?.token ?? null, fn, args);

const sandboxCall = (method: string, path: string, body?: unknown) => stripeSandboxCall(stack, method, path, body);

const waitFor = kit.waitFor;

async function inbox(email: string): Promise<{ subject: string; text: string }[]> {
  const res = await fetch(`${stack.url}/mail/api/messages?to=${encodeURIComponent(email)}`, { headers: { apikey: stack.serviceRoleKey } });
  return (await res.json()) as { subject: string; text: string }[];
}

const apply = (who: Person, kind: 'reseller' | 'supplier', company: string) =>
  who.db
    .from('partner_applications')
    .insert({
      kind,
      company,
      website: 'https://example.com/shop',
      country: 'NL',
      audience: 'A sewing newsletter read by 12,000 home dressmakers',
      message: 'We review patterns every week.',
    })
    .select('*')
    .single();

async function approveReseller(who: Person, company: string): Promise<string> {
  const { data, error } = await apply(who, 'reseller', company);
  expect(error).toBeNull();
  const res = await call('partner-review', people.operator, { application_id: data!.id, decision: 'approve' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [row] = await sql('select code from public.referral_codes where reseller_id = $1', [who.id]);
  return row!.code as string;
}

const click = async (c: string) => (await rpcAs(null, 'record_referral_click', { code: c, path: '/patterns?x=1' })).body as string | null;

async function buy(who: Person, patternIds: string[], referral?: { code: string; click_id: string | null } | null) {
  const res = await call('checkout', who, {
    items: patternIds.map((id) => ({ pattern_id: id, quantity: 1, kind: 'digital' })),
    country: 'DE',
    ...(referral === undefined ? {} : { referral }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [order] = await sql('select * from public.orders where id = $1', [res.body.order_id]);
  return order!;
}

async function payAndSettle(order: { id: string; provider_session_id: string }) {
  await sandboxCall('POST', `/checkout/${order.provider_session_id}/pay`, { card: '4242424242424242' });
  await waitFor('the order paid', async () => (await sql('select status from public.orders where id = $1', [order.id]))[0]!.status === 'paid');
}

const transfersOf = (orderId: string) =>
  sql(
    `select t.kind, t.recipient_id, t.amount_cents, t.status, t.reversed_cents, t.reversal_due_cents, i.pattern_id
  from public.payout_transfers t join public.order_items i on i.id = t.order_item_id where t.order_id = $1 order by i.unit_price_cents, t.kind::text`,
    [orderId],
  );

beforeAll(async () => {
  stack = await startTestStack({ seed: false, stripe: { retry: { baseMs: 200, maxMs: 1_000, maxAttempts: 12 } } });
  const url = new URL(stack.stripe!.url);
  sdk = new Stripe(stack.stripe!.secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http' });
  people = await signedInPeople(stack, ['reseller', 'reseller2', 'applicant', 'buyer', 'buyer2', 'designer', 'other', 'operator', 'operator2']);
  await sql(`insert into public.user_roles (user_id, role) values ($1, 'operator'), ($2, 'operator')`, [people.operator.id, people.operator2.id]);
  const [a, b] = await sql(
    `insert into public.stores (owner_id, slug, kind, name, currency, plan, country) values
      ($1, 'res-free', 'designer', 'Free Studio', 'EUR', 'free', 'IE'), ($2, 'res-pro', 'designer', 'Pro Studio', 'EUR', 'pro', 'DE') returning id`,
    [people.designer.id, people.other.id],
  );
  storeFree = a!.id;
  const patterns = await sql(
    `insert into public.patterns (store_id, title, craft, category, status, price_cents, currency) values
      ($1, 'Wrap Dress', 'sewing', 'dress', 'published', 1200, 'EUR'), ($2, 'Pleated Skirt', 'sewing', 'skirt', 'published', 900, 'EUR'),
      ($1, 'Harbour Coat', 'sewing', 'coat', 'published', 2400, 'EUR'), ($1, 'Linen Top', 'sewing', 'top', 'published', 1500, 'EUR'),
      ($2, 'Gift Scarf', 'knitting', 'scarf', 'published', 800, 'EUR') returning id`,
    [a!.id, b!.id],
  );
  [P.free, P.pro, P.coat, P.top, P.scarf] = patterns.map((p) => p.id as string) as [string, string, string, string, string];
  code = await approveReseller(people.reseller, 'Thread & Co');
  code2 = await approveReseller(people.reseller2, 'Bobbin Club');
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('applications (both programmes)', () => {
  it('takes audience and country, lets the applicant edit and withdraw while pending, and no one else read it', async () => {
    const { data, error } = await apply(people.applicant, 'supplier', 'Meadow Kits');
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'pending', country: 'NL', audience: 'A sewing newsletter read by 12,000 home dressmakers' });
    const edit = await people.applicant.db
      .from('partner_applications')
      .update({ audience: 'Quilting guilds in the Netherlands, 40 groups' })
      .eq('id', data!.id)
      .select('audience');
    expect(edit.data).toEqual([{ audience: 'Quilting guilds in the Netherlands, 40 groups' }]);
    const badCountry = await people.applicant.db.from('partner_applications').update({ country: 'Netherlands' }).eq('id', data!.id);
    expect(badCountry.error?.code).toBe('23514');
    expect((await people.buyer.db.from('partner_applications').select('id').eq('id', data!.id)).data).toEqual([]);
    expect((await people.operator.db.from('partner_applications').select('id').eq('id', data!.id)).data).toHaveLength(1);
    // the applicant cannot approve it themselves
    const self = await people.applicant.db.from('partner_applications').update({ status: 'approved' }).eq('id', data!.id).select('id');
    expect(self.data ?? []).toEqual([]);
    const withdrawn = await people.applicant.db.from('partner_applications').delete().eq('id', data!.id).select('id');
    expect(withdrawn.data).toHaveLength(1);
  });

  it('an operator who applies cannot approve their own application, directly or through the function; another operator can', async () => {
    const { data } = await apply(people.operator, 'reseller', 'Operator Picks');
    const direct = await people.operator.db.from('partner_applications').update({ status: 'approved' }).eq('id', data!.id);
    expect(direct.error?.code).toBe('42501');
    expect(direct.error?.message).toBe('You cannot review your own application');
    const rpc = await rpcAs(people.operator, 'review_partner_application', { p_application: data!.id, p_decision: 'approve' });
    expect(rpc.status).toBe(403);
    const fn = await call('partner-review', people.operator, { application_id: data!.id, decision: 'approve' });
    expect(fn.status).toBe(403);
    expect(fn.body.error.code).toBe('forbidden');
    expect((await sql('select status from public.partner_applications where id = $1', [data!.id]))[0]!.status).toBe('pending');
    expect(await sql(`select role from public.user_roles where user_id = $1 and role = 'reseller'`, [people.operator.id])).toEqual([]);
    const other = await call('partner-review', people.operator2, { application_id: data!.id, decision: 'reject', reason: 'Staff do not earn commissions' });
    expect(other.status).toBe(200);
  });

  it('only operators decide; rejecting needs a reason; the applicant is emailed; approval grants the role and a code; the directory lists it', async () => {
    const { data } = await apply(people.buyer2, 'reseller', 'Sew Along Weekly');
    expect((await call('partner-review', people.buyer, { application_id: data!.id, decision: 'approve' })).status).toBe(403);
    const noReason = await call('partner-review', people.operator, { application_id: data!.id, decision: 'reject' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.code).toBe('reason_required');
    const rejected = await call('partner-review', people.operator, { application_id: data!.id, decision: 'reject', reason: 'No audience yet' });
    expect(rejected.body).toMatchObject({ emailed: true, application: { status: 'rejected', reason: 'No audience yet' } });
    const mail = await waitFor('the rejection email', async () => (await inbox(people.buyer2.email)).find((m) => m.text.includes('No audience yet')));
    expect(mail.subject).toContain('reseller programme');
    expect(await sql('select code from public.referral_codes where reseller_id = $1', [people.buyer2.id])).toEqual([]);
    // re-applying starts afresh; the second review approves
    const again = await people.buyer2.db.from('partner_applications').update({ status: 'pending' }).eq('id', data!.id).select('status, reason');
    expect(again.data).toEqual([{ status: 'pending', reason: null }]);
    expect((await call('partner-review', people.operator, { application_id: data!.id, decision: 'approve' })).body.emailed).toBe(true);
    const welcome = await waitFor('the approval email', async () => (await inbox(people.buyer2.email)).find((m) => m.subject.startsWith('Welcome')));
    expect(welcome.text).toContain('/partners/resellers');
    expect(await sql(`select role from public.user_roles where user_id = $1 and role = 'reseller'`, [people.buyer2.id])).toEqual([{ role: 'reseller' }]);
    const [made] = await sql('select code from public.referral_codes where reseller_id = $1', [people.buyer2.id]);
    expect(made!.code).toMatch(/^SEWALONG[A-Z0-9]{4}$/);
    const directory = await rpcAs(null, 'partner_directory', { programme: 'reseller' });
    expect(directory.body.map((d: { company: string }) => d.company)).toEqual(['Bobbin Club', 'Sew Along Weekly', 'Thread & Co']);
    expect(directory.body[0]).toMatchObject({ country: 'NL', website: 'https://example.com/shop', kind: 'reseller' });
    expect(directory.body[0]).not.toHaveProperty('user_id');
  });
});

describe('attribution', () => {
  it('records clicks of approved codes only (anon RPC); unknown and no-longer-approved codes are ignored', async () => {
    const id = await click(code.toLowerCase());
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await sql('select code, path from public.referral_clicks where id = $1', [id])).toEqual([{ code, path: '/patterns' }]);
    expect(await click('NOSUCHCODE')).toBeNull();
    expect(await click('bad code!')).toBeNull();
    const [made] = await sql('select code from public.referral_codes where reseller_id = $1', [people.buyer2.id]);
    await sql(`update public.partner_applications set status = 'rejected', reason = 'Paused' where user_id = $1 and kind = 'reseller'`, [people.buyer2.id]);
    expect(await click(made!.code as string)).toBeNull();
    // clicks are not readable by visitors or other members
    expect((await rpcAs(null, 'record_referral_click', {})).status).toBe(404);
    expect((await people.buyer.db.from('referral_clicks').select('id')).data).toEqual([]);
  });

  it('commission on each line is the reseller share of its platform fee; the designer share is what it is without a referral', async () => {
    const clickId = await click(code);
    const order = await buy(people.buyer, [P.free, P.pro], { code, click_id: clickId });
    expect(order).toMatchObject({ referral_code: code, referral_click_id: clickId, reseller_id: people.reseller.id });
    const items = await sql('select pattern_id, platform_fee_cents, commission_cents from public.order_items where order_id = $1 order by unit_price_cents', [
      order.id,
    ]);
    const quote = quoteCart(
      [
        { patternId: P.pro, storeId: '', plan: 'pro', unitPriceCents: 900, quantity: 1 },
        { patternId: P.free, storeId: storeFree, plan: 'free', unitPriceCents: 1200, quantity: 1 },
      ],
      { currency: 'EUR', country: 'DE' },
    );
    expect(items.map((i) => i.commission_cents)).toEqual(quote.lines.map((l) => resellerCommission(l.platformFeeCents)));
    for (const i of items) {
      expect(i.commission_cents).toBeGreaterThan(0);
      expect(i.commission_cents).toBeLessThanOrEqual(i.platform_fee_cents);
    }
    await payAndSettle(order as any);
    const transfers = await transfersOf(order.id);
    expect(transfers).toEqual([
      {
        kind: 'commission',
        recipient_id: people.reseller.id,
        amount_cents: items[0]!.commission_cents,
        status: 'held',
        reversed_cents: 0,
        reversal_due_cents: 0,
        pattern_id: P.pro,
      },
      {
        kind: 'designer_share',
        recipient_id: people.other.id,
        amount_cents: quote.lines[0]!.designerShareCents,
        status: 'held',
        reversed_cents: 0,
        reversal_due_cents: 0,
        pattern_id: P.pro,
      },
      {
        kind: 'commission',
        recipient_id: people.reseller.id,
        amount_cents: items[1]!.commission_cents,
        status: 'held',
        reversed_cents: 0,
        reversal_due_cents: 0,
        pattern_id: P.free,
      },
      {
        kind: 'designer_share',
        recipient_id: people.designer.id,
        amount_cents: quote.lines[1]!.designerShareCents,
        status: 'held',
        reversed_cents: 0,
        reversal_due_cents: 0,
        pattern_id: P.free,
      },
    ]);
    // the same patterns bought without a referral give the designers exactly the same
    const plain = await buy(people.buyer2, [P.free, P.pro]);
    await payAndSettle(plain as any);
    expect((await transfersOf(plain.id)).map((t) => [t.kind, t.amount_cents])).toEqual([
      ['designer_share', quote.lines[0]!.designerShareCents],
      ['designer_share', quote.lines[1]!.designerShareCents],
    ]);
    // the commission is never above the fee, in the database too
    const over = await stack.pool
      .query('update public.order_items set commission_cents = platform_fee_cents + 1 where order_id = $1', [order.id])
      .catch((e) => e);
    expect(over.code).toBe('23514');
    // the reseller sees the commissions, the buyer does not
    const mine = await people.reseller.db.from('reseller_commissions').select('order_id, commission_cents, status, currency').eq('order_id', order.id);
    expect(mine.data).toHaveLength(2);
    expect(mine.data!.every((c) => c.status === 'held' && c.currency === 'EUR')).toBe(true);
    expect((await people.buyer.db.from('reseller_commissions').select('order_id')).data).toEqual([]);
  });

  it('ignores a click past the window, a click of another code, an unknown click and a reseller buying through their own link', async () => {
    const old = await click(code);
    await sql(`update public.referral_clicks set clicked_at = now() - make_interval(days => $2) - interval '1 minute' where id = $1`, [
      old,
      REFERRAL_ATTRIBUTION_DAYS,
    ]);
    const expired = await buy(people.buyer, [P.coat], { code, click_id: old });
    expect(expired.reseller_id).toBeNull();
    const inside = await click(code);
    await sql(`update public.referral_clicks set clicked_at = now() - make_interval(days => $2) + interval '1 hour' where id = $1`, [
      inside,
      REFERRAL_ATTRIBUTION_DAYS,
    ]);
    const stillIn = await buy(people.buyer, [P.coat], { code, click_id: inside });
    expect(stillIn.reseller_id).toBe(people.reseller.id);
    const otherCode = await buy(people.buyer, [P.coat], { code: code2, click_id: inside });
    expect(otherCode.reseller_id).toBeNull();
    const unknown = await buy(people.buyer, [P.coat], { code: 'NOSUCHCODE', click_id: crypto.randomUUID() });
    expect(unknown.reseller_id).toBeNull();
    const malformed = await buy(people.buyer, [P.coat], { code, click_id: null });
    expect(malformed.reseller_id).toBeNull();
    const own = await buy(people.reseller, [P.coat], { code, click_id: await click(code) });
    expect(own.reseller_id).toBeNull();
    expect(
      await sql('select sum(commission_cents)::int as c from public.order_items where order_id = any($1)', [
        [expired.id, otherCode.id, unknown.id, own.id, malformed.id],
      ]),
    ).toEqual([{ c: 0 }]);
  });

  it('last click wins: the order goes to the reseller of the click the browser sends', async () => {
    await click(code);
    const last = await click(code2);
    const order = await buy(people.buyer2, [P.coat], { code: code2, click_id: last });
    expect(order.reseller_id).toBe(people.reseller2.id);
    await payAndSettle(order as any);
  });
});

describe('a partner code typed at checkout', () => {
  const items = (ids: string[]) => ids.map((id) => ({ pattern_id: id, quantity: 1, kind: 'digital' }));
  const ordersOf = async (who: Person) => (await sql('select count(*)::int as n from public.orders where buyer_id = $1', [who.id]))[0]!.n as number;

  it('attributes the order to the reseller (a click made now, path /checkout); the preview says it applies', async () => {
    const preview = await call('checkout', people.buyer, { items: items([P.scarf]), country: 'DE', preview: true, partner_code: ` ${code.toLowerCase()} ` });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.partner_code).toBe(code);
    const plain = await call('checkout', people.buyer, { items: items([P.scarf]), country: 'DE', preview: true });
    expect(plain.body).not.toHaveProperty('partner_code');
    const res = await call('checkout', people.buyer, { items: items([P.scarf]), country: 'DE', partner_code: code.toLowerCase() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.partner_code).toBe(code);
    const [order] = await sql('select reseller_id, referral_code, referral_click_id from public.orders where id = $1', [res.body.order_id]);
    expect(order).toMatchObject({ reseller_id: people.reseller.id, referral_code: code });
    const [made] = await sql(`select code, path, clicked_at > now() - interval '1 minute' as fresh from public.referral_clicks where id = $1`, [
      order!.referral_click_id,
    ]);
    expect(made).toEqual({ code, path: '/checkout', fresh: true });
    expect((await sql('select sum(commission_cents)::int as c from public.order_items where order_id = $1', [res.body.order_id]))[0]!.c).toBeGreaterThan(0);
  });

  it('beats an older link click of another reseller (last click wins)', async () => {
    const linkClick = await click(code2);
    const order = await buy(people.buyer, [P.scarf], { code: code2, click_id: linkClick });
    expect(order.reseller_id).toBe(people.reseller2.id); // the link alone
    const res = await call('checkout', people.buyer, {
      items: items([P.scarf]),
      country: 'DE',
      referral: { code: code2, click_id: linkClick },
      partner_code: code,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await sql('select reseller_id, referral_code from public.orders where id = $1', [res.body.order_id]))[0]).toEqual({
      reseller_id: people.reseller.id,
      referral_code: code,
    });
  });

  it('refuses an unknown, malformed or no-longer-approved code with a clear error, in the preview and at payment, and makes no order', async () => {
    const before = await ordersOf(people.buyer);
    const typedClicks = async () => (await sql(`select count(*)::int as n from public.referral_clicks where path = '/checkout'`))[0]!.n as number;
    const clicks = await typedClicks();
    const [paused] = await sql('select code from public.referral_codes where reseller_id = $1', [people.buyer2.id]); // rejected above
    for (const typed of ['NOSUCHCODE', 'bad code!', paused!.code as string]) {
      for (const preview of [true, false]) {
        const res = await call('checkout', people.buyer, {
          items: items([P.scarf]),
          country: 'DE',
          preview,
          partner_code: typed,
          referral: { code, click_id: await click(code) },
        });
        expect(res.status, `${typed} ${preview}`).toBe(400);
        expect(res.body.error.code).toBe('partner_code_invalid');
        expect(res.body.error.message).toContain('is not a Stitchhouse partner code');
      }
    }
    const tooLong = await call('checkout', people.buyer, { items: items([P.scarf]), country: 'DE', partner_code: 'A'.repeat(17) });
    expect(tooLong.status).toBe(400);
    expect(await ordersOf(people.buyer)).toBe(before);
    // no click was recorded for the refused codes
    expect(await typedClicks()).toBe(clicks);
  });

  it("refuses the buyer's own code (no commission on one's own purchases)", async () => {
    const before = await ordersOf(people.reseller);
    for (const preview of [true, false]) {
      const res = await call('checkout', people.reseller, { items: items([P.scarf]), country: 'DE', preview, partner_code: code });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('partner_code_own');
      expect(res.body.error.message).toContain('your own partner code');
    }
    expect(await ordersOf(people.reseller)).toBe(before);
  });
});

describe('commission payouts and refunds', () => {
  it('sends held commissions once the reseller can receive payouts, and reverses the commission of a refunded line', async () => {
    const order = await buy(people.buyer2, [P.top, P.scarf], { code, click_id: await click(code) });
    await payAndSettle(order as any);
    // the reseller onboards (the designers' payout-account function, no store needed)
    const onboard = await call('payout-account', people.reseller, { action: 'onboard' });
    expect(onboard.status, JSON.stringify(onboard.body)).toBe(200);
    const [acct] = await sql('select stripe_account_id from public.payout_accounts where user_id = $1', [people.reseller.id]);
    await sandboxCall('POST', `/accounts/${acct!.stripe_account_id}/complete`, {});
    const status = await call('payout-account', people.reseller, { action: 'status' });
    expect(status.body.account.payouts_enabled).toBe(true);
    const sent = await waitFor('commissions sent', async () => {
      const rows = (await transfersOf(order.id)).filter((t) => t.kind === 'commission');
      return rows.every((t) => t.status === 'paid') ? rows : undefined;
    });
    const ids = await sql(`select provider_transfer_id from public.payout_transfers where order_id = $1 and kind = 'commission'`, [order.id]);
    const atStripe = await Promise.all(ids.map((r) => sdk.transfers.retrieve(r.provider_transfer_id as string)));
    expect(atStripe.map((t) => [t.amount, t.destination, t.transfer_group]).sort()).toEqual(
      sent.map((t) => [t.amount_cents, acct!.stripe_account_id, order.id]).sort(),
    );
    // designers have no payout account: their shares stay held
    expect((await transfersOf(order.id)).filter((t) => t.kind === 'designer_share').every((t) => t.status === 'held')).toBe(true);

    // the Free Studio refunds its line: that line's commission is pulled back in full, the other stays
    const [line] = await sql('select id, commission_cents from public.order_items where order_id = $1 and pattern_id = $2', [order.id, P.top]);
    const refund = await call('refund', people.designer, { order_id: order.id, order_item_id: line!.id });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const reversed = await waitFor('the commission reversed', async () => {
      const rows = await transfersOf(order.id);
      const c = rows.find((t) => t.kind === 'commission' && t.pattern_id === P.top)!;
      return c.reversed_cents === line!.commission_cents ? rows : undefined;
    });
    expect(reversed.find((t) => t.kind === 'commission' && t.pattern_id === P.scarf)).toMatchObject({ status: 'paid', reversed_cents: 0 });
    const views = await people.reseller.db.from('reseller_commissions').select('order_item_id, status').eq('order_id', order.id);
    expect(Object.fromEntries(views.data!.map((v) => [v.order_item_id, v.status]))[line!.id]).toBe('reversed');
  });
});

describe('row-level security of the reseller tables', () => {
  it('referral codes, clicks and commissions: the reseller their own, operators all, nobody else', async () => {
    const anon = await fetch(`${stack.url}/rest/v1/referral_codes?select=code`, { headers: { apikey: stack.anonKey } });
    expect(anon.status).toBe(401);
    for (const table of ['referral_clicks', 'reseller_commissions']) {
      const res = await fetch(`${stack.url}/rest/v1/${table}?select=*`, { headers: { apikey: stack.anonKey } });
      expect(res.status, table).toBe(401);
    }
    expect((await people.reseller.db.from('referral_codes').select('code')).data).toEqual([{ code }]);
    expect((await people.reseller2.db.from('referral_codes').select('code')).data).toEqual([{ code: code2 }]);
    expect((await people.applicant.db.from('referral_codes').select('code')).data).toEqual([]);
    expect((await people.buyer.db.from('referral_codes').select('code')).data).toEqual([]);
    expect((await people.operator.db.from('referral_codes').select('code')).data!.length).toBeGreaterThanOrEqual(3);
    const clicks2 = (await people.reseller2.db.from('referral_clicks').select('code')).data!;
    expect(clicks2.length).toBeGreaterThan(0);
    expect(clicks2.every((c) => c.code === code2)).toBe(true);
    expect((await people.buyer.db.from('referral_clicks').select('code')).data).toEqual([]);
    const all = (await people.operator.db.from('reseller_commissions').select('reseller_id')).data!;
    expect(new Set(all.map((c) => c.reseller_id))).toEqual(new Set([people.reseller.id, people.reseller2.id]));
    expect((await people.reseller2.db.from('reseller_commissions').select('reseller_id')).data!.every((c) => c.reseller_id === people.reseller2.id)).toBe(true);
    expect((await people.designer.db.from('reseller_commissions').select('order_id')).data).toEqual([]);
    // nobody writes codes, clicks or commissions directly
    expect((await people.reseller.db.from('referral_codes').update({ code: 'MINE1234' }).eq('reseller_id', people.reseller.id)).error?.code).toBe('42501');
    expect((await people.reseller.db.from('referral_clicks').insert({ code })).error?.code).toBe('42501');
    expect((await people.reseller.db.from('order_items').update({ commission_cents: 1 }).eq('pattern_id', P.free)).error?.code).toBe('42501');
    // and the service-only attribution function is not for members
    expect(
      (
        await rpcAs(people.reseller, 'attach_order_referral', {
          p_order: crypto.randomUUID(),
          p_code: code,
          p_click: crypto.randomUUID(),
          p_commission_bp: 10000,
          p_window_days: 999,
        })
      ).status,
    ).toBeGreaterThanOrEqual(401);
  });
});
