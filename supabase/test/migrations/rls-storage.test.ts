// Storage policies on storage.objects through the real storage API: private pattern files
// (owning store + entitled buyers), public pattern images, per-owner avatars and store assets,
// and the bucket limits set by the migration. Denied writes are checked with the service key.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../../backend/src/jwt.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';

type Role = 'anon' | 'maker' | 'designer' | 'other' | 'partner' | 'service';
const ROLES: Role[] = ['anon', 'maker', 'designer', 'other', 'partner', 'service'];

const id = (n: number) => `00000000-0000-4000-9000-${n.toString().padStart(12, '0')}`;
const U = { maker: id(1), designer: id(2), other: id(3), partner: id(4) };
const S = { A: id(101), B: id(102) };
const P = { pub: id(201), otherStore: id(202) };
const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let stack: TestStack;
const tokens = new Map<Role, string>();

function headers(role: Role, extra: Record<string, string> = {}): Record<string, string> {
  return {
    apikey: role === 'service' ? stack.serviceRoleKey : stack.anonKey,
    authorization: `Bearer ${tokens.get(role)}`,
    ...extra,
  };
}

async function upload(role: Role, bucket: string, path: string, bytes: Uint8Array, type: string, upsert = false) {
  const res = await fetch(`${stack.url}/storage/v1/object/${bucket}/${path}`, {
    method: 'POST',
    headers: headers(role, { 'content-type': type, 'x-upsert': String(upsert) }),
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

async function download(role: Role, bucket: string, path: string) {
  const res = await fetch(`${stack.url}/storage/v1/object/authenticated/${bucket}/${path}`, { headers: headers(role) });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function remove(role: Role, bucket: string, path: string) {
  const res = await fetch(`${stack.url}/storage/v1/object/${bucket}/${path}`, { method: 'DELETE', headers: headers(role) });
  return res.status;
}

async function exists(bucket: string, path: string): Promise<boolean> {
  return (await download('service', bucket, path)).status === 200;
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  const q = (text: string, values: unknown[]) => stack.pool.query(text, values);
  for (const [uid, role] of Object.entries(U).map(([k, v]) => [v, k])) {
    await q(`insert into auth.users (id, email, aud, role, raw_user_meta_data) values ($1, $2::text, 'authenticated', 'authenticated', '{}')`, [
      uid,
      `${role}@storage.test`,
    ]);
  }
  await q(`insert into public.stores (id, owner_id, slug, kind, name) values ($1, $2, 'files-a', 'designer', 'A'), ($3, $4, 'files-b', 'designer', 'B')`, [
    S.A,
    U.designer,
    S.B,
    U.other,
  ]);
  await q(
    `insert into public.patterns (id, store_id, title, craft, category, status, price_cents) values
           ($1, $3, 'Paid Dress', 'sewing', 'dress', 'published', 1200), ($2, $4, 'B Skirt', 'sewing', 'skirt', 'published', 900)`,
    [P.pub, P.otherStore, S.A, S.B],
  );
  await q(`insert into public.entitlements (user_id, pattern_id, source) values ($1, $2, 'grant')`, [U.maker, P.pub]);
  tokens.set('anon', stack.anonKey);
  tokens.set('service', stack.serviceRoleKey);
  for (const role of ROLES.filter((r) => r !== 'anon' && r !== 'service')) {
    tokens.set(
      role,
      await signJwt(
        {
          sub: U[role as keyof typeof U],
          aud: 'authenticated',
          role: 'authenticated',
          email: `${role}@storage.test`,
          aal: 'aal1',
          session_id: crypto.randomUUID(),
          app_metadata: { provider: 'email' },
          user_metadata: {},
          is_anonymous: false,
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

const filePath = `${S.A}/${P.pub}/a4/v1.pdf`;

describe('pattern-files bucket (private)', () => {
  const writers: Role[] = ['designer', 'service'];
  for (const role of ROLES) {
    const allowed = writers.includes(role);
    it(`upload into the owning store's pattern folder as ${role}: ${allowed ? 'allowed' : 'denied'}`, async () => {
      const path = `${S.A}/${P.pub}/a0/v-${role}.pdf`;
      const res = await upload(role, 'pattern-files', path, PDF, 'application/pdf');
      if (allowed) expect(res.status, JSON.stringify(res.body)).toBe(200);
      else expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await exists('pattern-files', path)).toBe(allowed);
    });
  }

  it('refuses a store writing under another store\u2019s pattern, even in its own folder', async () => {
    expect((await upload('other', 'pattern-files', `${S.B}/${P.pub}/a4/v1.pdf`, PDF, 'application/pdf')).status).toBeGreaterThanOrEqual(400);
    expect((await upload('other', 'pattern-files', `${S.A}/${P.pub}/a4/v9.pdf`, PDF, 'application/pdf')).status).toBeGreaterThanOrEqual(400);
    expect(await exists('pattern-files', `${S.B}/${P.pub}/a4/v1.pdf`)).toBe(false);
    expect(await exists('pattern-files', `${S.A}/${P.pub}/a4/v9.pdf`)).toBe(false);
  });

  // Entitled buyers (maker) get the stamped copy from the download function, never the original.
  const readers: Role[] = ['designer', 'service'];
  for (const role of ROLES) {
    const allowed = readers.includes(role);
    it(`download a pattern file as ${role}: ${allowed ? 'allowed (owning store, service)' : 'denied'}`, async () => {
      expect((await upload('designer', 'pattern-files', filePath, PDF, 'application/pdf', true)).status).toBe(200);
      const res = await download(role, 'pattern-files', filePath);
      if (allowed) {
        expect(res.status).toBe(200);
        expect(Buffer.from(res.bytes).equals(Buffer.from(PDF))).toBe(true);
      } else {
        expect(res.status).toBeGreaterThanOrEqual(400);
      }
    });
  }

  it('an entitled buyer reads the original neither before nor after a refund', async () => {
    expect((await download('maker', 'pattern-files', filePath)).status).toBeGreaterThanOrEqual(400);
    await stack.pool.query(`update public.entitlements set revoked_at = now() where user_id = $1 and pattern_id = $2`, [U.maker, P.pub]);
    try {
      expect((await download('maker', 'pattern-files', filePath)).status).toBeGreaterThanOrEqual(400);
    } finally {
      await stack.pool.query(`update public.entitlements set revoked_at = null where user_id = $1 and pattern_id = $2`, [U.maker, P.pub]);
    }
  });

  for (const role of ROLES) {
    const allowed = writers.includes(role);
    it(`delete a pattern file as ${role}: ${allowed ? 'allowed' : 'denied'}`, async () => {
      const path = `${S.A}/${P.pub}/projector/v1.pdf`;
      expect((await upload('service', 'pattern-files', path, PDF, 'application/pdf', true)).status).toBe(200);
      await remove(role, 'pattern-files', path);
      expect(await exists('pattern-files', path)).toBe(!allowed);
    });
  }

  it('refuses files that are not PDF or zip', async () => {
    const res = await upload('designer', 'pattern-files', `${S.A}/${P.pub}/a4/notes.txt`, new TextEncoder().encode('hello'), 'text/plain');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await exists('pattern-files', `${S.A}/${P.pub}/a4/notes.txt`)).toBe(false);
  });
});

describe('public image buckets', () => {
  it('pattern-images: the owning store writes, anyone reads through the public URL, others cannot write', async () => {
    const path = `${S.A}/${P.pub}/cover.png`;
    expect((await upload('designer', 'pattern-images', path, PNG, 'image/png')).status).toBe(200);
    const pub = await fetch(`${stack.url}/storage/v1/object/public/pattern-images/${path}`);
    expect(pub.status).toBe(200);
    expect(Buffer.from(await pub.arrayBuffer()).equals(PNG)).toBe(true);
    for (const role of ['anon', 'maker', 'other'] as Role[]) {
      const stray = `${S.A}/${P.pub}/by-${role}.png`;
      expect((await upload(role, 'pattern-images', stray, PNG, 'image/png')).status).toBeGreaterThanOrEqual(400);
      expect(await exists('pattern-images', stray)).toBe(false);
    }
  });

  it('avatars: each user writes only in their own folder', async () => {
    expect((await upload('maker', 'avatars', `${U.maker}/me.png`, PNG, 'image/png')).status).toBe(200);
    expect((await upload('maker', 'avatars', `${U.designer}/me.png`, PNG, 'image/png')).status).toBeGreaterThanOrEqual(400);
    expect((await upload('anon', 'avatars', `${U.maker}/anon.png`, PNG, 'image/png')).status).toBeGreaterThanOrEqual(400);
    expect(await exists('avatars', `${U.designer}/me.png`)).toBe(false);
    expect(await exists('avatars', `${U.maker}/anon.png`)).toBe(false);
    expect((await fetch(`${stack.url}/storage/v1/object/public/avatars/${U.maker}/me.png`)).status).toBe(200);
  });

  it('store-assets: only the store owner writes in the store folder', async () => {
    expect((await upload('designer', 'store-assets', `${S.A}/logo.png`, PNG, 'image/png')).status).toBe(200);
    expect((await upload('other', 'store-assets', `${S.A}/logo-other.png`, PNG, 'image/png')).status).toBeGreaterThanOrEqual(400);
    expect(await exists('store-assets', `${S.A}/logo-other.png`)).toBe(false);
    await remove('other', 'store-assets', `${S.A}/logo.png`);
    expect(await exists('store-assets', `${S.A}/logo.png`)).toBe(true);
  });

  it('images refuse PDFs and oversized files (10 MB limit)', async () => {
    expect((await upload('designer', 'pattern-images', `${S.A}/${P.pub}/x.pdf`, PDF, 'application/pdf')).status).toBeGreaterThanOrEqual(400);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    expect((await upload('designer', 'pattern-images', `${S.A}/${P.pub}/big.png`, big, 'image/png')).status).toBeGreaterThanOrEqual(400);
    expect(await exists('pattern-images', `${S.A}/${P.pub}/big.png`)).toBe(false);
  });
});
