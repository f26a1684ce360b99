// The account export through the real functions with real sessions. The export
// function answers a plan (the member's data as JSON, the owned patterns to fetch); the ZIP is
// built by shared/src/account/exportArchive.ts — the module mf-account's screen runs — from
// /download's stamped copies (each recorded as a download); it is uploaded with the function's
// signed upload and its one-hour link emailed. Nothing of anyone else's anywhere.
import crypto from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExportArchive, ExportFailure, mailExportLink, startExport, tokenTransport } from '../../../shared/src/account/exportArchive.ts';
import { exportPlan } from '../../../shared/src/contracts/export.ts';
import * as kit from '../../../shared/src/testing/kit.ts';
import { makePatternPdf, pageTexts } from '../catalog-own-pdf.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { paidOrder, serviceClient, signedInMember, storeWithPattern, type Member } from '../../../backend/test/members.ts';

let stack: TestStack;
const service = () => serviceClient(stack);
const person = (label: string, name: string) => signedInMember(stack, label, name);
const transport = (m: Member) => tokenTransport(stack.url, stack.anonKey, () => m.token);
const post = (token: string, body?: unknown) =>
  fetch(`${stack.url}/functions/v1/export`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const downloadsOf = async (userId: string) =>
  (await service().from('downloads').select('pattern_id').eq('user_id', userId)).data!.map((d) => d.pattern_id as string);

/** A pattern of the designer's store with an A4 file attached (as the publishing page does it). */
async function patternWithFile(designer: Member, title: string, pages = 1, store?: string) {
  const storeId = store ?? (await storeWithPattern(designer, 'dana')).storeId;
  const pattern = (
    await designer.db.from('patterns').insert({ store_id: storeId, title, craft: 'sewing', category: 'dresses', price_cents: 1400 }).select('id').single()
  ).data!;
  const original = await makePatternPdf(title, pages);
  expect(
    (await designer.db.storage.from('pattern-files').upload(`${storeId}/${pattern.id}/a4/v1.pdf`, original, { contentType: 'application/pdf' })).error,
  ).toBeNull();
  const digest = crypto.createHash('sha256').update(original).digest('hex');
  expect(
    (
      await designer.db.rpc('attach_pattern_file', {
        pattern_id: pattern.id,
        format: 'a4',
        version: 1,
        size_bytes: original.byteLength,
        sha256: digest,
        changes: '',
      })
    ).error,
  ).toBeNull();
  return { storeId, patternId: pattern.id as string };
}

const buy = (buyer: Member, storeId: string, patternId: string) => paidOrder(stack, buyer, storeId, patternId);

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('account export', () => {
  it('is a ZIP of my data and my patterns stamped for me (each a recorded download), and a link by email', async () => {
    const designer = await person('designer', 'Dana Designer');
    const buyer = await person('buyer', 'Zoë Exporter');
    const stranger = await person('stranger', 'Sam Stranger');
    const { storeId: store, patternId: pattern } = await patternWithFile(designer, 'Harbour Wrap Dress', 2);
    // owned, but the designer has not uploaded its file yet: left out, with the reason
    const bare = (
      await designer.db
        .from('patterns')
        .insert({ store_id: store, title: 'Bare Bodice', craft: 'sewing', category: 'tops', price_cents: 900 })
        .select('id')
        .single()
    ).data!;
    const order = await buy(buyer, store, pattern);
    await buy(buyer, store, bare.id as string);
    // Someone else's order must not show up in mine.
    await service()
      .from('orders')
      .insert({ buyer_id: stranger.id, buyer_email: stranger.email, status: 'paid', currency: 'USD', subtotal_cents: 900, total_cents: 900 })
      .throwOnError();

    // 1. The plan: my data, the patterns to fetch, a signed upload into my own folder.
    const raw = await post(buyer.token, {});
    expect(raw.status).toBe(200);
    expect(raw.headers.get('access-control-allow-origin')).toBe('*'); // the function's own CORS
    expect(raw.headers.get('x-export-skipped')).toBe('1');
    const plan = exportPlan.parse(await raw.json());
    expect(plan.email).toBe(buyer.email);
    expect(plan.patterns).toEqual([
      { pattern_id: pattern, title: 'Harbour Wrap Dress', format: 'a4', file: `patterns/Harbour-Wrap-Dress-${pattern.slice(0, 8)}-a4-v1.pdf` },
    ]);
    expect(plan.not_included).toEqual([expect.objectContaining({ pattern_id: bare.id, title: 'Bare Bodice', code: 'file_missing' })]);
    expect(plan.upload.path).toMatch(new RegExp(`^${buyer.id}/stitchhouse-export-.+\\.zip$`));
    expect(await downloadsOf(buyer.id)).toEqual([]); // nothing stamped yet

    // 2. The ZIP, built as the page builds it: every copy from /download, counted there.
    const progress: number[] = [];
    const archive = await buildExportArchive(plan, transport(buyer), { onProgress: (p) => progress.push(p.done) });
    expect(progress.at(-1)).toBe(1);
    expect(archive.included).toBe(1);
    expect(await downloadsOf(buyer.id)).toEqual([pattern]);
    const zip = new Uint8Array(await archive.zip.arrayBuffer());
    const files = unzipSync(zip);
    const names = Object.keys(files).sort();
    expect(names).toEqual(['README.txt', `patterns/Harbour-Wrap-Dress-${pattern.slice(0, 8)}-a4-v1.pdf`, 'stitchhouse-account.json']);

    const account = JSON.parse(strFromU8(files['stitchhouse-account.json']!));
    expect(account.email).toBe(buyer.email);
    expect(account.profile.display_name).toBe('Zoë Exporter');
    expect(account.orders).toHaveLength(2);
    expect(account.orders[0]).toMatchObject({
      number: order.number,
      total_cents: 1400,
      order_items: [expect.objectContaining({ unit_price_cents: 1400, quantity: 1 })],
    });
    expect(account.library).toEqual(expect.arrayContaining([expect.objectContaining({ pattern_id: pattern, source: 'purchase' })]));
    expect(account.patterns_not_included).toEqual([
      expect.objectContaining({ title: 'Bare Bodice', code: 'file_missing', reason: expect.stringMatching(/not uploaded/) }),
    ]);

    const pages = await pageTexts(files[names[1]!]!);
    expect(pages).toHaveLength(2);
    expect(pages[0]!.join(' ')).toContain('Zoë Exporter');
    expect(pages[0]!.join(' ')).toContain(String(order.number));

    // 3. Before the upload there is nothing to mail; the signed upload takes the ZIP (as the page's XHR sends it).
    expect(
      await post(buyer.token, { step: 'mail', path: plan.upload.path, patterns: 1, not_included: 1 }).then(async (r) => [
        r.status,
        (await r.json()).error.code,
      ]),
    ).toEqual([404, 'export_missing']);
    const uploaded = await kit
      .anonClient(stack)
      .storage.from('account-exports')
      .uploadToSignedUrl(plan.upload.path, plan.upload.token, archive.zip, { contentType: 'application/zip' });
    expect(uploaded.error).toBeNull();
    const mailed = await mailExportLink(transport(buyer), plan, archive);
    expect(mailed.mailed).toBe(true);
    expect(Date.parse(mailed.expires_at) - Date.now()).toBeGreaterThan(3500_000);

    const message = await kit.mailWithSubject(stack, buyer.email, 'Your Stitchhouse export is ready');
    expect(message.text).toContain('Your account export (1 pattern) is ready.'); // not "(1 patterns)"
    expect(message.text).toMatch(/1 of your patterns is not in it/);
    const link = message.links.find((l) => l.includes('/storage/v1/object/sign/account-exports/'));
    expect(link).toBeTruthy();
    const viaLink = await fetch(link!);
    expect(viaLink.status).toBe(200);
    expect(new Uint8Array(await viaLink.arrayBuffer())).toEqual(zip);

    // The stored export is nobody else's to read or list (not even the member's, except by the link).
    expect((await stranger.db.storage.from('account-exports').list(buyer.id)).data ?? []).toEqual([]);
    expect((await buyer.db.storage.from('account-exports').list(buyer.id)).data ?? []).toEqual([]);
    expect((await stranger.db.storage.from('account-exports').download(plan.upload.path)).data).toBeNull();
    // Nor can another member have its link mailed to them.
    const theirs = await post(stranger.token, { step: 'mail', path: plan.upload.path, patterns: 1, not_included: 0 });
    expect(theirs.status).toBe(403);
    expect((await theirs.json()).error).toMatchObject({ code: 'not_your_export', message: expect.any(String) });
    // The signed upload writes that one path only.
    const elsewhere = await kit
      .anonClient(stack)
      .storage.from('account-exports')
      .uploadToSignedUrl(`${stranger.id}/stitchhouse-export-2026-01-01T00-00-00-000Z.zip`, plan.upload.token, archive.zip, { contentType: 'application/zip' });
    expect(elsewhere.error).not.toBeNull();
  });

  it('leaves out what /download refuses, says why, and stops when the session ends', async () => {
    const designer = await person('designer', 'Olga Owner');
    const buyer = await person('buyer', 'Petra Packer');
    const a = await patternWithFile(designer, 'Anchor Apron');
    const b = await patternWithFile(designer, 'Buoy Blouse', 1, a.storeId);
    await buy(buyer, a.storeId, a.patternId);
    await buy(buyer, b.storeId, b.patternId);
    const plan = await startExport(transport(buyer));
    expect(plan.patterns.map((p) => p.title).sort()).toEqual(['Anchor Apron', 'Buoy Blouse']);
    // Between the plan and the fetch, one purchase is refunded (the entitlement revoked).
    await service().from('entitlements').update({ revoked_at: new Date().toISOString() }).eq('user_id', buyer.id).eq('pattern_id', b.patternId).throwOnError();
    const archive = await buildExportArchive(plan, transport(buyer), { concurrency: 2 });
    expect(archive.included).toBe(1);
    expect(archive.notIncluded).toEqual([
      expect.objectContaining({ title: 'Buoy Blouse', code: 'not_available', reason: expect.stringMatching(/not purchased/i) }),
    ]);
    const files = unzipSync(new Uint8Array(await archive.zip.arrayBuffer()));
    expect(Object.keys(files).filter((n) => n.startsWith('patterns/'))).toEqual([expect.stringContaining('Anchor-Apron')]);
    expect(JSON.parse(strFromU8(files['stitchhouse-account.json']!)).patterns_not_included).toEqual(archive.notIncluded);

    // A token that is no longer valid stops the export with the function's words.
    const failure = await buildExportArchive(
      plan,
      tokenTransport(stack.url, stack.anonKey, () => stack.anonKey),
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ExportFailure);
    expect(failure).toMatchObject({ code: 'not_signed_in' });
  });

  it('needs a signed-in member and a body it understands', async () => {
    const anon = await post(stack.anonKey, {});
    expect(anon.status).toBe(401);
    expect((await anon.json()).error).toMatchObject({ code: 'not_signed_in', message: expect.any(String), details: null });
    const buyer = await person('buyer', 'Bad Body');
    const bad = await post(buyer.token, { step: 'mail' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('bad_request');
    const forged = await post(buyer.token, { step: 'mail', path: `${buyer.id}/../x.zip`, patterns: 0, not_included: 0 });
    expect(forged.status).toBe(403);
    const get = await fetch(`${stack.url}/functions/v1/export`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${buyer.token}` } });
    expect(get.status).toBe(405);
  });
});
