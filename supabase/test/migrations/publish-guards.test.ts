// Publishing guards through PostgREST with real tokens: a store cannot
// insert a pattern straight as published (skipping the checklist) nor choose its published_at;
// a shop cannot move a stock row onto a draft; pattern_publish_gaps is not for anon or strangers.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../../backend/src/jwt.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';

const id = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;
const U = { designer: id(2), other: id(3), shop: id(4) };
const S = { A: id(101), B: id(102), C: id(103) }; // designer's store, other designer's store, shop's retail store
const P = { pub: id(201), draft: id(202), otherPub: id(204) };

type Who = 'anon' | 'designer' | 'other' | 'shop' | 'service';
let stack: TestStack;
const tokens = new Map<Who, string>();

async function sql(text: string, values: unknown[] = []) {
  return (await stack.pool.query(text, values)).rows;
}

async function rest(who: Who, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${stack.url}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: who === 'service' ? stack.serviceRoleKey : stack.anonKey,
      authorization: `Bearer ${tokens.get(who)}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  for (const [uid, email] of [
    [U.designer, 'designer@guards.test'],
    [U.other, 'other@guards.test'],
    [U.shop, 'shop@guards.test'],
  ]) {
    await sql(
      `insert into auth.users (id, email, aud, role, raw_user_meta_data, email_confirmed_at)
               values ($1, $2::text, 'authenticated', 'authenticated', '{}', now())`,
      [uid, email],
    );
  }
  await sql(
    `insert into public.stores (id, owner_id, slug, kind, name) values ($1, $2, 'guards-a', 'designer', 'Studio A'), ($3, $4, 'guards-b', 'designer', 'Studio B')`,
    [S.A, U.designer, S.B, U.other],
  );
  await sql(
    `insert into public.stores (id, owner_id, slug, kind, name, address_line1, city, postal_code)
             values ($1, $2, 'guards-shop', 'retailer', 'Shop C', '1 High Street', 'York', 'YO1 7HH')`,
    [S.C, U.shop],
  );
  await sql(
    `insert into public.patterns (id, store_id, title, craft, category, status, price_cents, cover_path) values
     ($1, $4, 'Linen Wrap Dress', 'sewing', 'dress', 'published', 1200, 'x.png'),
     ($2, $4, 'Secret Draft Coat', 'sewing', 'coat', 'draft', 1500, null),
     ($3, $5, 'Other Studio Skirt', 'sewing', 'skirt', 'published', 900, 'y.png')`,
    [P.pub, P.draft, P.otherPub, S.A, S.B],
  );
  await sql(
    `insert into public.pattern_files (pattern_id, store_id, format, version, storage_path, size_bytes, sha256)
             values ($1, $2, 'a4', 1, $3, 1024, $4)`,
    [P.draft, S.A, `${S.A}/${P.draft}/a4/v1.pdf`, 'a'.repeat(64)],
  );
  await sql(`insert into public.store_stock (store_id, pattern_id) values ($1, $2)`, [S.C, P.pub]);
  tokens.set('anon', stack.anonKey);
  tokens.set('service', stack.serviceRoleKey);
  for (const [who, uid] of [
    ['designer', U.designer],
    ['other', U.other],
    ['shop', U.shop],
  ] as const) {
    tokens.set(
      who,
      await signJwt(
        {
          iss: `${stack.url}/auth/v1`,
          sub: uid,
          aud: 'authenticated',
          role: 'authenticated',
          email: `${who}@guards.test`,
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: {},
          aal: 'aal1',
          session_id: crypto.randomUUID(),
        },
        stack.config.jwtSecret,
        3600,
      ),
    );
  }
});

afterAll(async () => {
  await stack?.stop();
});

describe('publishing guards', () => {
  it("refuses a store inserting a pattern straight as published with the checklist's reason; nothing is written", async () => {
    const title = `Straight to the top ${crypto.randomUUID()}`;
    const res = await rest('designer', 'POST', 'patterns', {
      store_id: S.A,
      title,
      craft: 'sewing',
      category: 'dress',
      status: 'published',
      cover_path: 'z.png',
      published_at: '2099-01-01T00:00:00Z',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: '23514' });
    expect(res.body.message).toContain('at least one pattern file');
    expect(await sql('select 1 from public.patterns where title = $1', [title])).toHaveLength(0);
  });

  it('stamps published_at itself: a store cannot date a pattern into the future (insert or update)', async () => {
    const title = `Draft dated ${crypto.randomUUID()}`;
    const res = await rest('designer', 'POST', 'patterns', {
      store_id: S.A,
      title,
      craft: 'sewing',
      category: 'dress',
      status: 'draft',
      published_at: '2099-01-01T00:00:00Z',
    });
    expect(res.status).toBe(201);
    expect(res.body[0].published_at).toBeNull();
    const patch = await rest('designer', 'PATCH', `patterns?id=eq.${P.pub}`, { published_at: '2099-01-01T00:00:00Z' });
    expect(patch.status).toBe(200);
    expect(new Date(patch.body[0].published_at).getFullYear()).toBeLessThan(2099);
    // the platform's service role still may (seeding history)
    const seeded = await rest('service', 'POST', 'patterns', {
      store_id: S.A,
      title: `Seeded ${crypto.randomUUID()}`,
      craft: 'sewing',
      category: 'dress',
      status: 'published',
      published_at: '2020-05-01T00:00:00Z',
    });
    expect(seeded.status).toBe(201);
    expect(seeded.body[0].published_at).toMatch(/^2020-05-01/);
  });

  it('keeps publishing a complete draft by update working', async () => {
    const [row] = await sql(
      `insert into public.patterns (store_id, title, craft, category, status, cover_path)
                             values ($1, 'Complete draft', 'sewing', 'top', 'draft', 'c.png') returning id`,
      [S.A],
    );
    await sql(
      `insert into public.pattern_files (pattern_id, store_id, format, version, storage_path, size_bytes, sha256)
               values ($1, $2, 'a4', 1, $3, 1024, $4)`,
      [row.id, S.A, `${S.A}/${row.id}/a4/v1.pdf`, 'b'.repeat(64)],
    );
    const res = await rest('designer', 'PATCH', `patterns?id=eq.${row.id}`, { status: 'published', published_at: '2099-01-01T00:00:00Z' });
    expect(res.status).toBe(200);
    expect(res.body[0].status).toBe('published');
    expect(Math.abs(Date.parse(res.body[0].published_at) - Date.now())).toBeLessThan(10 * 60_000);
  });

  it("refuses a shop moving its stock row onto a draft or another store's pattern it may not stock", async () => {
    const moved = await rest('shop', 'PATCH', `store_stock?store_id=eq.${S.C}&pattern_id=eq.${P.pub}`, { pattern_id: P.draft });
    expect(moved.status).toBe(403);
    expect(moved.body.code).toBe('42501');
    expect(await sql('select pattern_id from public.store_stock where store_id = $1', [S.C])).toEqual([{ pattern_id: P.pub }]);
    // counting copies of a published pattern is still the shop's to do
    const copies = await rest('shop', 'PATCH', `store_stock?store_id=eq.${S.C}&pattern_id=eq.${P.pub}`, { printed_copies: 7 });
    expect(copies.status).toBe(200);
    expect(copies.body[0].printed_copies).toBe(7);
    // and onto another published pattern is fine
    const other = await rest('shop', 'PATCH', `store_stock?store_id=eq.${S.C}&pattern_id=eq.${P.pub}`, { pattern_id: P.otherPub });
    expect(other.status).toBe(200);
    await sql('update public.store_stock set pattern_id = $1 where store_id = $2', [P.pub, S.C]);
  });

  it("answers pattern_publish_gaps only to the pattern's store: not anon, not another store", async () => {
    const draftRow = { id: P.draft, store_id: S.A, title: 'Secret Draft Coat', craft: 'sewing', category: 'coat', status: 'draft' };
    const asAnon = await rest('anon', 'POST', 'rpc/pattern_publish_gaps', { p: draftRow });
    expect([401, 403, 404]).toContain(asAnon.status);
    const asOther = await rest('other', 'POST', 'rpc/pattern_publish_gaps', { p: draftRow });
    expect(asOther.status).toBe(403);
    // a forged row claiming the caller's own store learns nothing about another store's files
    const forged = await rest('other', 'POST', 'rpc/pattern_publish_gaps', { p: { ...draftRow, store_id: S.B } });
    expect(forged.status).toBe(200);
    expect(forged.body).toContain('at least one pattern file');
    const asOwner = await rest('designer', 'POST', 'rpc/pattern_publish_gaps', { p: draftRow });
    expect(asOwner.status).toBe(200);
    expect(asOwner.body).toEqual(['a cover image']); // it has a file, only the cover is missing
  });
});
