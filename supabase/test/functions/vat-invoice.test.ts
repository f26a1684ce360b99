// VAT invoices and credit notes, through the real checkout, the embedded Stripe
// sandbox, the verified webhook and the `invoice` function with real tokens:
// - a paid order has one invoice, numbered by the database (gap-free, in the order orders are
//   paid; an unpaid checkout takes no number), and its buyer downloads it as a PDF whose text
//   carries the seller(s), the platform as the VAT collector, the buyer, each line's net, VAT rate,
//   VAT and gross, and the totals;
// - another buyer, the store that sold the line and a visitor are refused (the function and the
//   database's order_invoice both; the invoices table under row-level security);
// - the receipt links to the invoice on /payment; a refund makes a credit note with its own
//   number and emails the buyer the amount, the patterns, what happens to their access and the link.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceError, invoiceFileName, invoiceNumberLabel, invoiceResponseHeaders } from '../../../shared/src/contracts/invoice.ts';
import { vatIncluded } from '../../../shared/src/pricing.ts';
import * as kit from '../../../shared/src/testing/kit.ts';
import { documentText as pdfText } from '../pdf-text.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { signedInPeople, stripeSandboxCall, type Person } from '../../../backend/test/payments-people.ts';

let stack: TestStack;
let sdk: Stripe;
let people: Record<'buyer' | 'buyer2' | 'designer' | 'shop', Person>;
const S = { designer: '', shop: '' };
const P = { dress: '', scarf: '', coat: '' };
let first: { orderId: string; number: number; invoice: number };

async function sql(text: string, values: unknown[] = []) {
  return (await stack.pool.query(text, values)).rows;
}
const call = (fn: string, who: Person | null, body: unknown) => kit.callFunction(stack, fn, who?.token ?? null, body);
const sandboxCall = (method: string, path: string, body?: unknown) => stripeSandboxCall(stack, method, path, body);
const idle = () => sandboxCall('GET', '/webhooks/idle?timeout_ms=30000');

async function buy(who: Person, patternIds: string[], country = 'DE'): Promise<{ orderId: string; sessionId: string }> {
  const res = await call('checkout', who, { items: patternIds.map((id) => ({ pattern_id: id, quantity: 1, kind: 'digital' })), country });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [order] = await sql('select provider_session_id from public.orders where id = $1', [res.body.order_id]);
  return { orderId: res.body.order_id, sessionId: order!.provider_session_id as string };
}
async function buyAndPay(who: Person, patternIds: string[], country = 'DE') {
  const { orderId, sessionId } = await buy(who, patternIds, country);
  const paid = await sandboxCall('POST', `/checkout/${sessionId}/pay`, { card: '4242424242424242' });
  expect(paid.status).toBe('succeeded');
  await untilStatus(orderId, 'paid');
  return orderId;
}
const orderRow = async (orderId: string) => (await sql('select * from public.orders where id = $1', [orderId]))[0]!;
const untilStatus = (orderId: string, status: string) =>
  kit.waitFor(`order ${orderId} ${status}`, async () => ((await orderRow(orderId)).status === status ? true : undefined));
const documents = (orderId: string) =>
  sql(
    `select kind, number::int as number, gross_cents, vat_cents, order_item_ids::text[] as items from public.invoices where order_id = $1 order by kind desc, number`,
    [orderId],
  );

/** GET /functions/v1/invoice as `who` (null: the anon key only). */
async function getInvoice(who: Person | null, query: string) {
  const res = await fetch(`${stack.url}/functions/v1/invoice?${query}`, {
    headers: { apikey: stack.anonKey, authorization: `Bearer ${who?.token ?? stack.anonKey}`, origin: 'http://localhost:3000' },
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const isPdf = res.headers.get('content-type') === 'application/pdf';
  return { status: res.status, headers: Object.fromEntries(res.headers.entries()), bytes, body: isPdf ? null : JSON.parse(new TextDecoder().decode(bytes)) };
}

const euro = (cents: number) => `${cents < 0 ? '-' : ''}€${(Math.abs(cents) / 100).toFixed(2)}`;

beforeAll(async () => {
  stack = await startTestStack({ seed: false, stripe: { retry: { baseMs: 200, maxMs: 1_000, maxAttempts: 12 } } });
  if (!stack.stripe) throw new Error('the test stack has no Stripe sandbox');
  const url = new URL(stack.stripe.url);
  sdk = new Stripe(stack.stripe.secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http' });
  people = await signedInPeople(stack, ['buyer', 'buyer2', 'designer', 'shop']);
  await sql(`update public.profiles set display_name = 'Renée Müller' where id = $1`, [people.buyer.id]);
  const [d, s] = await sql(
    `insert into public.stores (owner_id, slug, kind, name, currency, plan, country, address_line1, city, postal_code) values
      ($1, 'inv-studio', 'designer', 'Harbour Studio', 'EUR', 'free', 'IE', null, null, null),
      ($2, 'inv-shop', 'retailer', 'Linen & Thread', 'EUR', 'pro', 'DE', 'Hauptstraße 5', 'Berlin', '10115')
    returning id`,
    [people.designer.id, people.shop.id],
  );
  S.designer = d!.id;
  S.shop = s!.id;
  const patterns = await sql(
    `insert into public.patterns (store_id, title, craft, category, status, price_cents, currency) values
      ($1, 'Wrap Dress', 'sewing', 'dress', 'published', 1200, 'EUR'), ($2, 'Gift Scarf', 'knitting', 'scarf', 'published', 900, 'EUR'),
      ($1, 'Harbour Coat', 'sewing', 'coat', 'published', 2400, 'EUR')
    returning id`,
    [S.designer, S.shop],
  );
  [P.dress, P.scarf, P.coat] = patterns.map((p) => p.id as string) as [string, string, string];
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('the VAT invoice of a paid order', () => {
  it('is issued once the order is paid, and its buyer downloads it as a PDF with the numbers of the order', async () => {
    const before = await sql(`select coalesce(max(number), 0)::int as n from public.invoices where kind = 'invoice'`);
    const orderId = await buyAndPay(people.buyer, [P.dress, P.scarf]);
    const order = await orderRow(orderId);
    const docs = await documents(orderId);
    expect(docs).toEqual([{ kind: 'invoice', number: before[0]!.n + 1, gross_cents: 2100, vat_cents: order.vat_cents, items: [] }]);
    first = { orderId, number: Number(order.number), invoice: docs[0]!.number };

    const res = await getInvoice(people.buyer, `order_id=${orderId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(invoiceResponseHeaders.safeParse(res.headers).success, JSON.stringify(res.headers)).toBe(true);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoiceFileName('invoice', first.invoice)}"`);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(new TextDecoder().decode(res.bytes.subarray(0, 5))).toBe('%PDF-');

    const text = await pdfText(res.bytes);
    const items = await sql(
      `select title, vat_cents, unit_price_cents - discount_cents as gross from public.order_items where order_id = $1 order by title desc`,
      [orderId],
    );
    expect(items.map((i) => i.vat_cents)).toEqual([vatIncluded(1200, 1900), vatIncluded(900, 1900)]);
    expect(text).toContain('VAT invoice');
    expect(text).toContain(`Invoice number: ${invoiceNumberLabel('invoice', first.invoice)}`);
    expect(text).toContain(`Issue date: ${new Date(order.paid_at).toISOString().slice(0, 10)}`);
    expect(text).toContain(`Order: ${first.number}`);
    // the platform collects the VAT (OSS, the buyer's country's rate), for the sellers named
    expect(text).toContain('charges, collects and pays the VAT');
    expect(text).toContain('One-Stop Shop');
    expect(text).toContain('Harbour Studio (designer), Ireland');
    expect(text).toContain('Linen & Thread (shop), Hauptstraße 5, 10115 Berlin, Germany');
    // the buyer as the account names them (Helvetica draws é and ü)
    expect(text).toContain('Renée Müller');
    expect(text).toContain(people.buyer.email);
    expect(text).toContain('Country: Germany (DE)');
    // each line: net, rate, VAT, gross
    for (const item of items) {
      expect(text).toContain(`${item.title}, digital pattern (PDF)`);
      expect(text).toContain(`${euro(item.gross - item.vat_cents)}\n19 %\n${euro(item.vat_cents)}\n${euro(item.gross)}`);
    }
    const vat = items.reduce((s, i) => s + i.vat_cents, 0);
    expect(vat).toBe(order.vat_cents);
    expect(text).toContain(`Total net (EUR)\n${euro(2100 - vat)}`);
    expect(text).toContain(`VAT 19 % (EUR)\n${euro(vat)}`);
    expect(text).toContain(`Total paid (EUR)\n${euro(2100)}`);
  });

  it('is refused to another buyer, to the store that sold the line and to a visitor, and lists for its buyer only', async () => {
    for (const who of [people.buyer2, people.shop, people.designer]) {
      const res = await getInvoice(who, `order_id=${first.orderId}`);
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(invoiceError.parse(res.body).error.code).toBe('not_found');
      const rpc = await kit.rpcAs(stack, who.token, 'order_invoice', { p_order_id: first.orderId });
      expect(rpc.status).toBe(404);
      expect(rpc.body.message).toMatch(/no invoice for this order in your account/);
      const rows = await who.db.from('invoices').select('number').eq('order_id', first.orderId);
      expect(rows.error).toBeNull();
      expect(rows.data).toEqual([]);
    }
    const visitor = await getInvoice(null, `order_id=${first.orderId}`);
    expect(visitor.status).toBe(401);
    expect(invoiceError.parse(visitor.body).error.code).toBe('not_signed_in');
    const bad = await getInvoice(people.buyer, 'order_id=not-an-order');
    expect(bad.status).toBe(400);
    expect(invoiceError.parse(bad.body).error.code).toBe('invalid_request');
    const mine = await people.buyer.db.from('invoices').select('kind, number').eq('order_id', first.orderId);
    expect(mine.data).toEqual([{ kind: 'invoice', number: first.invoice }]);
    // nobody writes them through the API, not even the buyer
    const write = await people.buyer.db.from('invoices').update({ gross_cents: 1 }).eq('order_id', first.orderId).select();
    expect(write.error?.code ?? (write.data?.length === 0 ? 'no rows' : 'updated')).not.toBe('updated');
    expect((await documents(first.orderId))[0]!.gross_cents).toBe(2100);
  });

  it('numbers invoices one after another in the order orders are paid; a checkout never paid takes none', async () => {
    const unpaid = await buy(people.buyer2, [P.coat]);
    const second = await buyAndPay(people.buyer2, [P.scarf], 'FR');
    const third = await buyAndPay(people.buyer, [P.coat]);
    expect(await documents(unpaid.orderId)).toEqual([]);
    const [two] = await documents(second);
    const [three] = await documents(third);
    expect([two!.number, three!.number]).toEqual([first.invoice + 1, first.invoice + 2]);
    const all = await sql(`select number::int as n from public.invoices where kind = 'invoice' order by number`);
    expect(all.map((r) => r.n)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    // the French buyer's invoice is at France's rate
    const text = await pdfText((await getInvoice(people.buyer2, `order_id=${second}`)).bytes);
    expect(text).toContain('Country: France (FR)');
    expect(text).toContain(`${euro(900 - vatIncluded(900, 2000))}\n20 %\n${euro(vatIncluded(900, 2000))}\n${euro(900)}`);
  });

  it('is linked from the receipt: the order on /payment, where the PDF is downloaded', async () => {
    const receipt = await kit.waitFor('the receipt', async () =>
      (await kit.inbox(stack, people.buyer.email)).find((m) => m.subject.includes(`order ${first.number}`)),
    );
    expect(receipt.text).toContain(
      `Your VAT invoice ${invoiceNumberLabel('invoice', first.invoice)} (PDF): http://localhost:3000/payment?order=${first.orderId}`,
    );
    expect(receipt.html).toContain(`href="http://localhost:3000/payment?order=${first.orderId}"`);
  });
});

describe('a refund', () => {
  it('makes a credit note with its own number and emails the buyer the amount, the pattern, their access and the link', async () => {
    const [line] = await sql(`select id from public.order_items where order_id = $1 and pattern_id = $2`, [first.orderId, P.dress]);
    const creditsBefore = (await sql(`select coalesce(max(number), 0)::int as n from public.invoices where kind = 'credit_note'`))[0]!.n;
    const res = await call('refund', people.designer, { order_id: first.orderId, order_item_id: line!.id, reason: 'requested_by_customer' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await untilStatus(first.orderId, 'partially_refunded');
    const vat = vatIncluded(1200, 1900);
    expect((await documents(first.orderId)).slice(1)).toEqual([
      { kind: 'credit_note', number: creditsBefore + 1, gross_cents: 1200, vat_cents: vat, items: [line!.id] },
    ]);
    const cn = invoiceNumberLabel('credit_note', creditsBefore + 1);

    const mail = await kit.waitFor('the refund mail', async () =>
      (await kit.inbox(stack, people.buyer.email)).find((m) => /refund/i.test(m.subject) && m.text.includes(cn)),
    );
    expect(mail.subject).toBe(`Your Stitchhouse refund: €12.00 for order ${first.number}`);
    expect(mail.text).toContain(`We have refunded €12.00 (including ${euro(vat)} VAT) for order ${first.number}`);
    expect(mail.text).toContain('Refunded: Wrap Dress');
    expect(mail.text).toContain('Wrap Dress: no longer in your library; its download links stop working.');
    expect(mail.text).toContain('The rest of the order stays yours: Gift Scarf.');
    expect(mail.text).toContain(
      `Credit note ${cn} (it corrects invoice ${invoiceNumberLabel('invoice', first.invoice)}) and your invoice: http://localhost:3000/payment?order=${first.orderId}`,
    );
    // and so it is: the dress's entitlement is gone, the scarf's stays
    const access = await sql(`select pattern_id, revoked_at is null as active from public.entitlements where user_id = $1 and pattern_id = any($2::uuid[])`, [
      people.buyer.id,
      [P.dress, P.scarf],
    ]);
    expect(Object.fromEntries(access.map((a) => [a.pattern_id, a.active]))).toEqual({ [P.dress]: false, [P.scarf]: true });

    // the credit note's PDF, for the buyer only
    const pdf = await getInvoice(people.buyer, `order_id=${first.orderId}&credit_note=${creditsBefore + 1}`);
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${invoiceFileName('credit_note', creditsBefore + 1)}"`);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Credit note');
    expect(text).toContain(`Credit note number: ${cn}`);
    expect(text).toContain(`Credits invoice ${invoiceNumberLabel('invoice', first.invoice)}`);
    expect(text).toContain(`${euro(-(1200 - vat))}\n19 %\n${euro(-vat)}\n${euro(-1200)}`);
    expect(text).toContain(`Total credited (EUR)\n${euro(-1200)}`);
    expect(text).not.toContain('Gift Scarf');
    expect((await getInvoice(people.shop, `order_id=${first.orderId}&credit_note=${creditsBefore + 1}`)).status).toBe(404);
    // the invoice now names the credit note
    const invoiceText = await pdfText((await getInvoice(people.buyer, `order_id=${first.orderId}`)).bytes);
    expect(invoiceText).toContain(`Credit note ${cn} of`);

    // the rest refunded (by the shop that sold it): a second credit note, the next number, one more mail
    const rest = await call('refund', people.shop, { order_id: first.orderId });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    await untilStatus(first.orderId, 'refunded');
    const notes = (await documents(first.orderId)).slice(1);
    expect(notes.map((n) => [n.number, n.gross_cents, n.vat_cents])).toEqual([
      [creditsBefore + 1, 1200, vat],
      [creditsBefore + 2, 900, vatIncluded(900, 1900)],
    ]);
    const second = await kit.waitFor('the second refund mail', async () =>
      (await kit.inbox(stack, people.buyer.email)).find((m) => m.text.includes(invoiceNumberLabel('credit_note', creditsBefore + 2))),
    );
    expect(second.text).toContain('Gift Scarf: no longer in your library');
    expect(second.text).not.toContain('stays yours');
    await idle();
    // every delivery of the refund events applied, each credit note mailed once
    const refundMails = (await kit.inbox(stack, people.buyer.email)).filter((m) => /refund/i.test(m.subject));
    expect(refundMails).toHaveLength(2);
  });

  it('a refund of part of the price covering no whole line is a credit note of that amount with the VAT it contains', async () => {
    const orderId = await buyAndPay(people.buyer2, [P.coat], 'DE');
    const order = await orderRow(orderId);
    await sdk.refunds.create({ payment_intent: order.provider_payment_intent_id, amount: 500 }); // e.g. from the dashboard
    const note = await kit.waitFor('the credit note', async () => (await documents(orderId)).find((d) => d.kind === 'credit_note'));
    expect(note).toMatchObject({ gross_cents: 500, vat_cents: vatIncluded(500, 1900), items: [] });
    const mail = await kit.waitFor('the refund mail', async () =>
      (await kit.inbox(stack, people.buyer2.email)).find((m) => m.text.includes(invoiceNumberLabel('credit_note', note.number))),
    );
    expect(mail.text).toContain('We have refunded €5.00');
    expect(mail.text).toContain('the patterns of this order stay in your library');
    const text = await pdfText((await getInvoice(people.buyer2, `order_id=${orderId}&credit_note=${note.number}`)).bytes);
    expect(text).toContain(`Partial refund of order ${order.number}`);
    expect(text).toContain(`Total credited (EUR)\n${euro(-500)}`);
  });

  it('an order recorded refunded in one go (as the demo seed writes it) gets its invoice first, then one credit note for the whole, and no email', async () => {
    const vat = vatIncluded(2400, 1900);
    const [order] = await sql(
      `insert into public.orders (buyer_id, buyer_email, status, currency, subtotal_cents, total_cents, vat_cents, vat_rate_bp,
                                 buyer_country, amount_refunded_cents, provider)
                               values ($1, $2, 'pending', 'EUR', 2400, 2400, $3, 1900, 'DE', 2400, 'sandbox') returning id, number`,
      [people.buyer2.id, people.buyer2.email, vat],
    );
    await sql(
      `insert into public.order_items (order_id, pattern_id, store_id, unit_price_cents, currency, vat_cents, title)
               values ($1, $2, $3, 2400, 'EUR', $4, 'Harbour Coat')`,
      [order!.id, P.coat, S.designer, vat],
    );
    expect(await documents(order!.id)).toEqual([]); // not paid: neither an invoice nor a credit note
    await sql(`update public.orders set status = 'paid', paid_at = now() - interval '2 days' where id = $1`, [order!.id]);
    await sql(`update public.order_items set refunded_at = now() where order_id = $1`, [order!.id]);
    await sql(`update public.orders set status = 'refunded' where id = $1`, [order!.id]);
    const docs = await documents(order!.id);
    expect(docs.map((d) => [d.kind, d.gross_cents, d.vat_cents])).toEqual([
      ['invoice', 2400, vat],
      ['credit_note', 2400, vat],
    ]);
    const [notice] = await sql(`select notice_due from public.invoices where order_id = $1 and kind = 'credit_note'`, [order!.id]);
    expect(notice!.notice_due).toBe(false);
    const text = await pdfText((await getInvoice(people.buyer2, `order_id=${order!.id}&credit_note=${docs[1]!.number}`)).bytes);
    expect(text).toContain(`Harbour Coat, digital pattern (PDF)\n1\n${euro(-(2400 - vat))}\n19 %\n${euro(-vat)}\n${euro(-2400)}`);
    expect((await kit.inbox(stack, people.buyer2.email)).filter((m) => m.text.includes(invoiceNumberLabel('credit_note', docs[1]!.number)))).toEqual([]);
  });
});
