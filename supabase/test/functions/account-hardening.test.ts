// Account deletion, update mails, the export and attached files, through the real PostgREST,
// storage, functions and Stripe sandbox with real tokens:
//   - deleting an account leaves nothing of the person: no table (every schema the product
//      keeps: public, auth, storage, catalog_search), no stored file and no stored provider
//      event holds their email, name or avatar; their reviews and review photos are gone.
//   - a store cannot write pattern_versions (or notified_at) itself, and buyers get at most one
//      update mail per pattern per day (pattern-updated answers 429 after that).
//   - the account export counts its stamped copies against the download limit and records them.
//   - /rest/v1 exposes only public and graphql_public; attach_pattern_file checks the object the
//      storage service stored (its size and sha256 as the service measured them; PDF by its bytes);
//      and a store writes its pattern_files rows only through attach_pattern_file, never directly.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePatternPdf } from '../catalog-own-pdf.ts';
import { buildExportArchive, startExport, tokenTransport } from '../../../shared/src/account/exportArchive.ts';
import * as kit from '../../../shared/src/testing/kit.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { stripeSandboxCall } from '../../../backend/test/payments-people.ts';

let stack: TestStack;
const PASSWORD = 'Hardening-test-9';
type Person = { id: string; email: string; token: string; db: import('@supabase/supabase-js').SupabaseClient; name: string };

const sql = async (text: string, values: unknown[] = []) => (await stack.pool.query(text, values)).rows;
const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function person(label: string, name: string): Promise<Person> {
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@hardening.test`;
  return { ...(await kit.signedInPerson(stack, email, PASSWORD, { display_name: name })), name };
}

/** A designer's store with one published pattern (set up as the platform: no checklist) and its A4 file, uploaded and attached by the designer. */
async function publishedPattern(designer: Person, title: string, price = 1200): Promise<{ storeId: string; patternId: string; pdf: Uint8Array }> {
  const [store] = await sql(
    `insert into public.stores (owner_id, slug, kind, name, currency, plan, country) values ($1, $2, 'designer', 'Harbour Studio', 'EUR', 'free', 'IE') returning id`,
    [designer.id, `harbour-${crypto.randomUUID().slice(0, 8)}`],
  );
  const [pattern] = await sql(
    `insert into public.patterns (store_id, title, craft, category, status, price_cents, currency, cover_path) values ($1, $2, 'sewing', 'dress', 'published', $3, 'EUR', 'cover.png') returning id`,
    [store!.id, title, price],
  );
  const storeId = store!.id as string;
  const patternId = pattern!.id as string;
  const pdf = await makePatternPdf(title, 2);
  const up = await designer.db.storage.from('pattern-files').upload(`${storeId}/${patternId}/a4/v1.pdf`, pdf, { contentType: 'application/pdf' });
  expect(up.error).toBeNull();
  const attached = await designer.db.rpc('attach_pattern_file', {
    pattern_id: patternId,
    format: 'a4',
    version: 1,
    size_bytes: pdf.byteLength,
    sha256: sha256(pdf),
    changes: '',
  });
  expect(attached.error).toBeNull();
  return { storeId, patternId, pdf };
}

async function grant(buyer: Person, patternId: string, storeId: string) {
  const [order] = await sql(
    `insert into public.orders (buyer_id, buyer_email, currency, subtotal_cents, total_cents) values ($1, $2, 'EUR', 1200, 1200) returning id`,
    [buyer.id, buyer.email],
  );
  await sql(`insert into public.order_items (order_id, pattern_id, store_id, unit_price_cents, currency) values ($1, $2, $3, 1200, 'EUR')`, [
    order!.id,
    patternId,
    storeId,
  ]);
  await sql(`update public.orders set status = 'paid' where id = $1`, [order!.id]);
}

async function rest(token: string | null, method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.url}/rest/v1/${route}`, {
    method,
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${token ?? stack.anonKey}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

function callDownload(token: string, patternId: string): Promise<Response> {
  return fetch(`${stack.url}/functions/v1/download/${patternId}?format=a4`, { headers: { authorization: `Bearer ${token}`, apikey: stack.anonKey } });
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  if (!stack.stripe) throw new Error('the test stack has no Stripe sandbox');
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

/**
 * Every table of every schema but the system's, and the rows of each whose text holds one of the
 * needles. The product keeps public, auth, storage and catalog_search; _local (the local inbox,
 * a development tool standing in for the recipients' mailboxes, like `supabase start`'s mail
 * catcher; hosted has none) and _stripe_sandbox (the stand-in for Stripe's own records) are not
 * the product's and are reported apart.
 */
async function tablesHolding(needles: string[]): Promise<{ product: string[]; elsewhere: string[] }> {
  const tables = await sql(`select table_schema as s, table_name as t from information_schema.tables
                             where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE' order by 1, 2`);
  expect(tables.filter((t) => ['public', 'auth', 'storage'].includes(t.s as string)).length).toBeGreaterThan(40);
  const hits: string[] = [];
  for (const { s, t } of tables) {
    const ident = `"${String(s).replace(/"/g, '""')}"."${String(t).replace(/"/g, '""')}"`;
    for (const needle of needles) {
      const [row] = await sql(`select count(*)::int as n from ${ident} x where strpos(lower(x::text), lower($1)) > 0`, [needle]);
      if (row!.n > 0) hits.push(`${s}.${t} (${row!.n} rows) holds "${needle}"`);
    }
  }
  const outside = (hit: string) => hit.startsWith('_local.') || hit.startsWith('_stripe_sandbox.');
  return { product: hits.filter((h) => !outside(h)), elsewhere: hits.filter(outside) };
}

/** Stored object files (every bucket, every version on disk) whose bytes hold one of the needles. */
function filesHolding(needles: string[]): string[] {
  const root = path.join(stack.dataDir, 'storage');
  if (!fs.existsSync(root)) return [];
  const hits: string[] = [];
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = fs.readFileSync(file).toString('latin1').toLowerCase();
    for (const needle of needles) if (bytes.includes(needle.toLowerCase())) hits.push(`${path.relative(root, file)} holds "${needle}"`);
  }
  return hits;
}

describe('deleting an account leaves nothing of the person', () => {
  it('scrubs stored payment events, removes review photos and reviews, and no table or bucket holds the email, name or avatar', async () => {
    const designer = await person('designer', 'Dana Draper');
    const leaver = await person('leaver', 'Zephyrine Quillfeather');
    const operator = await person('operator', 'Olive Operator');
    await sql(`insert into public.user_roles (user_id, role) values ($1, 'operator')`, [operator.id]);
    const { patternId } = await publishedPattern(designer, 'Marigold Wrap Dress');

    // A real purchase: checkout, the sandbox's payment page with the buyer's name, the webhook.
    const checkout = await kit.callFunction(stack, 'checkout', leaver.token, {
      items: [{ pattern_id: patternId, quantity: 1, kind: 'digital' }],
      country: 'DE',
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const [order] = await sql('select provider_session_id from public.orders where id = $1', [checkout.body.order_id]);
    const paid = await stripeSandboxCall(stack, 'POST', `/checkout/${order!.provider_session_id}/pay`, {
      card: '4242424242424242',
      name: leaver.name,
      country: 'DE',
    });
    expect(paid.status).toBe('succeeded');
    await kit.waitFor(
      'the order paid',
      async () => (await sql('select status from public.orders where id = $1', [checkout.body.order_id]))[0]!.status === 'paid',
    );
    await kit.waitFor(
      'the payment events stored',
      async () =>
        (await sql(`select count(*)::int as n from public.payment_events where processed_at is not null and strpos(payload::text, $1) > 0`, [leaver.email]))[0]!
          .n >= 2,
    );
    // Before: the operator reads the buyer's address and name in the stored events.
    const before = await rest(operator.token, 'GET', 'payment_events?select=type,payload');
    expect(before.status).toBe(200);
    expect(JSON.stringify(before.body)).toContain(leaver.email);
    expect(JSON.stringify(before.body)).toContain(leaver.name);

    // An avatar, and a review with a photo of the make.
    const avatarPath = `${leaver.id}/avatar-${crypto.randomUUID().slice(0, 6)}.png`;
    expect((await leaver.db.storage.from('avatars').upload(avatarPath, PNG, { contentType: 'image/png' })).error).toBeNull();
    expect((await leaver.db.from('profiles').update({ avatar_path: avatarPath }).eq('id', leaver.id)).error).toBeNull();
    const photoPath = `${patternId}/${leaver.id}/make-${crypto.randomUUID().slice(0, 6)}.png`;
    expect((await leaver.db.storage.from('review-photos').upload(photoPath, PNG, { contentType: 'image/png' })).error).toBeNull();
    const [entitlement] = await sql('select id from public.entitlements where user_id = $1 and pattern_id = $2', [leaver.id, patternId]);
    const review = await leaver.db
      .from('reviews')
      .insert({
        pattern_id: patternId,
        entitlement_id: entitlement!.id,
        rating: 5,
        body: 'Made it in linen, Zephyrine Quillfeather approves.',
        photo_paths: [photoPath],
      })
      .select('id')
      .single();
    expect(review.error).toBeNull();
    const photoUrl = leaver.db.storage.from('review-photos').getPublicUrl(photoPath).data.publicUrl;
    expect((await fetch(photoUrl)).status).toBe(200);

    const done = await kit.callFunction(stack, 'delete-account', leaver.token, { password: PASSWORD });
    expect(done, JSON.stringify(done.body)).toMatchObject({ status: 200, body: { deleted: true, emailed: true } });

    // Nothing of the person in any table, nor in any stored file.
    const needles = [leaver.email, leaver.name, avatarPath, photoPath];
    const held = await tablesHolding(needles);
    expect(held.product).toEqual([]);
    // What is left is outside the product: the mail the person received and the provider's records.
    for (const hit of held.elsewhere) expect(hit).toMatch(/^(_local\.mail_messages|_stripe_sandbox\.\w+) /);
    expect(filesHolding([leaver.email, leaver.name])).toEqual([]);
    expect(await sql(`select bucket_id, name from storage.objects where name like '%' || $1 || '%'`, [leaver.id])).toEqual([]);
    // The photo and the avatar are no longer served; the review is gone from the pattern page.
    expect((await fetch(photoUrl)).status).toBeGreaterThanOrEqual(400);
    expect((await fetch(leaver.db.storage.from('avatars').getPublicUrl(avatarPath).data.publicUrl)).status).toBeGreaterThanOrEqual(400);
    const reviews = await kit.rpcAs(stack, null, 'pattern_reviews', { p_pattern_id: patternId });
    expect(reviews).toMatchObject({ status: 200, body: [] });
    expect((await sql('select review_count from public.pattern_ratings where pattern_id = $1', [patternId]))[0]?.review_count ?? 0).toBe(0);

    // The events keep what the books need: ids, types, amounts.
    const after = await rest(operator.token, 'GET', 'payment_events?select=provider_event_id,type,payload');
    const completed = after.body.find((e: { type: string }) => e.type === 'checkout.session.completed');
    expect(completed.payload.data.object).toMatchObject({
      id: order!.provider_session_id,
      amount_total: expect.any(Number),
      metadata: { order_id: checkout.body.order_id },
    });
    expect(completed.payload.data.object.customer_details.email).toBeNull();
    expect(JSON.stringify(after.body)).not.toContain(leaver.email);

    // The local inbox (a development tool standing in for people's mailboxes) has the goodbye mail,
    // which says the pictures are removed too.
    const goodbye = await kit.mailWithSubject(stack, leaver.email, 'Your Stitchhouse account is deleted');
    expect(goodbye.text).toMatch(/pictures/);
    expect(goodbye.text).toMatch(/reviews/i);
    expect(goodbye.text).not.toContain(leaver.name);
  });
});

describe('pattern update mails', () => {
  let designer: Person;
  let buyer: Person;
  let patternId: string;
  let storeId: string;

  beforeAll(async () => {
    designer = await person('designer', 'Vera Versions');
    buyer = await person('buyer', 'Bea Buyer');
    ({ patternId, storeId } = await publishedPattern(designer, 'Errata Shirt'));
    await grant(buyer, patternId, storeId);
  });

  const newVersion = async (version: number, changes: string) => {
    const pdf = await makePatternPdf(`Errata Shirt v${version}`, 2);
    expect(
      (await designer.db.storage.from('pattern-files').upload(`${storeId}/${patternId}/a4/v${version}.pdf`, pdf, { contentType: 'application/pdf' })).error,
    ).toBeNull();
    const attached = await designer.db.rpc('attach_pattern_file', {
      pattern_id: patternId,
      format: 'a4',
      version,
      size_bytes: pdf.byteLength,
      sha256: sha256(pdf),
      changes,
    });
    expect(attached.error).toBeNull();
    return attached.data as { pattern_version: number };
  };
  const updateMails = async () => (await kit.inbox(stack, buyer.email)).filter((m) => m.subject.startsWith('Updated: Errata Shirt'));

  it('a store cannot write versions or notified_at itself', async () => {
    const forged = await rest(designer.token, 'POST', 'pattern_versions', {
      pattern_id: patternId,
      store_id: storeId,
      version: 7,
      changes: 'Buy my other pattern at evil.example',
    });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('42501');
    const first = await newVersion(2, 'Corrected the collar notch.');
    expect(first.pattern_version).toBe(2);
    const reset = await rest(designer.token, 'PATCH', `pattern_versions?pattern_id=eq.${patternId}`, { notified_at: null });
    expect(reset.status).toBe(403);
    const rewrite = await rest(designer.token, 'PATCH', `pattern_versions?pattern_id=eq.${patternId}`, { changes: 'Something else entirely' });
    expect(rewrite.status).toBe(403);
    expect(await sql('select version, changes from public.pattern_versions where pattern_id = $1', [patternId])).toEqual([
      { version: 2, changes: 'Corrected the collar notch.' },
    ]);
  });

  it('sends once per version and at most one update mail per pattern per day (429 after that)', async () => {
    const sent = await kit.callFunction(stack, 'pattern-updated', designer.token, { pattern_id: patternId, version: 2 });
    expect(sent).toMatchObject({ status: 200, body: { sent: 1, failed: 0 } });
    const again = await kit.callFunction(stack, 'pattern-updated', designer.token, { pattern_id: patternId, version: 2 });
    expect(again).toMatchObject({ status: 200, body: { sent: 0 } });

    const third = await newVersion(3, 'Added the pocket pattern piece.');
    const limited = await kit.callFunction(stack, 'pattern-updated', designer.token, { pattern_id: patternId, version: third.pattern_version });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/one update email per pattern a day/i),
      details: { retry_after: expect.any(String) },
    });
    expect(await updateMails()).toHaveLength(1);
    // The version is not marked as mailed: the store can send it once the day is over.
    expect((await sql('select notified_at from public.pattern_versions where pattern_id = $1 and version = 3', [patternId]))[0]!.notified_at).toBeNull();
    // A day later, it goes.
    await sql(`update public.pattern_versions set notified_at = notified_at - interval '25 hours' where pattern_id = $1 and version = 2`, [patternId]);
    expect(await kit.callFunction(stack, 'pattern-updated', designer.token, { pattern_id: patternId, version: 3 })).toMatchObject({
      status: 200,
      body: { sent: 1 },
    });
    expect(await updateMails()).toHaveLength(2);
  });

  it("the claim behind it is the service's only", async () => {
    const direct = await kit.rpcAs(stack, designer.token, 'claim_pattern_update_mail', { p_pattern_id: patternId, p_version: 3 });
    expect([401, 403, 404]).toContain(direct.status);
  });
});

describe('the export and the download limit', () => {
  it('counts and records every stamped copy; after /download answers 429 the export leaves the pattern out and says why', async () => {
    const designer = await person('designer', 'Lena Limit');
    const buyer = await person('buyer', 'Kit Copier');
    const { patternId, storeId } = await publishedPattern(designer, 'Limit Coat');
    const second = await publishedPattern(designer, 'Spare Scarf');
    await grant(buyer, patternId, storeId);
    await grant(buyer, second.patternId, second.storeId);
    const downloads = async (p: string) =>
      (await sql('select count(*)::int as n from public.downloads where user_id = $1 and pattern_id = $2', [buyer.id, p]))[0]!.n;
    // The export as the account page runs it: the function's plan, then every copy from /download.
    const exportNow = async () => {
      const transport = tokenTransport(stack.url, stack.anonKey, () => buyer.token);
      const archive = await buildExportArchive(await startExport(transport), transport);
      const files = unzipSync(new Uint8Array(await archive.zip.arrayBuffer()));
      return {
        files: Object.keys(files).filter((n) => n.startsWith('patterns/')),
        skipped: String(archive.notIncluded.length),
        account: JSON.parse(strFromU8(files['stitchhouse-account.json']!)),
      };
    };

    // An export under the limit stamps both patterns and records both copies, as downloads.
    const first = await exportNow();
    expect(first.files).toHaveLength(2);
    expect(first.skipped).toBe('0');
    expect(await downloads(patternId)).toBe(1);
    expect(await downloads(second.patternId)).toBe(1);

    // Use up the hour's downloads of one pattern through /download until it answers 429.
    let status = 200;
    for (let i = 0; i < 12 && status === 200; i++) {
      const res = await callDownload(buyer.token, patternId);
      status = res.status;
      await res.arrayBuffer();
    }
    expect(status).toBe(429);
    const recorded = await downloads(patternId);
    expect(recorded).toBe(10);

    const blocked = await exportNow();
    expect(blocked.files).toEqual([expect.stringContaining('Spare-Scarf')]);
    expect(blocked.skipped).toBe('1');
    expect(blocked.account.patterns_not_included).toEqual([
      expect.objectContaining({ title: 'Limit Coat', code: 'rate_limited', reason: expect.stringMatching(/download limit/i) }),
    ]);
    expect(await downloads(patternId)).toBe(recorded);
    expect(await downloads(second.patternId)).toBe(2);
  });
});

describe('storage is not reachable through /rest/v1 and attached files are what storage stored', () => {
  it('answers PGRST106 for the storage schema, as hosted Supabase does, for every role', async () => {
    const designer = await person('designer', 'Rhea Rest');
    for (const token of [null, designer.token, stack.serviceRoleKey]) {
      const list = await rest(token, 'GET', 'objects?select=name,owner,owner_id', undefined, { 'accept-profile': 'storage' });
      expect(list.status).toBe(406);
      expect(list.body.code).toBe('PGRST106');
    }
    const insert = await rest(
      designer.token,
      'POST',
      'objects',
      { bucket_id: 'pattern-files', name: 'x/y/a4/v1.pdf', metadata: { size: 4242, mimetype: 'application/pdf' } },
      { 'content-profile': 'storage' },
    );
    expect(insert.status).toBe(406);
    expect(insert.body.code).toBe('PGRST106');
    // graphql_public is exposed (hosted's second schema); public stays the default.
    const gql = await rest(null, 'GET', 'nothing_here', undefined, { 'accept-profile': 'graphql_public' });
    expect(gql.body?.code).not.toBe('PGRST106');
    // A visitor lists a public bucket through storage, which answers no owner ids.
    const listed = await kit.anonClient(stack).storage.from('pattern-images').list('');
    expect(listed.error).toBeNull();
    expect(JSON.stringify(listed.data)).not.toMatch(/owner/);
  });

  it("refuses an object row with invented metadata and a checksum that is not the stored bytes'; a real upload attaches", async () => {
    const designer = await person('designer', 'Ida Invent');
    const [store] = await sql(`insert into public.stores (owner_id, slug, kind, name) values ($1, $2, 'designer', 'Invent Studio') returning id`, [
      designer.id,
      `invent-${crypto.randomUUID().slice(0, 8)}`,
    ]);
    const [pattern] = await sql(
      `insert into public.patterns (store_id, title, craft, category, price_cents) values ($1, 'Ghost Skirt', 'sewing', 'skirt', 900) returning id`,
      [store!.id],
    );
    const storeId = store!.id as string;
    const patternId = pattern!.id as string;
    const attach = (version: number, size: number, digest: string) =>
      designer.db.rpc('attach_pattern_file', { pattern_id: patternId, format: 'a4', version, size_bytes: size, sha256: digest, changes: '' });

    // A row written as the member (any path but the storage service: REST if it were exposed, a
    // function running as them) with metadata of a PDF that has no bytes behind it.
    const invented = `${storeId}/${patternId}/a4/v1.pdf`;
    const fakeDigest = 'ab'.repeat(32);
    const client = await stack.pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
        JSON.stringify({ sub: designer.id, role: 'authenticated' }),
      ]);
      await client.query(`insert into storage.objects (bucket_id, name, owner_id, metadata) values ('pattern-files', $1, $2, $3)`, [
        invented,
        designer.id,
        JSON.stringify({ size: 4242, mimetype: 'application/pdf', sha256: fakeDigest, eTag: '"x"' }),
      ]);
      await client.query('commit');
    } finally {
      client.release();
    }
    const refused = await attach(1, 4242, fakeDigest);
    expect(refused.error?.message).toMatch(/not been stored by the storage service|upload it again/i);
    expect(await sql('select 1 from public.pattern_files where pattern_id = $1', [patternId])).toEqual([]);
    await sql(`delete from storage.objects where bucket_id = 'pattern-files' and name = $1`, [invented]);

    // A real upload: a wrong checksum is refused, the right one attaches.
    const pdf = await makePatternPdf('Ghost Skirt', 1);
    expect((await designer.db.storage.from('pattern-files').upload(invented, pdf, { contentType: 'application/pdf' })).error).toBeNull();
    const wrongSum = await attach(1, pdf.byteLength, sha256(new Uint8Array([...pdf, 0])));
    expect(wrongSum.error?.message).toMatch(/checksum/i);
    const ok = await attach(1, pdf.byteLength, sha256(pdf));
    expect(ok.error).toBeNull();
    expect((await sql('select sha256, size_bytes::int as size from public.pattern_files where pattern_id = $1', [patternId]))[0]).toEqual({
      sha256: sha256(pdf),
      size: pdf.byteLength,
    });
  });
});

describe('a store writes its file list only through attach_pattern_file', () => {
  it('refuses a pattern_files row the store posts, patches or deletes itself with an invented size and sha256', async () => {
    const designer = await person('designer', 'Fenna Forge');
    const { storeId, patternId, pdf } = await publishedPattern(designer, 'Forged Files Jacket');
    const invented = { size_bytes: 4242, sha256: 'cd'.repeat(32) };
    const refusedAsPermission = (res: { status: number; body: { code?: string; message?: string } }) => {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body).toMatchObject({ code: '42501', message: expect.stringMatching(/permission denied for table pattern_files/) });
    };

    // A format storage never received, inside the store's own folder.
    const posted = await rest(designer.token, 'POST', 'pattern_files', {
      pattern_id: patternId,
      store_id: storeId,
      format: 'us_letter',
      version: 1,
      storage_path: `${storeId}/${patternId}/us_letter/v1.pdf`,
      changelog: '',
      ...invented,
    });
    refusedAsPermission(posted);
    // The attached file rewritten to other bytes, or removed.
    refusedAsPermission(await rest(designer.token, 'PATCH', `pattern_files?pattern_id=eq.${patternId}&format=eq.a4`, { ...invented, version: 9 }));
    refusedAsPermission(await rest(designer.token, 'DELETE', `pattern_files?pattern_id=eq.${patternId}`));
    expect(await sql('select format, version, size_bytes::int as size, sha256 from public.pattern_files where pattern_id = $1', [patternId])).toEqual([
      { format: 'a4', version: 1, size: pdf.byteLength, sha256: sha256(pdf) },
    ]);

    // A draft cannot pass the publish checklist's "at least one pattern file" with a row of its own.
    const [draft] = await sql(
      `insert into public.patterns (store_id, title, craft, category, price_cents, currency, cover_path) values ($1, 'Empty Promise Coat', 'sewing', 'coat', 900, 'EUR', 'cover.png') returning id`,
      [storeId],
    );
    refusedAsPermission(
      await rest(designer.token, 'POST', 'pattern_files', {
        pattern_id: draft!.id,
        store_id: storeId,
        format: 'a4',
        version: 1,
        storage_path: `${storeId}/${draft!.id}/a4/v1.pdf`,
        ...invented,
      }),
    );
    const publish = await rest(designer.token, 'PATCH', `patterns?id=eq.${draft!.id}`, { status: 'published' });
    expect(publish.status).toBe(400);
    expect(publish.body.message).toMatch(/at least one pattern file/);

    // The store still reads its list, and the checked path still adds a format.
    const listed = await rest(designer.token, 'GET', `pattern_files?pattern_id=eq.${patternId}&select=format,size_bytes,sha256`);
    expect(listed).toMatchObject({ status: 200, body: [{ format: 'a4', size_bytes: pdf.byteLength, sha256: sha256(pdf) }] });
    const letter = await makePatternPdf('Forged Files Jacket (US Letter)', 2);
    expect(
      (await designer.db.storage.from('pattern-files').upload(`${storeId}/${patternId}/us_letter/v1.pdf`, letter, { contentType: 'application/pdf' })).error,
    ).toBeNull();
    const attached = await designer.db.rpc('attach_pattern_file', {
      pattern_id: patternId,
      format: 'us_letter',
      version: 1,
      size_bytes: letter.byteLength,
      sha256: sha256(letter),
      changes: '',
    });
    expect(attached.error).toBeNull();
    expect(await sql('select format, sha256 from public.pattern_files where pattern_id = $1 order by format', [patternId])).toEqual([
      { format: 'a4', sha256: sha256(pdf) },
      { format: 'us_letter', sha256: sha256(letter) },
    ]);

    // Deleting a draft still takes its files with it (the foreign key, not a member delete).
    const draftPdf = await makePatternPdf('Empty Promise Coat', 1);
    expect(
      (await designer.db.storage.from('pattern-files').upload(`${storeId}/${draft!.id}/a4/v1.pdf`, draftPdf, { contentType: 'application/pdf' })).error,
    ).toBeNull();
    expect(
      (
        await designer.db.rpc('attach_pattern_file', {
          pattern_id: draft!.id,
          format: 'a4',
          version: 1,
          size_bytes: draftPdf.byteLength,
          sha256: sha256(draftPdf),
          changes: '',
        })
      ).error,
    ).toBeNull();
    const removed = await rest(designer.token, 'DELETE', `patterns?id=eq.${draft!.id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toHaveLength(1);
    expect(await sql('select 1 from public.pattern_files where pattern_id = $1', [draft!.id])).toEqual([]);
  });
});
