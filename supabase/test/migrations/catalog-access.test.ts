// Publishing, versions and downloads end to end through the gateway (supabase-js as each
// person), and proof that someone who does not own a pattern cannot reach its files by any
// route: REST rows, storage download and list, signed URLs after expiry, the download function.
import crypto from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePatternPdf, pageTexts } from '../catalog-own-pdf.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { paidOrder, serviceClient, signedInMember, storeWithPattern, type Member } from '../../../backend/test/members.ts';

let stack: TestStack;

type Person = Member;
let designer: Person;
let buyer: Person;
let stranger: Person;
let storeId: string;
let patternId: string;
let original: Uint8Array;
let orderNumber: string;

const service = () => serviceClient(stack);

const person = (label: string, name: string) => signedInMember(stack, label, name);

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

async function uploadFile(who: Person, format: string, version: number, bytes: Uint8Array, changes = '') {
  const path = `${storeId}/${patternId}/${format}/v${version}.pdf`;
  const up = await who.db.storage.from('pattern-files').upload(path, bytes, { contentType: 'application/pdf' });
  if (up.error) throw up.error;
  return who.db.rpc('attach_pattern_file', { pattern_id: patternId, format, version, size_bytes: bytes.byteLength, sha256: sha256(bytes), changes });
}

function callDownload(token: string, query: string): Promise<Response> {
  return fetch(`${stack.url}/functions/v1/download/${query}`, { headers: { authorization: `Bearer ${token}`, apikey: stack.anonKey } });
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  [designer, buyer, stranger] = await Promise.all([person('designer', 'Dana Designer'), person('buyer', 'Zoë Buyer'), person('stranger', 'Sam Stranger')]);
  ({ storeId, patternId } = await storeWithPattern(designer, 'dana'));
  original = await makePatternPdf('Harbour Wrap Dress', 3);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('publishing', () => {
  it('refuses to publish until the checklist is complete, then publishes', async () => {
    const early = await designer.db.rpc('change_patterns_status', { pattern_ids: [patternId], status: 'published' });
    expect(early.error).toBeNull();
    expect(early.data[0]).toMatchObject({ id: patternId, ok: false });
    expect(early.data[0].message).toMatch(/cover image, at least one pattern file/);

    const attached = await uploadFile(designer, 'a4', 1, original);
    expect(attached.error).toBeNull();
    expect(attached.data).toMatchObject({ format: 'a4', version: 1, notify: false });
    const cover = await designer.db.storage
      .from('pattern-images')
      .upload(`${storeId}/${patternId}/cover.svg`, '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>', { contentType: 'image/svg+xml' });
    expect(cover.error).toBeNull();
    await designer.db
      .from('patterns')
      .update({ cover_path: `${storeId}/${patternId}/cover.svg` })
      .eq('id', patternId)
      .throwOnError();

    const done = await designer.db.rpc('change_patterns_status', { pattern_ids: [patternId, crypto.randomUUID()], status: 'published' });
    expect(done.data).toEqual([
      { id: patternId, ok: true, title: 'Harbour Wrap Dress' },
      expect.objectContaining({ ok: false, message: 'Pattern not found in your store' }),
    ]);
    const row = await designer.db.from('patterns').select('status, formats').eq('id', patternId).single();
    expect(row.data).toEqual({ status: 'published', formats: ['a4'] });
  });

  it('checks the stored object: a declared size that does not match is refused', async () => {
    const bytes = await makePatternPdf('Harbour Wrap Dress (US Letter)', 1);
    await designer.db.storage.from('pattern-files').upload(`${storeId}/${patternId}/us_letter/v1.pdf`, bytes, { contentType: 'application/pdf' });
    const wrong = await designer.db.rpc('attach_pattern_file', {
      pattern_id: patternId,
      format: 'us_letter',
      version: 1,
      size_bytes: bytes.byteLength + 5,
      sha256: sha256(bytes),
    });
    expect(wrong.error?.message).toMatch(/incomplete/);
    const stale = await designer.db.rpc('attach_pattern_file', {
      pattern_id: patternId,
      format: 'a4',
      version: 1,
      size_bytes: original.byteLength,
      sha256: sha256(original),
    });
    expect(stale.error?.code).toBe('PT409');
    const other = await stranger.db.rpc('attach_pattern_file', {
      pattern_id: patternId,
      format: 'us_letter',
      version: 1,
      size_bytes: bytes.byteLength,
      sha256: sha256(bytes),
    });
    expect(other.error?.code).toBe('PT404');
  });

  it('a buyer with a paid order owns the pattern', async () => {
    orderNumber = String((await paidOrder(stack, buyer, storeId, patternId)).number);
    const lib = await buyer.db.rpc('my_library');
    expect(lib.data).toEqual([
      expect.objectContaining({ pattern_id: patternId, title: 'Harbour Wrap Dress', store_name: 'Dana Patterns', updated: false, source: 'purchase' }),
    ]);
  });
});

describe('download function', () => {
  it('answers the stamped PDF to the buyer; the stored original is untouched', async () => {
    const res = await callDownload(buyer.token, `${patternId}?format=a4`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="harbour-wrap-dress-a4-v1.pdf"');
    const stamped = new Uint8Array(await res.arrayBuffer());
    const pages = await pageTexts(stamped);
    expect(pages).toHaveLength(3);
    for (const texts of pages) expect(texts.join(' ')).toContain(`Licensed to Zoë Buyer · Order ${orderNumber} · personal use`);

    const stored = await service().storage.from('pattern-files').download(`${storeId}/${patternId}/a4/v1.pdf`);
    expect(sha256(new Uint8Array(await stored.data!.arrayBuffer()))).toBe(sha256(original));
    const recorded = await buyer.db.from('downloads').select('format, version').eq('pattern_id', patternId);
    expect(recorded.data).toEqual([{ format: 'a4', version: 1 }]);
  });

  it('POST with no format picks the first available one', async () => {
    const { data, error } = await buyer.db.functions.invoke('download', { body: { pattern_id: patternId } });
    expect(error).toBeNull();
    expect(data).toBeInstanceOf(Blob);
    expect((await pageTexts(new Uint8Array(await (data as Blob).arrayBuffer()))).length).toBe(3);
  });

  it('explains every failure with a code', async () => {
    const cases: Array<[string, string, number, string]> = [
      [stranger.token, `${patternId}?format=a4`, 403, 'not_owned'],
      [stranger.token, `${crypto.randomUUID()}`, 403, 'not_owned'],
      [stranger.token, 'not-a-uuid?format=a4', 403, 'not_owned'],
      [stack.anonKey, `${patternId}?format=a4`, 401, 'not_signed_in'],
      ['forged.token.value', `${patternId}?format=a4`, 401, 'not_signed_in'],
      [buyer.token, `${patternId}?format=a0`, 404, 'file_missing'],
      [buyer.token, `${patternId}?format=a4&expires=${Math.floor(Date.now() / 1000) - 60}`, 410, 'link_expired'],
      [buyer.token, `${patternId}?format=poster`, 400, 'bad_request'],
    ];
    for (const [token, query, status, code] of cases) {
      const res = await fetch(`${stack.url}/functions/v1/download/${query}`, { headers: { authorization: `Bearer ${token}` } });
      // the runner itself rejects a forged JWT before the handler runs
      if (token === 'forged.token.value') {
        expect(res.status).toBe(401);
        continue;
      }
      expect({ query, status: res.status }).toEqual({ query, status });
      expect((await res.json()).error.code).toBe(code);
    }
  });

  it('stops at the hourly limit and says how long to wait', async () => {
    await stack.pool.query(
      `insert into public.downloads (user_id, pattern_id, format, version, created_at)
       select $1, $2, 'a4', 1, now() - interval '50 minutes' from generate_series(1, 8)`,
      [buyer.id, patternId],
    );
    const res = await callDownload(buyer.token, `${patternId}?format=a4`);
    expect(res.status).toBe(429);
    const body = await res.json();
    expect(body.error).toMatchObject({ code: 'rate_limited' });
    expect(body.error.details.retry_after_minutes).toBeGreaterThanOrEqual(9);
    expect(body.error.details.retry_after_minutes).toBeLessThanOrEqual(11);
    await stack.pool.query(`delete from public.downloads where user_id = $1`, [buyer.id]);
  });
});

describe('access control for someone who does not own the pattern', () => {
  const path = () => `${storeId}/${patternId}/a4/v1.pdf`;

  it('sees no file rows through REST', async () => {
    expect((await stranger.db.from('pattern_files').select('*').eq('pattern_id', patternId)).data).toEqual([]);
    const anon = createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });
    const res = await anon.from('pattern_files').select('*').eq('pattern_id', patternId);
    expect(res.data ?? []).toEqual([]);
    expect((await buyer.db.from('pattern_files').select('storage_path').eq('pattern_id', patternId)).data).toEqual([{ storage_path: path() }]);
  });

  it('cannot download, list or sign the stored file', async () => {
    expect((await stranger.db.storage.from('pattern-files').download(path())).error).not.toBeNull();
    const listed = await stranger.db.storage.from('pattern-files').list(`${storeId}/${patternId}/a4`);
    expect(listed.data ?? []).toEqual([]);
    expect((await stranger.db.storage.from('pattern-files').createSignedUrl(path(), 60)).error).not.toBeNull();
    const anon = createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });
    expect((await anon.storage.from('pattern-files').download(path())).error).not.toBeNull();
    const publicUrl = `${stack.url}/storage/v1/object/public/pattern-files/${path()}`;
    expect((await fetch(publicUrl)).status).toBeGreaterThanOrEqual(400);
  });

  it('cannot reuse a signed URL after it expires; a buyer cannot sign the original at all', async () => {
    // Originals are the download function's (20261123000100_originals_service_only.sql).
    expect((await buyer.db.storage.from('pattern-files').createSignedUrl(path(), 1)).error).not.toBeNull();
    // Expiry has whole-second resolution: a 1-second URL could be out of date by its first use on
    // a busy machine (a CI run saw 400). Three seconds, then a wait past them.
    const signed = await designer.db.storage.from('pattern-files').createSignedUrl(path(), 3);
    expect(signed.error).toBeNull();
    expect((await fetch(signed.data!.signedUrl)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 4100));
    expect((await fetch(signed.data!.signedUrl)).status).toBeGreaterThanOrEqual(400);
  });

  it("cannot use the buyer's download link with their own session", async () => {
    const link = `${patternId}?format=a4&expires=${Math.floor(Date.now() / 1000) + 3600}`;
    const res = await callDownload(stranger.token, link);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatchObject({ code: 'not_owned' });
  });

  it('loses access after a refund', async () => {
    const other = await person('refunded', 'Rae Refunded');
    const order = await paidOrder(stack, other, storeId, patternId);
    expect((await callDownload(other.token, `${patternId}?format=a4`)).status).toBe(200);
    await service().from('orders').update({ status: 'refunded' }).eq('id', order.id).throwOnError();
    expect((await callDownload(other.token, `${patternId}?format=a4`)).status).toBe(403);
    expect((await other.db.storage.from('pattern-files').download(path())).error).not.toBeNull();
  });
});

describe('new versions', () => {
  it('replacing a published file needs a note, keeps the old object and tells buyers once', async () => {
    const corrected = await makePatternPdf('Harbour Wrap Dress (corrected)', 4);
    const noNote = await uploadFile(designer, 'a4', 2, corrected);
    expect(noNote.error?.message).toMatch(/Describe what changed/);
    const attached = await designer.db.rpc('attach_pattern_file', {
      pattern_id: patternId,
      format: 'a4',
      version: 2,
      size_bytes: corrected.byteLength,
      sha256: sha256(corrected),
      changes: 'Corrected the sleeve notch on page 4.',
    });
    expect(attached.error).toBeNull();
    expect(attached.data).toMatchObject({ version: 2, pattern_version: 2, notify: true });
    expect((await service().storage.from('pattern-files').download(`${storeId}/${patternId}/a4/v1.pdf`)).error).toBeNull();

    const lib = await buyer.db.rpc('my_library');
    expect(lib.data[0]).toMatchObject({ updated: true, current_version: 2, latest_changes: 'Corrected the sleeve notch on page 4.' });

    const notStore = await stranger.db.functions.invoke('pattern-updated', { body: { pattern_id: patternId, version: 2 } });
    expect(notStore.error).not.toBeNull();
    const sent = await designer.db.functions.invoke('pattern-updated', { body: { pattern_id: patternId, version: 2 } });
    expect(sent.error ? await (sent.error as { context: Response }).context.text() : null).toBeNull();
    expect(sent.data).toEqual({ sent: 1, failed: 0 });
    const again = await designer.db.functions.invoke('pattern-updated', { body: { pattern_id: patternId, version: 2 } });
    expect(again.data).toMatchObject({ sent: 0 });

    const inbox = await (await fetch(`${stack.url}/mail/api/messages?to=${encodeURIComponent(buyer.email)}`)).json();
    const mail = inbox.find((m: { subject: string }) => m.subject === 'Updated: Harbour Wrap Dress (version 2)');
    expect(mail.text).toContain('Corrected the sleeve notch on page 4.');
    expect(mail.text).toMatch(new RegExp(`/download/${patternId}\\?expires=\\d+`));

    const res = await callDownload(buyer.token, `${patternId}?format=a4`);
    expect(res.headers.get('content-disposition')).toContain('-a4-v2.pdf');
    expect(await pageTexts(new Uint8Array(await res.arrayBuffer()))).toHaveLength(4);
    expect((await buyer.db.rpc('my_library')).data[0]).toMatchObject({ updated: false });
  });
});

// after 'new versions': these buyers would join the ones the update notice counts
describe("the stamp in the buyer's language", () => {
  it("stamps in the buyer's saved language, else the one their browser asks for", async () => {
    const [german, french] = await Promise.all([person('german', 'Jörg Käufer'), person('french', 'Zoé Acheteuse')]);
    await german.db.from('profiles').update({ locale: 'de' }).eq('id', german.id).throwOnError();
    const germanOrder = (await paidOrder(stack, german, storeId, patternId)).number;
    const frenchOrder = (await paidOrder(stack, french, storeId, patternId)).number;
    const asking = (who: Person, languages: string) =>
      fetch(`${stack.url}/functions/v1/download/${patternId}?format=a4`, {
        headers: { authorization: `Bearer ${who.token}`, apikey: stack.anonKey, 'accept-language': languages },
      });
    // the saved choice wins over the browser's
    const germanCopy = await asking(german, 'en-GB,en;q=0.9');
    expect(germanCopy.status).toBe(200);
    const germanPages = await pageTexts(new Uint8Array(await germanCopy.arrayBuffer()));
    expect(germanPages[0]!.join(' ')).toContain(`Lizenziert für Jörg Käufer · Bestellung ${germanOrder} · private Nutzung`);
    const frenchCopy = await asking(french, 'fr-CA,fr;q=0.9,en;q=0.5');
    expect(frenchCopy.status).toBe(200);
    const frenchPages = await pageTexts(new Uint8Array(await frenchCopy.arrayBuffer()));
    expect(frenchPages[0]!.join(' ')).toContain(`Licence accordée à Zoé Acheteuse · Commande ${frenchOrder} · usage personnel`);
  });
});
