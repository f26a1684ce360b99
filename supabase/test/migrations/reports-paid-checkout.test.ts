// Reports: an order paid the way checkout pays it (status = 'paid' only; paid_at comes
// from the order trigger) reaches the store's sales report the moment it is paid, like seeded orders.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { serviceClient, signedInMember, type Member } from '../../../backend/test/members.ts';

let stack: TestStack;
let owner: Member;
let buyer: Member;
const service = () => serviceClient(stack);

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  [owner, buyer] = await Promise.all([signedInMember(stack, 'paid-owner', 'Pia Owner'), signedInMember(stack, 'paid-buyer', 'Bo Buyer')]);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

it('counts a checkout order in the sales report once it is marked paid', async () => {
  const store = (
    await service()
      .from('stores')
      .insert({ owner_id: owner.id, slug: `paid-${Date.now().toString(36)}`, kind: 'designer', name: 'Paid patterns', currency: 'EUR' })
      .select('id')
      .single()
      .throwOnError()
  ).data!;
  const pattern = (
    await service()
      .from('patterns')
      .insert({
        store_id: store.id,
        title: 'Paid dress',
        craft: 'sewing',
        category: 'dresses',
        price_cents: 1500,
        currency: 'EUR',
        status: 'published',
        published_at: new Date().toISOString(),
      })
      .select('id')
      .single()
      .throwOnError()
  ).data!;
  const order = (
    await service()
      .from('orders')
      .insert({
        buyer_id: buyer.id,
        buyer_email: buyer.email,
        status: 'pending',
        currency: 'EUR',
        subtotal_cents: 1500,
        discount_cents: 0,
        vat_cents: 240,
        platform_fee_cents: 113,
        total_cents: 1500,
      })
      .select('id')
      .single()
      .throwOnError()
  ).data!;
  await service()
    .from('order_items')
    .insert({
      order_id: order.id,
      pattern_id: pattern.id,
      store_id: store.id,
      kind: 'digital',
      quantity: 1,
      unit_price_cents: 1500,
      discount_cents: 0,
      vat_cents: 240,
      platform_fee_cents: 113,
      currency: 'EUR',
    })
    .throwOnError();
  const today = new Date().toISOString().slice(0, 10);
  const report = async () =>
    (await owner.db.rpc('report_sales', { p_from: today, p_to: today }).throwOnError()).data as Array<{
      lines: number;
      gross_cents: number;
      net_cents: number;
    }>;
  expect(await report()).toEqual([]);

  // what payments_mark_paid does: the status alone
  await service().from('orders').update({ status: 'paid' }).eq('id', order.id).throwOnError();
  const paid = (await service().from('orders').select('paid_at, number').eq('id', order.id).single().throwOnError()).data!;
  const line = (await service().from('order_items').select('sold_at, order_number').eq('order_id', order.id).single().throwOnError()).data!;
  expect(paid.paid_at).not.toBeNull();
  expect(Date.parse(line.sold_at!)).toBe(Date.parse(paid.paid_at!));
  expect(line.order_number).toBe(paid.number);
  const rows = await report();
  expect(rows).toHaveLength(1);
  expect(Number(rows[0]!.lines)).toBe(1);
  expect(Number(rows[0]!.gross_cents)).toBe(1500);
  expect(Number(rows[0]!.net_cents)).toBe(1500 - 240 - 113);
});
