// Supplier kits through PostgREST with real sessions: only approved suppliers list
// kits, only their own; nobody else edits them; visitors read live kits of published patterns
// only; record_kit_click counts a click once per visitor and answers the shop link; bad links
// and prices are refused with messages written for people.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { serviceClient, signedInMember, storeWithPattern, type Member } from '../../../backend/test/members.ts';

let stack: TestStack;
let anon: SupabaseClient;
let supplier: Member;
let rival: Member;
let applicant: Member;
let designer: Member;
let published: string;
let draft: string;

const kit = (patternId: string, extra: Record<string, unknown> = {}) => ({
  pattern_id: patternId,
  title: 'Linen and buttons for the Harbour Wrap Dress',
  description: '2.5 m washed linen, 6 shell buttons, matching thread.',
  price_cents: 4850,
  currency: 'EUR',
  url: 'https://fabric-house.example/kits/harbour',
  ...extra,
});

async function approvedSupplier(member: Member, company: string): Promise<void> {
  const { error } = await serviceClient(stack)
    .from('partner_applications')
    .insert({ user_id: member.id, kind: 'supplier', company, website: 'https://fabric-house.example', status: 'approved' });
  if (error) throw error;
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  anon = createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });
  [supplier, rival, applicant, designer] = await Promise.all([
    signedInMember(stack, 'supplier', 'Fabric House'),
    signedInMember(stack, 'rival', 'Notions & Co'),
    signedInMember(stack, 'applicant', 'Pending Supplies'),
    signedInMember(stack, 'designer', 'Dana'),
  ]);
  await approvedSupplier(supplier, 'Fabric House');
  await approvedSupplier(rival, 'Notions & Co');
  // the applicant applied but is not approved yet
  await serviceClient(stack)
    .from('partner_applications')
    .insert({ user_id: applicant.id, kind: 'supplier', company: 'Pending Supplies', website: 'https://pending.example' });
  ({ patternId: published } = await storeWithPattern(designer, 'kits-a'));
  ({ patternId: draft } = await storeWithPattern(designer, 'kits-b'));
  await stack.pool.query(`update public.patterns set status = 'published' where id = $1`, [published]);
});

afterAll(async () => {
  await stack?.stop();
});

async function createKit(member: Member, extra: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await member.db.from('kits').insert(kit(published, extra)).select('id').single();
  if (error) throw error;
  return data.id as string;
}

describe('kits', () => {
  it('an approved supplier lists a kit as their own; visitors read it with the supplier name', async () => {
    const id = await createKit(supplier);
    const row = await stack.pool.query('select supplier_id from public.kits where id = $1', [id]);
    expect(row.rows[0].supplier_id).toBe(supplier.id);
    const seen = await anon.from('kits').select('id,title,price_cents,currency,url,supplier_name').eq('pattern_id', published);
    expect(seen.error).toBeNull();
    expect(seen.data).toContainEqual(expect.objectContaining({ id, supplier_name: 'Fabric House', price_cents: 4850, currency: 'EUR' }));
  });

  it('people who are not approved suppliers cannot list kits, nor for someone else', async () => {
    for (const member of [applicant, designer]) {
      const { error } = await member.db.from('kits').insert(kit(published));
      expect(error?.code, member.name).toBe('42501');
    }
    const visitor = await anon.from('kits').insert(kit(published));
    expect(visitor.error?.code).toBe('42501');
    // supplier_id is the caller: naming another supplier is refused
    const forged = await rival.db.from('kits').insert({ ...kit(published), supplier_id: supplier.id });
    expect(forged.error?.code).toBe('42501');
    const count = await stack.pool.query('select count(*)::int as n from public.kits where supplier_id <> $1', [supplier.id]);
    expect(count.rows[0].n).toBe(0);
  });

  it('only the kit’s supplier edits or archives it; others change nothing', async () => {
    const id = await createKit(supplier, { title: 'Corduroy bundle' });
    for (const member of [rival, designer, applicant]) {
      const { data, error } = await member.db.from('kits').update({ title: 'Hijacked', archived_at: new Date().toISOString() }).eq('id', id).select();
      expect(error === null ? data : error.code).toEqual([]);
    }
    const visitor = await anon.from('kits').update({ title: 'Hijacked' }).eq('id', id).select();
    expect(visitor.error?.code).toBe('42501');
    const deleted = await rival.db.from('kits').delete().eq('id', id).select();
    expect(deleted.error?.code).toBe('42501');
    expect((await stack.pool.query('select title, archived_at from public.kits where id = $1', [id])).rows[0]).toEqual({
      title: 'Corduroy bundle',
      archived_at: null,
    });

    const own = await supplier.db
      .from('kits')
      .update({ price_cents: 5200, archived_at: new Date().toISOString() })
      .eq('id', id)
      .select('price_cents,archived_at')
      .single();
    expect(own.error).toBeNull();
    expect(own.data!.price_cents).toBe(5200);
    // archived: gone for visitors, kept for its supplier
    expect((await anon.from('kits').select('id').eq('id', id)).data).toEqual([]);
    expect((await supplier.db.from('kits').select('id').eq('id', id)).data).toEqual([{ id }]);
  });

  it('kits show only on published patterns, and only while their supplier is approved', async () => {
    const draftKit = await supplier.db.from('kits').insert(kit(draft));
    expect(draftKit.error?.message).toBe('Kits can only be listed for published patterns');
    const id = await createKit(rival, { title: 'Thread set' });
    expect((await anon.from('kits').select('id').eq('id', id)).data).toEqual([{ id }]);
    await stack.pool.query(`update public.patterns set status = 'archived' where id = $1`, [published]);
    try {
      expect((await anon.from('kits').select('id').eq('id', id)).data).toEqual([]);
      expect((await designer.db.from('kits').select('id').eq('id', id)).data).toEqual([]);
      expect((await rival.db.from('kits').select('id').eq('id', id)).data).toEqual([{ id }]);
    } finally {
      await stack.pool.query(`update public.patterns set status = 'published' where id = $1`, [published]);
    }
    await stack.pool.query(`update public.partner_applications set status = 'rejected', reason = 'Shop closed' where user_id = $1`, [rival.id]);
    try {
      expect((await anon.from('kits').select('id').eq('id', id)).data).toEqual([]);
      const edit = await rival.db.from('kits').update({ title: 'Still mine?' }).eq('id', id).select();
      expect(edit.data).toEqual([]);
    } finally {
      await stack.pool.query(`update public.partner_applications set status = 'approved', reason = null where user_id = $1`, [rival.id]);
    }
  });

  it('refuses bad shop links and prices with clear messages and stores nothing', async () => {
    const before = (await stack.pool.query('select count(*)::int as n from public.kits')).rows[0].n;
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'http://fabric-house.example/kit' }, 'The shop link must be a full https:// address of your shop'],
      [{ url: 'javascript:alert(1)' }, 'The shop link must be a full https:// address of your shop'],
      [{ url: 'https://no spaces.example' }, 'The shop link must be a full https:// address of your shop'],
      [{ price_cents: 0 }, 'A kit price must be more than 0 and at most 100000.00'],
      [{ price_cents: -500 }, 'A kit price must be more than 0 and at most 100000.00'],
      [{ currency: 'JPY' }, 'Kit prices can be in EUR, GBP or USD, not JPY'],
      [{ title: ' x ' }, 'A kit title needs 3 to 120 characters'],
    ];
    for (const [extra, message] of cases) {
      const { error, status } = await supplier.db.from('kits').insert(kit(published, extra));
      expect(status, JSON.stringify(extra)).toBe(400);
      expect(error?.code).toBe('P0001');
      expect(error?.message).toBe(message);
    }
    const fractional = await supplier.db.from('kits').insert(kit(published, { price_cents: 12.5 }));
    expect(fractional.error?.code).toBe('22P02');
    expect((await stack.pool.query('select count(*)::int as n from public.kits')).rows[0].n).toBe(before);
    // an edit is held to the same rules
    const id = await createKit(supplier);
    const edit = await supplier.db.from('kits').update({ url: 'ftp://fabric-house.example' }).eq('id', id);
    expect(edit.error?.message).toBe('The shop link must be a full https:// address of your shop');
  });

  it('record_kit_click counts a click, answers the link, and leaves out repeats and the supplier’s own', async () => {
    const id = await createKit(supplier, { url: 'https://fabric-house.example/kits/counted' });
    const url = await anon.rpc('record_kit_click', { kit_id: id });
    expect(url).toMatchObject({ error: null, data: 'https://fabric-house.example/kits/counted' });
    // the same signed-out visitor again within 30 minutes: answered, not counted
    expect((await anon.rpc('record_kit_click', { kit_id: id })).data).toBe('https://fabric-house.example/kits/counted');
    expect((await designer.db.rpc('record_kit_click', { kit_id: id })).error).toBeNull();
    expect((await designer.db.rpc('record_kit_click', { kit_id: id })).error).toBeNull();
    expect((await supplier.db.rpc('record_kit_click', { kit_id: id })).error).toBeNull();
    const counted = await stack.pool.query('select count(*)::int as n from public.kit_clicks where kit_id = $1', [id]);
    expect(counted.rows[0].n).toBe(2);

    // the supplier sees the count; others see none of the clicks
    const mine = await supplier.db.from('kits').select('id,clicks').eq('id', id).single();
    expect(mine.data).toEqual({ id, clicks: 2 });
    const rows = await supplier.db.from('kit_clicks').select('kit_id,clicked_at').eq('kit_id', id);
    expect(rows.data).toHaveLength(2);
    expect((await rival.db.from('kit_clicks').select('kit_id').eq('kit_id', id)).data).toEqual([]);
    expect((await anon.from('kit_clicks').select('kit_id').eq('kit_id', id)).data).toEqual([]);
    // who clicked is never readable, and nobody writes clicks directly
    expect((await supplier.db.from('kit_clicks').select('visitor').eq('kit_id', id)).error?.code).toBe('42501');
    expect((await supplier.db.from('kit_clicks').insert({ kit_id: id })).error?.code).toBe('42501');
    expect((await anon.from('kit_clicks').insert({ kit_id: id })).error?.code).toBe('42501');
  });

  it('record_kit_click refuses archived or unknown kits with a clear message', async () => {
    const id = await createKit(supplier);
    await supplier.db.from('kits').update({ archived_at: new Date().toISOString() }).eq('id', id);
    for (const target of [id, crypto.randomUUID()]) {
      const { data, error } = await anon.rpc('record_kit_click', { kit_id: target });
      expect(data).toBeNull();
      expect(error?.message).toBe('This kit is no longer available');
    }
    expect((await stack.pool.query('select count(*)::int as n from public.kit_clicks where kit_id = $1', [id])).rows[0].n).toBe(0);
  });
});
