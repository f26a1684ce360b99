// Partner reports (20261123004600_partner_reports.sql) through the real stack:
// a reseller's commissions, a supplier's kit clicks and a designer's in-shop royalties agree
// with the rows they come from, each partner sees only their own, and the report list follows
// the roles (reseller, supplier).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { serviceClient, signedInMember, type Member } from '../../../backend/test/members.ts';

let stack: TestStack;
const service = () => serviceClient(stack);
let designer: Member;
let reseller: Member;
let otherReseller: Member;
let supplier: Member;
let shopOwner: Member;
let buyer: Member;
let store: string;
let pattern: string;
let shop: string;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  [designer, reseller, otherReseller, supplier, shopOwner, buyer] = await Promise.all([
    signedInMember(stack, 'designer', 'Dee Designer'),
    signedInMember(stack, 'reseller', 'Rae Reseller'),
    signedInMember(stack, 'reseller2', 'Ray Reseller'),
    signedInMember(stack, 'supplier', 'Sue Supplier'),
    signedInMember(stack, 'shop', 'Sho Shop'),
    signedInMember(stack, 'buyer', 'Bix Buyer'),
  ]);
  await service()
    .from('user_roles')
    .insert([
      { user_id: reseller.id, role: 'reseller' },
      { user_id: otherReseller.id, role: 'reseller' },
      { user_id: supplier.id, role: 'supplier' },
    ])
    .throwOnError();
  store = (
    await service()
      .from('stores')
      .insert({ owner_id: designer.id, slug: `dee-${Date.now().toString(36)}`, kind: 'designer', name: 'Dee Patterns', currency: 'EUR' })
      .select('id')
      .single()
      .throwOnError()
  ).data!.id;
  shop = (
    await service()
      .from('stores')
      .insert({
        owner_id: shopOwner.id,
        slug: `sho-${Date.now().toString(36)}`,
        kind: 'retailer',
        name: 'Sho Fabrics',
        currency: 'GBP',
        address_line1: '1 High Street',
        city: 'York',
        postal_code: 'YO1 1AA',
      })
      .select('id')
      .single()
      .throwOnError()
  ).data!.id;
  pattern = (
    await service()
      .from('patterns')
      .insert({
        store_id: store,
        title: 'Referral Robe',
        craft: 'sewing',
        category: 'dresses',
        price_cents: 2000,
        currency: 'EUR',
        status: 'published',
        published_at: new Date().toISOString(),
      })
      .select('id')
      .single()
      .throwOnError()
  ).data!.id;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('partner reports', () => {
  it("a reseller's commissions, to the cent, and nobody else's", async () => {
    const sell = async (resellerId: string, paidAt: string, unit: number, fee: number, commission: number, vat: number) => {
      const order = (
        await service()
          .from('orders')
          .insert({
            buyer_id: buyer.id,
            status: 'paid',
            paid_at: paidAt,
            currency: 'EUR',
            subtotal_cents: unit,
            vat_cents: vat,
            platform_fee_cents: fee,
            total_cents: unit,
            reseller_id: resellerId,
            referral_code: 'RAE2026',
          })
          .select('id')
          .single()
          .throwOnError()
      ).data!;
      await service()
        .from('order_items')
        .insert({
          order_id: order.id,
          pattern_id: pattern,
          store_id: store,
          kind: 'wholesale_print',
          unit_price_cents: unit,
          platform_fee_cents: fee,
          vat_cents: vat,
          commission_cents: commission,
          currency: 'EUR',
        })
        .throwOnError();
    };
    await sell(reseller.id, '2026-10-03T10:00:00Z', 2000, 300, 60, 333);
    await sell(reseller.id, '2026-10-03T18:00:00Z', 2500, 400, 80, 416);
    await sell(reseller.id, '2026-09-30T10:00:00Z', 2000, 300, 60, 333);
    await sell(otherReseller.id, '2026-10-04T10:00:00Z', 9999, 900, 180, 0);
    const { data, error } = await reseller.db.rpc('report_commissions', { p_from: '2026-10-01', p_to: '2026-10-31' });
    expect(error).toBeNull();
    expect(data).toEqual([{ day: '2026-10-03', currency: 'EUR', status: 'held', lines: 2, net_sale_cents: 2000 - 333 + (2500 - 416), commission_cents: 140 }]);
    expect((await otherReseller.db.rpc('report_commissions', { p_from: '2026-10-01', p_to: '2026-10-31' })).data).toEqual([
      expect.objectContaining({ commission_cents: 180, lines: 1 }),
    ]);
    expect((await designer.db.rpc('report_commissions', { p_from: '2026-10-01', p_to: '2026-10-31' })).data).toEqual([]);
  });

  it("a supplier's kit clicks, per kit, in the period", async () => {
    const kit = (
      await service()
        .from('kits')
        .insert({
          supplier_id: supplier.id,
          pattern_id: pattern,
          title: 'Robe kit',
          description: 'Linen and ties',
          price_cents: 4500,
          currency: 'EUR',
          url: 'https://sue.example/robe',
        })
        .select('id')
        .single()
        .throwOnError()
    ).data!.id;
    await service()
      .from('kit_clicks')
      .insert([
        { kit_id: kit, visitor: 'a', clicked_at: '2026-10-02T10:00:00Z' },
        { kit_id: kit, visitor: 'b', clicked_at: '2026-10-09T10:00:00Z' },
        { kit_id: kit, visitor: 'c', clicked_at: '2026-11-02T10:00:00Z' },
      ])
      .throwOnError();
    const { data } = await supplier.db.rpc('report_kit_clicks', { p_from: '2026-10-01', p_to: '2026-10-31' });
    expect(data).toEqual([{ kit_id: kit, title: 'Robe kit', pattern: 'Referral Robe', clicks: 2, first_click_on: '2026-10-02', last_click_on: '2026-10-09' }]);
    expect((await reseller.db.rpc('report_kit_clicks', { p_from: '2026-10-01', p_to: '2026-10-31' })).data).toEqual([]);
  });

  it("a designer's in-shop royalties in the pattern's currency; the shop does not see them as its own", async () => {
    await service()
      .from('pos_sales')
      .insert([
        {
          store_id: shop,
          pattern_id: pattern,
          quantity: 3,
          unit_price_cents: 1800,
          royalty_cents: 3600,
          royalty_fee_cents: 360,
          royalty_currency: 'EUR',
          currency: 'GBP',
          source: 'csv',
          external_id: 'r1',
          sold_at: '2026-10-05T12:00:00Z',
        },
        {
          store_id: shop,
          pattern_id: pattern,
          quantity: 1,
          unit_price_cents: 1800,
          royalty_cents: 1200,
          royalty_fee_cents: 120,
          royalty_currency: 'EUR',
          currency: 'GBP',
          source: 'csv',
          external_id: 'r2',
          sold_at: '2026-10-05T15:00:00Z',
        },
      ])
      .throwOnError();
    const { data } = await designer.db.rpc('report_in_shop_sales', { p_from: '2026-10-01', p_to: '2026-10-31' });
    expect(data).toEqual([
      {
        day: '2026-10-05',
        side: 'designer',
        pattern_id: pattern,
        title: 'Referral Robe',
        designer: 'Dee Patterns',
        shop: 'Sho Fabrics',
        currency: 'EUR',
        copies: 4,
        royalty_cents: 4800,
        platform_fee_cents: 480,
        designer_share_cents: 4320,
        takings_currency: null,
        takings_cents: null,
      },
    ]);
    // the shop sees the same sales from its side only (not the designer's share as its own)
    const shopSide = (await shopOwner.db.rpc('report_in_shop_sales', { p_from: '2026-10-01', p_to: '2026-10-31' }).throwOnError()).data!;
    expect(shopSide.every((r: { side: string }) => r.side === 'shop')).toBe(true);
  });

  it("a shop's own in-shop sales, to the cent against its pos_sales rows; another shop sees none of them", async () => {
    const otherShopOwner = await signedInMember(stack, 'shop2', 'Tam Shop');
    const otherShop = (
      await service()
        .from('stores')
        .insert({
          owner_id: otherShopOwner.id,
          slug: `tam-${Date.now().toString(36)}`,
          kind: 'retailer',
          name: 'Tam Threads',
          currency: 'GBP',
          address_line1: '2 Low Street',
          city: 'Leeds',
          postal_code: 'LS1 1AA',
        })
        .select('id')
        .single()
        .throwOnError()
    ).data!.id;
    await service()
      .from('pos_sales')
      .insert([
        {
          store_id: shop,
          pattern_id: pattern,
          quantity: 2,
          unit_price_cents: 1799,
          royalty_cents: 901,
          royalty_fee_cents: 90,
          royalty_currency: 'EUR',
          currency: 'GBP',
          source: 'csv',
          external_id: 's1',
          sold_at: '2026-11-07T09:00:00Z',
        },
        {
          store_id: shop,
          pattern_id: pattern,
          quantity: 5,
          unit_price_cents: 1650,
          royalty_cents: 2253,
          royalty_fee_cents: 225,
          royalty_currency: 'EUR',
          currency: 'GBP',
          source: 'csv',
          external_id: 's2',
          sold_at: '2026-11-07T23:59:59Z',
        },
        {
          store_id: shop,
          pattern_id: pattern,
          quantity: 1,
          unit_price_cents: 1799,
          royalty_cents: 450,
          royalty_fee_cents: 45,
          royalty_currency: 'EUR',
          currency: 'GBP',
          source: 'csv',
          external_id: 's3',
          sold_at: '2026-11-08T00:00:00Z',
        },
        {
          store_id: otherShop,
          pattern_id: pattern,
          quantity: 9,
          unit_price_cents: 2000,
          royalty_cents: 4000,
          royalty_fee_cents: 400,
          royalty_currency: 'EUR',
          currency: 'GBP',
          source: 'csv',
          external_id: 't1',
          sold_at: '2026-11-07T10:00:00Z',
        },
      ])
      .throwOnError();
    const raw = (
      await shopOwner.db
        .from('pos_sales')
        .select('quantity, unit_price_cents, royalty_cents, royalty_fee_cents, sold_at')
        .eq('store_id', shop)
        .gte('sold_at', '2026-11-07T00:00:00Z')
        .lt('sold_at', '2026-11-08T00:00:00Z')
        .throwOnError()
    ).data!;
    expect(raw).toHaveLength(2);
    const { data } = await shopOwner.db.rpc('report_in_shop_sales', { p_from: '2026-11-01', p_to: '2026-11-07' }).throwOnError();
    expect(data).toEqual([
      {
        day: '2026-11-07',
        side: 'shop',
        pattern_id: pattern,
        title: 'Referral Robe',
        designer: 'Dee Patterns',
        shop: 'Sho Fabrics',
        currency: 'EUR',
        copies: raw.reduce((a, r) => a + r.quantity, 0),
        royalty_cents: raw.reduce((a, r) => a + r.royalty_cents, 0),
        platform_fee_cents: raw.reduce((a, r) => a + r.royalty_fee_cents, 0),
        designer_share_cents: raw.reduce((a, r) => a + r.royalty_cents - r.royalty_fee_cents, 0),
        takings_currency: 'GBP',
        takings_cents: raw.reduce((a, r) => a + r.unit_price_cents * r.quantity, 0),
      },
    ]);
    expect(data![0]).toMatchObject({ copies: 7, royalty_cents: 3154, takings_cents: 2 * 1799 + 5 * 1650 });
    // the other shop sees only its own sale; the designer sees both shops' sales on their side
    expect((await otherShopOwner.db.rpc('report_in_shop_sales', { p_from: '2026-11-01', p_to: '2026-11-30' }).throwOnError()).data).toEqual([
      expect.objectContaining({ side: 'shop', shop: 'Tam Threads', copies: 9, takings_cents: 18000 }),
    ]);
    const designerSide = (await designer.db.rpc('report_in_shop_sales', { p_from: '2026-11-07', p_to: '2026-11-07' }).throwOnError()).data!;
    expect(designerSide.map((r: Record<string, unknown>) => [r.side, r.shop, r.copies, r.takings_cents]).sort()).toEqual([
      ['designer', 'Sho Fabrics', 7, null],
      ['designer', 'Tam Threads', 9, null],
    ]);
  });

  it('the report list follows the roles', async () => {
    const slugs = async (m: Member) => ((await m.db.from('reports').select('slug').order('sort_order')).data ?? []).map((r) => r.slug);
    expect(await slugs(reseller)).toEqual(['commissions']);
    expect(await slugs(supplier)).toEqual(['kit-clicks']);
    expect(await slugs(buyer)).toEqual([]);
    // a retailer-only owner gets the in-shop report, not the designers' online-sales reports
    expect(await slugs(shopOwner)).toEqual(['in-shop-sales']);
    expect(await slugs(designer)).toEqual(['sales', 'pattern-performance', 'downloads', 'customers', 'payouts', 'wholesale', 'in-shop-sales']);
    const anon = await fetch(`${stack.url}/rest/v1/rpc/report_kit_clicks`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: '{"p_from":"2026-10-01","p_to":"2026-10-31"}',
    });
    expect(anon.status).toBe(401);
  });
});
