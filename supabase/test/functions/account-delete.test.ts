// Deleting an account through the delete-account function with real sessions:
// re-authentication (password; with an authenticator app an aal2 session and a fresh code),
// then personal data gone or anonymised, sessions revoked, files removed, orders kept without
// the buyer, a store with sales closed with its patterns archived and buyers keeping them.
import crypto from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, authHelpers, newEmail } from '../../../backend/test/auth-client.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';

let stack: TestStack;
const { client, signUpConfirmed, signedIn, inbox } = authHelpers(() => stack);

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
});

afterAll(async () => {
  await stack?.stop();
});

async function member(tag: string) {
  const email = await signUpConfirmed(newEmail(tag));
  const c = await signedIn(email);
  const id = (await c.auth.getUser()).data.user!.id;
  return { c, id, email };
}

async function deleteAccount(c: SupabaseClient, body: unknown) {
  const token = (await c.auth.getSession()).data.session!.access_token;
  const res = await fetch(`${stack.url}/functions/v1/delete-account`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const sql = async (text: string, values: unknown[] = []) => (await stack.pool.query(text, values)).rows;

describe('deleting an account', () => {
  it("needs the password; then anonymises, closes the store with sales, keeps buyers' patterns, revokes sessions", async () => {
    const designer = await member('leaving');
    const buyer = await member('buyer');
    const store = crypto.randomUUID();
    const pattern = crypto.randomUUID();
    const order = crypto.randomUUID();
    const ownOrder = crypto.randomUUID();
    await sql(`insert into public.stores (id, owner_id, slug, kind, name) values ($1, $2, $3, 'designer', 'Leaving Studio')`, [
      store,
      designer.id,
      `leaving-${store.slice(0, 8)}`,
    ]);
    await sql(
      `insert into public.patterns (id, store_id, title, craft, category, status, price_cents, cover_path) values ($1, $2, 'Farewell Dress', 'sewing', 'dress', 'published', 1200, 'x.png')`,
      [pattern, store],
    );
    await sql(
      `insert into public.orders (id, buyer_id, buyer_email, currency, subtotal_cents, total_cents) values ($1, $2, $3, 'USD', 1200, 1200), ($4, $5, $6, 'USD', 1200, 1200)`,
      [order, buyer.id, buyer.email, ownOrder, designer.id, designer.email],
    );
    await sql(`insert into public.order_items (order_id, pattern_id, store_id, unit_price_cents, currency) values ($1, $2, $3, 1200, 'USD')`, [
      order,
      pattern,
      store,
    ]);
    await sql(`update public.orders set status = 'paid' where id = $1`, [order]);
    const avatar = await designer.c.storage
      .from('avatars')
      .upload(
        `${designer.id}/avatar.png`,
        new Blob(
          [
            Buffer.from(
              '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d5a3b40000000049454e44ae426082',
              'hex',
            ),
          ],
          { type: 'image/png' },
        ),
        { contentType: 'image/png' },
      );
    expect(avatar.error).toBeNull();
    const otherDevice = await signedIn(designer.email);

    const wrong = await deleteAccount(designer.c, { password: 'Not-the-password-1' });
    expect(wrong).toMatchObject({ status: 403, body: { error: { code: 'wrong_password' } } });
    expect((await sql('select deleted_at from auth.users where id = $1', [designer.id]))[0]!.deleted_at).toBeNull();

    const done = await deleteAccount(designer.c, { password: PASSWORD });
    expect(done).toMatchObject({ status: 200, body: { deleted: true, emailed: true, stores_closed: 1, orders_anonymised: 1 } });

    // Nobody signs in as it any more, and every session is gone.
    const again = await client().auth.signInWithPassword({ email: designer.email, password: PASSWORD });
    expect(again.error?.code).toBe('invalid_credentials');
    expect((await otherDevice.auth.refreshSession()).error).not.toBeNull();
    expect(await sql('select 1 from auth.sessions where user_id = $1', [designer.id])).toEqual([]);
    // Personal data: anonymised profile, no roles, no avatar; orders kept without the buyer.
    expect((await sql('select display_name, avatar_path from public.profiles where id = $1', [designer.id]))[0]).toEqual({
      display_name: 'Former member',
      avatar_path: null,
    });
    expect(await sql('select role from public.user_roles where user_id = $1', [designer.id])).toEqual([]);
    expect((await sql('select buyer_id, buyer_email from public.orders where id = $1', [ownOrder]))[0]).toEqual({ buyer_id: null, buyer_email: null });
    const files = await stack.pool.query(`select name from storage.objects where bucket_id = 'avatars' and name like $1`, [`${designer.id}/%`]);
    expect(files.rows).toEqual([]);
    // The store is closed, its pattern archived; the buyer still has it.
    expect((await sql('select status from public.patterns where id = $1', [pattern]))[0]!.status).toBe('archived');
    expect((await sql('select closed_at from public.stores where id = $1', [store]))[0]!.closed_at).not.toBeNull();
    const owned = await buyer.c.from('entitlements').select('pattern_id').eq('pattern_id', pattern);
    expect(owned.data).toEqual([{ pattern_id: pattern }]);
    expect((await inbox(designer.email)).some((m) => m.subject === 'Your Stitchhouse account is deleted')).toBe(true);
  });

  it('with an authenticator app: only from an aal2 session and with a fresh code', async () => {
    const m = await member('mfa-leaving');
    const { data: factor } = await m.c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor!.totp.secret), digits: 6, period: 30 });
    expect((await m.c.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: totp.generate() })).error).toBeNull();

    const aal1 = await signedIn(m.email);
    expect(await deleteAccount(aal1, { password: PASSWORD, code: totp.generate() })).toMatchObject({ status: 403, body: { error: { code: 'aal2_required' } } });
    expect(await deleteAccount(m.c, { password: PASSWORD })).toMatchObject({ status: 400, body: { error: { code: 'code_required' } } });
    const wrongCode = totp.generate() === '000000' ? '111111' : '000000';
    expect(await deleteAccount(m.c, { password: PASSWORD, code: wrongCode })).toMatchObject({ status: 403, body: { error: { code: 'wrong_code' } } });
    expect((await sql('select deleted_at from auth.users where id = $1', [m.id]))[0]!.deleted_at).toBeNull();
    expect(await deleteAccount(m.c, { password: PASSWORD, code: totp.generate() })).toMatchObject({ status: 200, body: { deleted: true } });
    expect(await sql('select 1 from auth.mfa_factors where user_id = $1', [m.id])).toEqual([]);
  });

  it('is not callable as a database function by members', async () => {
    const m = await member('direct');
    const other = await member('victim');
    expect((await m.c.rpc('close_account', { p_user: other.id })).error).not.toBeNull();
    expect((await sql('select deleted_at from auth.users where id = $1', [other.id]))[0]!.deleted_at).toBeNull();
  });
});
