// A download the buyer got nothing from is taken off their hourly count (forgetDownload):
// exactly the row that request recorded, never another download of the same pattern that a
// concurrent request recorded in the meantime.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePatternPdf } from '../catalog-own-pdf.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { signedInMember, storeWithPattern, type Member, paidOrder } from '../../../backend/test/members.ts';

let stack: TestStack;
let designer: Member;
let buyer: Member;
let storeId: string;
let patternId: string;

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

function callDownload(token: string, format: string): Promise<Response> {
  return fetch(`${stack.url}/functions/v1/download/${patternId}?format=${format}`, { headers: { authorization: `Bearer ${token}`, apikey: stack.anonKey } });
}

async function buyersDownloads(): Promise<Array<{ id: string; format: string }>> {
  const { rows } = await stack.pool.query('select id::text, format from public.downloads where user_id = $1 and pattern_id = $2 order by id', [
    buyer.id,
    patternId,
  ]);
  return rows;
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  [designer, buyer] = await Promise.all([signedInMember(stack, 'designer', 'Dana Designer'), signedInMember(stack, 'buyer', 'Zoë Buyer')]);
  ({ storeId, patternId } = await storeWithPattern(designer, 'forget'));

  // A4 is uploaded and attached as the designer does it.
  const original = await makePatternPdf('Harbour Wrap Dress', 1);
  const path = `${storeId}/${patternId}/a4/v1.pdf`;
  const up = await designer.db.storage.from('pattern-files').upload(path, original, { contentType: 'application/pdf' });
  if (up.error) throw up.error;
  const attached = await designer.db.rpc('attach_pattern_file', {
    pattern_id: patternId,
    format: 'a4',
    version: 1,
    size_bytes: original.byteLength,
    sha256: sha256(original),
  });
  if (attached.error) throw attached.error;
  // US Letter has its file row but its stored object is gone: a download of it is recorded, then fails.
  await stack.pool.query(
    `insert into public.pattern_files (pattern_id, store_id, format, version, storage_path, size_bytes, sha256)
     values ($1, $2, 'us_letter', 1, $3, $4, $5)`,
    [patternId, storeId, `${storeId}/${patternId}/us_letter/v1.pdf`, original.byteLength, sha256(original)],
  );

  await paidOrder(stack, buyer, storeId, patternId);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('a failed download is un-counted', () => {
  it('removes the row the failed request recorded, not a newer download of the same pattern', async () => {
    const ok = await callDownload(buyer.token, 'a4');
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
    const [a4] = await buyersDownloads();
    expect(a4).toMatchObject({ format: 'a4' });
    // The A4 download stands for one a concurrent request recorded while the US Letter one below
    // was still fetching its file: its row is the newest of the buyer's rows for the pattern.
    await stack.pool.query(`update public.downloads set created_at = now() + interval '1 minute' where id = $1`, [a4.id]);

    const failed = await callDownload(buyer.token, 'us_letter');
    expect(failed.status).toBe(404);
    expect((await failed.json()).error).toMatchObject({ code: 'file_missing', message: expect.stringMatching(/missing from storage/) });

    // The A4 download counts; the US Letter one the buyer got nothing from does not.
    expect(await buyersDownloads()).toEqual([a4]);
  });

  it('a failed download alone leaves no row behind', async () => {
    await stack.pool.query('delete from public.downloads where user_id = $1', [buyer.id]);
    const failed = await callDownload(buyer.token, 'us_letter');
    expect(failed.status).toBe(404);
    await failed.json();
    expect(await buyersDownloads()).toEqual([]);
  });
});
