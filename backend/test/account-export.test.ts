// The account export (issue #11) through the export function with real sessions: a ZIP with
// the member's data as JSON and every pattern they own stamped with their name and order
// number; nothing of anyone else's; kept privately and emailed as a signed link.
import crypto from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePatternPdf, pageTexts } from '../../supabase/test/catalog-own-pdf.ts';
import { startTestStack, type TestStack } from './harness.ts';
import { serviceClient, signedInMember, storeWithPattern } from './members.ts';

let stack: TestStack;
const service = () => serviceClient(stack);

const person = (label: string, name: string) => signedInMember(stack, label, name);

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('account export', () => {
  it('is a ZIP of my data and my patterns stamped for me, and a link by email', async () => {
    const designer = await person('designer', 'Dana Designer');
    const buyer = await person('buyer', 'Zoë Exporter');
    const stranger = await person('stranger', 'Sam Stranger');
    const { storeId: store, patternId: pattern } = await storeWithPattern(designer, 'dana');
    const original = await makePatternPdf('Harbour Wrap Dress', 2);
    const path = `${store}/${pattern}/a4/v1.pdf`;
    expect((await designer.db.storage.from('pattern-files').upload(path, original, { contentType: 'application/pdf' })).error).toBeNull();
    const digest = crypto.createHash('sha256').update(original).digest('hex');
    expect((await designer.db.rpc('attach_pattern_file', { pattern_id: pattern, format: 'a4', version: 1, size_bytes: original.byteLength, sha256: digest, changes: '' })).error).toBeNull();
    const order = (await service().from('orders').insert({ buyer_id: buyer.id, buyer_email: buyer.email, status: 'paid', currency: 'USD', subtotal_cents: 1400, total_cents: 1400 }).select('id, number').single()).data!;
    await service().from('order_items').insert({ order_id: order.id, pattern_id: pattern, store_id: store, unit_price_cents: 1400, currency: 'USD' }).throwOnError();
    // Someone else's order must not show up in mine.
    await service().from('orders').insert({ buyer_id: stranger.id, buyer_email: stranger.email, status: 'paid', currency: 'USD', subtotal_cents: 900, total_cents: 900 }).throwOnError();

    const res = await fetch(`${stack.url}/functions/v1/export`, { method: 'POST', headers: { apikey: stack.anonKey, authorization: `Bearer ${buyer.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(zip.byteLength);
    const files = unzipSync(zip);
    const names = Object.keys(files).sort();
    expect(names).toEqual(['README.txt', `patterns/Harbour-Wrap-Dress-${pattern.slice(0, 8)}-a4-v1.pdf`, 'stitchhouse-account.json']);

    const account = JSON.parse(strFromU8(files['stitchhouse-account.json']!));
    expect(account.email).toBe(buyer.email);
    expect(account.profile.display_name).toBe('Zoë Exporter');
    expect(account.orders).toHaveLength(1);
    expect(account.orders[0]).toMatchObject({ number: order.number, total_cents: 1400, order_items: [expect.objectContaining({ unit_price_cents: 1400, quantity: 1 })] });
    expect(account.library).toEqual([expect.objectContaining({ pattern_id: pattern, source: 'purchase' })]);
    expect(account.patterns_not_included).toEqual([]);

    const pages = await pageTexts(files[names[1]!]!);
    expect(pages).toHaveLength(2);
    expect(pages[0]!.join(' ')).toContain('Zoë Exporter');
    expect(pages[0]!.join(' ')).toContain(String(order.number));

    const mail = await fetch(`${stack.url}/mail/api/messages?to=${encodeURIComponent(buyer.email)}`, { headers: { apikey: stack.serviceRoleKey } });
    const message = ((await mail.json()) as Array<{ subject: string; links: string[] }>).find((m) => m.subject === 'Your Stitchhouse export is ready');
    const link = message?.links.find((l) => l.includes('/storage/v1/object/sign/account-exports/'));
    expect(link).toBeTruthy();
    const viaLink = await fetch(link!);
    expect(viaLink.status).toBe(200);
    expect(new Uint8Array(await viaLink.arrayBuffer())).toEqual(zip);
    // The stored export is nobody else's to read (not even the member's, except by the link).
    expect((await stranger.db.storage.from('account-exports').list(buyer.id)).data ?? []).toEqual([]);
  });

  it('needs a signed-in member', async () => {
    const res = await fetch(`${stack.url}/functions/v1/export`, { method: 'POST', headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` } });
    expect(res.status).toBe(401);
  });
});
