// Wholesale applications through PostgREST, Storage and the wholesale-review
// function with real sessions: the tax number fits the country, certificates are private,
// only operators review (reason required to reject), the applicant is emailed, approval
// makes wholesale prices visible at once, re-applying after a rejection starts afresh.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHelpers, newEmail } from '../../../backend/test/auth-client.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';

let stack: TestStack;
const { signUpConfirmed, signedIn, inbox } = authHelpers(() => stack);

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
});

afterAll(async () => {
  await stack?.stop();
});

async function member(tag: string): Promise<{ c: SupabaseClient; id: string; email: string }> {
  const email = await signUpConfirmed(newEmail(tag));
  const c = await signedIn(email);
  const { data } = await c.auth.getUser();
  return { c, id: data.user!.id, email };
}

async function operator() {
  const op = await member('operator');
  await stack.pool.query(`insert into public.user_roles (user_id, role) values ($1, 'operator')`, [op.id]);
  return op;
}

const application = {
  business_name: 'Stoffladen Mitte',
  tax_id: 'DE 298 765 432',
  address_line1: 'Torstraße 1',
  city: 'Berlin',
  postal_code: '10119',
  country: 'DE',
  website: 'https://stoffladen.example',
};

async function review(token: string, body: unknown) {
  const res = await fetch(`${stack.url}/functions/v1/wholesale-review`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const token = async (c: SupabaseClient) => (await c.auth.getSession()).data.session!.access_token;

describe('wholesale applications', () => {
  it('refuse a tax number that does not fit the country; keep the typed one that does', async () => {
    const shop = await member('shop');
    const wrong = await shop.c.from('wholesale_accounts').insert({ ...application, tax_id: '12345' });
    expect(wrong.error?.code).toBe('23514');
    expect(wrong.error?.message).toBe('This VAT or tax number does not look right for DE');
    const ok = await shop.c.from('wholesale_accounts').insert(application).select('tax_id, status').single();
    expect(ok.error).toBeNull();
    expect(ok.data).toEqual({ tax_id: 'DE 298 765 432', status: 'pending' });
    // Nobody else reads it.
    const other = await member('other');
    expect((await other.c.from('wholesale_accounts').select('id')).data).toEqual([]);
  });

  it("certificates are private: the applicant and operators read them, nobody else; only one's own may be attached", async () => {
    const shop = await member('cert');
    const path = `${shop.id}/resale-certificate.pdf`;
    const pdf = new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' });
    const up = await shop.c.storage.from('wholesale-documents').upload(path, pdf, { contentType: 'application/pdf' });
    expect(up.error).toBeNull();
    const other = await member('snoop');
    expect((await other.c.storage.from('wholesale-documents').download(path)).error).not.toBeNull();
    expect((await other.c.storage.from('wholesale-documents').upload(`${shop.id}/x.pdf`, pdf, { contentType: 'application/pdf' })).error).not.toBeNull();
    const forged = await other.c.from('wholesale_accounts').insert({ ...application, document_path: path });
    expect(forged.error?.code).toBe('42501');
    expect((await shop.c.from('wholesale_accounts').insert({ ...application, document_path: path })).error).toBeNull();
    const op = await operator();
    const signed = await op.c.storage.from('wholesale-documents').createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    expect((await fetch(signed.data!.signedUrl)).status).toBe(200);
  });

  it('only operators review; rejecting needs a reason; the applicant is emailed and can apply again', async () => {
    const shop = await member('reapply');
    const { data: row } = await shop.c.from('wholesale_accounts').insert(application).select('id').single();
    const id = (row as { id: string }).id;

    // The applicant cannot approve themselves, directly or through the function.
    const self = await shop.c.from('wholesale_accounts').update({ status: 'approved' }).eq('id', id).select('id');
    expect(self.error ?? self.data).toBeTruthy();
    expect((await shop.c.from('wholesale_accounts').select('status').eq('id', id).single()).data).toEqual({ status: 'pending' });
    expect((await shop.c.rpc('review_wholesale_application', { p_application: id, p_decision: 'approve' })).error?.code).toBe('42501');
    expect((await review(await token(shop.c), { application_id: id, decision: 'approve' })).status).toBe(403);

    const op = await operator();
    const noReason = await review(await token(op.c), { application_id: id, decision: 'reject', reason: '  ' });
    expect(noReason.status).toBe(400);
    const rejected = await review(await token(op.c), { application_id: id, decision: 'reject', reason: 'The VAT number belongs to another business.' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ emailed: true, application: { status: 'rejected' } });
    const mail = (await inbox(shop.email)).find((m) => m.subject === 'Your wholesale application was not approved');
    expect(mail?.text).toContain('Reason: The VAT number belongs to another business.');
    expect((await shop.c.from('wholesale_accounts').select('status, reason').eq('id', id).single()).data).toEqual({
      status: 'rejected',
      reason: 'The VAT number belongs to another business.',
    });
    // A second decision on a decided application is refused.
    expect((await review(await token(op.c), { application_id: id, decision: 'approve' })).status).toBe(409);

    const again = await shop.c
      .from('wholesale_accounts')
      .update({ status: 'pending', tax_id: 'DE123456789' })
      .eq('id', id)
      .select('status, reason, reviewed_at')
      .single();
    expect(again.data).toEqual({ status: 'pending', reason: null, reviewed_at: null });
  });

  it('approval switches wholesale buying on at once', async () => {
    const shop = await member('approve');
    const { data: row } = await shop.c.from('wholesale_accounts').insert(application).select('id').single();
    expect((await shop.c.rpc('is_wholesale_buyer')).data).toBe(false);
    const op = await operator();
    const approved = await review(await token(op.c), { application_id: (row as { id: string }).id, decision: 'approve' });
    expect(approved.status).toBe(200);
    expect((await shop.c.rpc('is_wholesale_buyer')).data).toBe(true);
    expect((await shop.c.from('user_roles').select('role').eq('role', 'wholesale')).data).toEqual([{ role: 'wholesale' }]);
    expect((await inbox(shop.email)).some((m) => m.subject === 'Your wholesale account is approved')).toBe(true);
    // An approved account is no longer the applicant's to edit.
    const edit = await shop.c
      .from('wholesale_accounts')
      .update({ business_name: 'Changed' })
      .eq('id', (row as { id: string }).id)
      .select('id');
    expect(edit.data).toEqual([]);
  });
});
