// Faults: the backend SIGKILLed in the middle of an upload and a download loses no
// committed object and leaves no half-written file; the next start clears the partial upload
// and removes a file placed whose row never committed. The stack runs as a child process
// (test/fixtures/crash/stack-process.ts) so it can be killed for real. PGlite only: a
// throwaway PostgreSQL would not outlive the killed process that started it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killBackend, startBackendProcess, stopBackend, type BackendProcess } from './fixtures/crash/backend-process.ts';

type Running = BackendProcess<{ url: string; serviceRoleKey: string }>;

let dataDir: string;
let running: Running | undefined;

const startChild = () => startBackendProcess<{ url: string; serviceRoleKey: string }>('stack-process.ts', [dataDir]);

function request(run: Running, route: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('apikey', run.serviceRoleKey);
  headers.set('authorization', `Bearer ${run.serviceRoleKey}`);
  return fetch(`${run.url}/storage/v1${route}`, { ...init, headers });
}

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
const bucketDir = () => path.join(dataDir, 'storage', 'crash');
const tempDir = () => path.join(dataDir, 'storage-tmp');
const filesUnder = (dir: string) =>
  fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort() : [];

/** A PDF-looking body of `size` bytes. */
function pdfBytes(size: number): Uint8Array {
  const bytes = crypto.randomBytes(size);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
}

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-crash-'));
});

afterAll(async () => {
  if (running) await stopBackend(running);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(process.env.STITCHHOUSE_TEST_DATABASE === 'postgres')('SIGKILL during uploads and downloads', () => {
  it('keeps committed objects whole, lists and serves no partial one, and cleans up at the next start', async () => {
    running = await startChild();
    const created = await request(running, '/bucket', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'crash', public: false }),
    });
    expect(created.status).toBe(200);
    const whole = pdfBytes(8 * 1024 * 1024);
    const put = await request(running, '/object/crash/whole.pdf', {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: whole as Uint8Array<ArrayBuffer>,
    });
    expect(put.status).toBe(200);

    // A slow upload: 256 KB every 40 ms, 24 MB in all, far from done when the backend dies.
    const chunk = pdfBytes(256 * 1024);
    let sent = 0;
    const slowBody = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((r) => setTimeout(r, 40));
        if (sent >= 24 * 1024 * 1024) return controller.close();
        controller.enqueue(chunk.slice());
        sent += chunk.byteLength;
      },
    });
    const upload = request(running, '/object/crash/partial.pdf', {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: slowBody,
      duplex: 'half',
    } as RequestInit).catch((err: Error) => err);
    // A download that has started and is not finished: one chunk read, then paused.
    const download = await request(running, '/object/authenticated/crash/whole.pdf');
    expect(download.status).toBe(200);
    const reader = download.body!.getReader();
    expect((await reader.read()).done).toBe(false);

    // Kill once the partial upload has bytes on disk (no timing guess).
    const deadline = Date.now() + 20_000;
    while (!filesUnder(tempDir()).some((f) => fs.statSync(path.join(tempDir(), f)).size >= 1024 * 1024) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(filesUnder(tempDir()).length).toBeGreaterThan(0);
    await killBackend(running, dataDir);
    running = undefined;
    expect(await upload).toBeInstanceOf(Error);
    await reader.cancel().catch(() => undefined);

    // What a crash between placing a file and committing its row leaves: a note and a file
    // with no row. Also a note for the committed object, which must stay.
    const [committedVersion] = fs.readdirSync(path.join(bucketDir(), 'whole.pdf'));
    const orphanVersion = crypto.randomUUID();
    fs.mkdirSync(path.join(bucketDir(), 'orphan.pdf'), { recursive: true });
    fs.writeFileSync(path.join(bucketDir(), 'orphan.pdf', orphanVersion), 'placed, never committed');
    fs.mkdirSync(path.join(dataDir, 'storage-pending'), { recursive: true });
    for (const [name, version] of [
      ['orphan.pdf', orphanVersion],
      ['whole.pdf', committedVersion!],
    ]) {
      fs.writeFileSync(path.join(dataDir, 'storage-pending', `${version}.json`), JSON.stringify({ bucket: 'crash', name, version }));
    }
    expect(filesUnder(tempDir()).length).toBeGreaterThan(0);

    running = await startChild();
    const listed = await request(running, '/object/list/crash', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
    });
    expect((await listed.json()).map((o: { name: string }) => o.name)).toEqual(['whole.pdf']);
    const partial = await request(running, '/object/authenticated/crash/partial.pdf');
    expect(partial.status).toBe(400);
    expect(await partial.json()).toMatchObject({ statusCode: '404' });
    const again = await request(running, '/object/authenticated/crash/whole.pdf');
    expect(again.status).toBe(200);
    expect(sha256(new Uint8Array(await again.arrayBuffer()))).toBe(sha256(whole));

    // Start-up recovery runs before the first write; an upload waits for it.
    const after = await request(running, '/object/crash/after.pdf', {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: pdfBytes(1024) as Uint8Array<ArrayBuffer>,
    });
    expect(after.status).toBe(200);
    expect(filesUnder(tempDir())).toEqual([]);
    expect(filesUnder(path.join(dataDir, 'storage-pending'))).toEqual([]);
    expect(filesUnder(bucketDir()).map((f) => f.split(path.sep)[0])).toEqual(['after.pdf', 'whole.pdf']);
  }, 120_000);
});
