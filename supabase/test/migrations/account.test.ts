// Account rules through the real auth server and PostgREST with real sessions:
// recovery codes (only minted at aal2, hashed, single use, lift an aal1 session to aal2,
// guessing locked), and store addresses that keep redirecting after a rename.
import * as OTPAuth from 'otpauth';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHelpers, newEmail } from '../../../backend/test/auth-client.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';

let stack: TestStack;
const { client, signUpConfirmed, signedIn } = authHelpers(() => stack);

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
});

afterAll(async () => {
  await stack?.stop();
});

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { aal: string; sub: string };

async function accessToken(c: SupabaseClient): Promise<string> {
  const { data } = await c.auth.getSession();
  return data.session!.access_token;
}

/** A confirmed member with a verified authenticator app; returns its TOTP and an aal2 client. */
async function withAuthenticator() {
  const email = await signUpConfirmed(newEmail('recovery'));
  const c = await signedIn(email);
  const { data: factor, error } = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  expect(error).toBeNull();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor!.totp.secret), digits: 6, period: 30 });
  const verified = await c.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: totp.generate() });
  expect(verified.error).toBeNull();
  expect(claims(await accessToken(c)).aal).toBe('aal2');
  return { email, c, factorId: factor!.id };
}

describe('recovery codes', () => {
  it('are minted only at aal2 and only with a verified authenticator, ten of them, stored hashed', async () => {
    const plain = await signedIn(await signUpConfirmed(newEmail('nofactor')));
    const refused = await plain.rpc('create_recovery_codes');
    expect(refused.error?.code).toBe('42501');
    expect(refused.error?.message).toMatch(/authenticator app/);

    const { email, c } = await withAuthenticator();
    // Same account, password only (aal1): may not mint codes that skip the second step.
    const aal1 = await signedIn(email);
    expect((await aal1.rpc('create_recovery_codes')).error?.code).toBe('42501');

    const { data: codes, error } = await c.rpc('create_recovery_codes');
    expect(error).toBeNull();
    expect(codes).toHaveLength(10);
    for (const code of codes as string[]) expect(code).toMatch(/^[0-9a-f]{10}-[0-9a-f]{10}$/);
    expect((await c.rpc('recovery_codes_left')).data).toBe(10);
    // Nobody reads the table, not even its owner; the database keeps only hashes.
    const direct = await c.from('account_recovery_codes').select('*');
    expect(direct.error?.code).toBe('42501');
    const stored = await stack.pool.query<{ code_hash: string }>('select code_hash from public.account_recovery_codes where user_id = $1', [
      claims(await accessToken(c)).sub,
    ]);
    expect(stored.rows.map((r) => r.code_hash)).not.toContain((codes as string[])[0]);
    // Minting again voids the first set.
    const again = await c.rpc('create_recovery_codes');
    expect(again.data).toHaveLength(10);
    const old = await signedIn(email);
    expect((await old.rpc('use_recovery_code', { p_code: (codes as string[])[0] })).data).toBe(false);
  });

  it('lift an aal1 session to aal2 once each, typed in any case and without the hyphen', async () => {
    const { email, c } = await withAuthenticator();
    const codes = (await c.rpc('create_recovery_codes')).data as string[];

    const lostPhone = await signedIn(email);
    expect(claims(await accessToken(lostPhone)).aal).toBe('aal1');
    const wrong = await lostPhone.rpc('use_recovery_code', { p_code: '0000000000-0000000000' });
    expect(wrong).toMatchObject({ error: null, data: false });
    const used = await lostPhone.rpc('use_recovery_code', { p_code: ` ${codes[3]!.replace('-', '').toUpperCase()} ` });
    expect(used).toMatchObject({ error: null, data: true });
    await lostPhone.auth.refreshSession();
    expect(claims(await accessToken(lostPhone)).aal).toBe('aal2');
    const level = await lostPhone.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data?.currentLevel).toBe('aal2');
    // aal2 allows what it should: removing the factor.
    expect((await c.rpc('recovery_codes_left')).data).toBe(9);

    const replay = await signedIn(email);
    expect((await replay.rpc('use_recovery_code', { p_code: codes[3] })).data).toBe(false);
    await replay.auth.refreshSession();
    expect(claims(await accessToken(replay)).aal).toBe('aal1');
  });

  it('lock after 5 wrong codes, even for a right one', async () => {
    const { email, c } = await withAuthenticator();
    const codes = (await c.rpc('create_recovery_codes')).data as string[];
    const guesser = await signedIn(email);
    for (let i = 0; i < 5; i++) expect((await guesser.rpc('use_recovery_code', { p_code: `guess-${i}` })).data).toBe(false);
    const locked = await guesser.rpc('use_recovery_code', { p_code: codes[0] });
    expect(locked.error?.code).toBe('54000');
    expect(locked.error?.message).toMatch(/Too many wrong recovery codes/);
  });

  it('need a signed-in session, and go when the authenticator is removed', async () => {
    const anon = client();
    expect((await anon.rpc('use_recovery_code', { p_code: 'x' })).error).not.toBeNull();
    expect((await anon.rpc('create_recovery_codes')).error).not.toBeNull();

    const { c, factorId } = await withAuthenticator();
    await c.rpc('create_recovery_codes');
    const removed = await c.auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect((await c.rpc('recovery_codes_left')).data).toBe(0);
    const noFactor = await c.rpc('use_recovery_code', { p_code: 'whatever' });
    expect(noFactor.error?.message).toMatch(/no authenticator app/);
  });
});

describe('store addresses', () => {
  async function storeOwner(slug: string) {
    const c = await signedIn(await signUpConfirmed(newEmail('store')));
    const { data, error } = await c
      .from('stores')
      .insert({ slug, kind: 'designer', name: `Studio ${slug}` })
      .select('id')
      .single();
    expect(error).toBeNull();
    return { c, id: (data as { id: string }).id };
  }

  it("an old address redirects to the new one, stays the store's own, and can be taken back", async () => {
    const a = await storeOwner('linen-lab');
    const b = await storeOwner('other-lab');
    expect((await a.c.from('stores').update({ slug: 'linen-lab-studio' }).eq('id', a.id)).error).toBeNull();

    const anon = client();
    const redirect = await anon.from('store_slug_redirects').select('old_slug, stores(slug)').eq('old_slug', 'linen-lab').single();
    expect(redirect.data).toEqual({ old_slug: 'linen-lab', stores: { slug: 'linen-lab-studio' } });

    // Another store cannot take it (the printed links would change hands).
    const taken = await b.c.from('stores').update({ slug: 'linen-lab' }).eq('id', b.id);
    expect(taken.error?.code).toBe('23505');
    expect(taken.error?.message).toBe('The store address "linen-lab" is taken');
    // A current address of another store: the same words, not the unique index's.
    const current = await b.c.from('stores').update({ slug: 'linen-lab-studio' }).eq('id', b.id);
    expect(current.error).toMatchObject({ code: '23505', message: 'The store address "linen-lab-studio" is taken' });
    expect((await b.c.rpc('store_slug_status', { p_slug: 'linen-lab' })).data).toBe('taken');
    expect((await a.c.rpc('store_slug_status', { p_slug: 'linen-lab' })).data).toBe('yours');
    expect((await anon.rpc('store_slug_status', { p_slug: 'fresh-name' })).data).toBe('available');
    expect((await anon.rpc('store_slug_status', { p_slug: 'checkout' })).data).toBe('reserved');
    expect((await anon.rpc('store_slug_status', { p_slug: 'Bad Slug' })).data).toBe('invalid');

    // Nobody writes redirects by hand.
    const forged = await b.c.from('store_slug_redirects').insert({ old_slug: 'forged-link', store_id: b.id });
    expect(forged.error?.code).toBe('42501');

    // The store takes its old address back: current again, and the newer one now redirects.
    expect((await a.c.from('stores').update({ slug: 'linen-lab' }).eq('id', a.id)).error).toBeNull();
    const rows = await anon.from('store_slug_redirects').select('old_slug').eq('store_id', a.id);
    expect(rows.data).toEqual([{ old_slug: 'linen-lab-studio' }]);
  });

  it("opening hours are the owner's to set, within 500 characters", async () => {
    const a = await storeOwner('hours-shop');
    expect((await a.c.from('stores').update({ opening_hours: 'Tue–Sat 10:00–18:00' }).eq('id', a.id)).error).toBeNull();
    const tooLong = await a.c
      .from('stores')
      .update({ opening_hours: 'x'.repeat(501) })
      .eq('id', a.id);
    expect(tooLong.error?.code).toBe('23514');
    const b = await storeOwner('hours-other');
    const foreign = await b.c.from('stores').update({ opening_hours: 'closed forever' }).eq('id', a.id).select('id');
    expect(foreign.data).toEqual([]);
  });
});
