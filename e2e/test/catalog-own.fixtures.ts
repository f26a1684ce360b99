// Data for the publish/library/download browser tests, made through the backend with the
// service key: people, stores, published patterns with a real PDF in private storage, orders.
import { createHash, randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { makePatternPdf } from '../../supabase/test/catalog-own-pdf.ts';
import { createUser } from '@stitchhouse/shared/testing/kit.ts';
import { startE2EStack, type E2EStack } from '../src/harness.ts';
import { PASSWORD, passwordSession, sessionStorageKey, type Backend } from './catalog-find.fixtures.ts';

export { PASSWORD, passwordSession, sessionStorageKey, type Backend };

/** A browser page signed in as `email` (session put where supabase-js keeps it). */
export async function signedInPage(stack: E2EStack, backend: Backend, email: string): ReturnType<E2EStack['newPage']> {
  const opened = await stack.newPage();
  const session = await passwordSession(backend, email);
  await opened.page.goto(`${stack.shellUrl}/about`);
  await opened.page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [sessionStorageKey(backend), JSON.stringify(session)]);
  return opened;
}

/** Opens a shell path and waits until its screen has a heading and nothing is loading. */
export async function openScreen(stack: E2EStack, page: Page, path: string): Promise<void> {
  await page.goto(stack.shellUrl + path);
  await page.waitForFunction(() => !!document.querySelector('main h1') && !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 60_000 });
}

const serviceHeaders = (backend: Backend) => ({ apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` });

async function rest<T>(backend: Backend, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${backend.url}/rest/v1/${path}`, {
    method,
    headers: { ...serviceHeaders(backend), 'content-type': 'application/json', prefer: 'return=representation' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export const insertRow = async <T = { id: string }>(backend: Backend, table: string, row: Record<string, unknown>) =>
  (await rest<T[]>(backend, 'POST', table, row))[0]!;
export const selectRows = <T>(backend: Backend, query: string) => rest<T[]>(backend, 'GET', query);

export async function createPerson(backend: Backend, tag: string, displayName: string): Promise<{ id: string; email: string }> {
  const email = `${tag}-${randomUUID().slice(0, 8)}@e2e.stitchhouse.test`;
  return { id: await createUser(backend, email, PASSWORD, { display_name: displayName }), email };
}

export async function createStore(backend: Backend, ownerId: string, name: string): Promise<{ id: string; slug: string }> {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomUUID().slice(0, 6)}`;
  return insertRow(backend, 'stores', { owner_id: ownerId, slug, kind: 'designer', name });
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function storageDownload(backend: Backend, path: string): Promise<Uint8Array> {
  const response = await fetch(`${backend.url}/storage/v1/object/pattern-files/${path}`, { headers: serviceHeaders(backend) });
  if (!response.ok) throw new Error(`storage download → ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** A published pattern with an A4 PDF in private storage; returns its ids and the original bytes. */
/** A fresh stack with its embedded backend (the data each test file needs is made by the file). */
export async function startStackWithBackend(): Promise<{ stack: E2EStack; backend: Backend }> {
  const stack = await startE2EStack({ backend: true });
  if (!stack.backend) throw new Error('the embedded backend did not start');
  return { stack, backend: stack.backend as Backend };
}

/** Dana Designer's store "Dana Patterns" with one published pattern called `title`. */
export async function designerWithPattern(backend: Backend, title: string, pages = 1) {
  const designer = await createPerson(backend, 'designer', 'Dana Designer');
  const store = await createStore(backend, designer.id, 'Dana Patterns');
  return { designer, store, pattern: await publishedPattern(backend, store.id, title, pages) };
}

export async function publishedPattern(backend: Backend, storeId: string, title: string, pages = 2) {
  const pattern = await insertRow(backend, 'patterns', {
    store_id: storeId,
    title,
    craft: 'sewing',
    category: 'dresses',
    price_cents: 1500,
    status: 'published',
    cover_path: `${storeId}/cover.svg`,
    formats: ['a4'],
  });
  const pdf = await makePatternPdf(title, pages);
  const path = `${storeId}/${pattern.id}/a4/v1.pdf`;
  const upload = await fetch(`${backend.url}/storage/v1/object/pattern-files/${path}`, {
    method: 'POST',
    headers: { ...serviceHeaders(backend), 'content-type': 'application/pdf' },
    body: Buffer.from(pdf),
  });
  if (!upload.ok) throw new Error(`storage upload → ${upload.status}: ${await upload.text()}`);
  await insertRow(backend, 'pattern_files', {
    pattern_id: pattern.id,
    store_id: storeId,
    format: 'a4',
    version: 1,
    storage_path: path,
    size_bytes: pdf.byteLength,
    sha256: sha256(pdf),
  });
  return { id: pattern.id, path, pdf };
}

/** A paid order of one pattern: the buyer's entitlement; returns the order number stamped on PDFs. */
export async function buy(backend: Backend, buyerId: string, patternId: string, storeId: string): Promise<string> {
  const order = await insertRow<{ id: string; number: number }>(backend, 'orders', {
    buyer_id: buyerId,
    status: 'paid',
    currency: 'USD',
    subtotal_cents: 1500,
    total_cents: 1500,
  });
  await insertRow(backend, 'order_items', { order_id: order.id, pattern_id: patternId, store_id: storeId, unit_price_cents: 1500, currency: 'USD' });
  return String(order.number);
}

/** A real 8×8 PNG (solid colour) for the cover upload. */
export function coverPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.concat(Array.from({ length: 8 }, () => Buffer.from([0, ...Array.from({ length: 8 }, () => [176, 82, 60]).flat()])));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
