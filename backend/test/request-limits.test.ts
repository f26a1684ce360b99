// Request body limits at the gateway: a 200 MB JSON body with only the
// anon key made PostgREST answer 504 and /health time out for minutes; auth and functions read
// such bodies whole into memory. Every body here is generated as a stream (one reused 64 KiB
// chunk), never allocated, and sent with node:http so the 413 can arrive mid-upload.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../src/jwt.ts';
import { startTestStack, type TestStack } from './harness.ts';

const MiB = 1024 * 1024;
const chunk = Buffer.alloc(64 * 1024, 0x20); // spaces: valid JSON whitespace, so only the size is wrong

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

interface Sent {
  status: number;
  body: any;
  headers: http.IncomingHttpHeaders;
  /** Body bytes written before the answer came. */
  sent: number;
}

/** POSTs `total` bytes ('[' + spaces) to the gateway, declared or chunked, stopping when the answer comes. */
function stream(path: string, total: number, { chunked = false, headers = {} as Record<string, string>, method = 'POST' } = {}): Promise<Sent> {
  const url = new URL(path, stack.url);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(url, {
      method,
      headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(total) }), ...headers },
    });
    req.on('response', (res) => {
      answered = true;
      const sentAtAnswer = sent;
      const parts: Buffer[] = [];
      res.on('data', (b: Buffer) => parts.push(b));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString();
        resolve({ status: res.statusCode!, headers: res.headers, sent: sentAtAnswer, body: text ? JSON.parse(text) : null });
        req.destroy();
      });
    });
    // the server closing mid-upload is expected once it has answered
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const pump = (): void => {
      while (!answered && sent < total) {
        const piece = sent === 0 ? Buffer.concat([Buffer.from('['), chunk.subarray(1)]) : chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

async function health(): Promise<number> {
  return (await fetch(`${stack.url}/health`)).status;
}

const anon = () => ({ apikey: stack.anonKey });

describe('request body limits', () => {
  it('refuses a 200 MB REST body by its Content-Length with a PostgREST-style 413, before reading it', async () => {
    const res = await stream('/rest/v1/rpc/has_role', 200 * MiB, { headers: anon() });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PGRST413', message: 'Payload Too Large' });
    expect(res.body.details).toContain(String(MiB));
    expect(Object.keys(res.body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.sent).toBeLessThan(200 * MiB);
    expect(await health()).toBe(200);
  });

  it('answers Expect: 100-continue for an oversized body with 413 and never asks for the body', async () => {
    const url = new URL('/rest/v1/rpc/has_role', stack.url);
    const result = await new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
      let continued = false;
      const req = http.request(url, {
        method: 'POST',
        headers: { ...anon(), 'content-type': 'application/json', 'content-length': String(200 * MiB), expect: '100-continue' },
      });
      req.on('continue', () => {
        continued = true;
        req.destroy();
      });
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode!, continued });
        req.destroy();
      });
      req.on('error', (err) => {
        if (!continued) reject(err);
      });
      req.flushHeaders();
    });
    expect(result).toEqual({ status: 413, continued: false });
    // a body within the limit is still invited
    const small = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ p_role: 'designer' });
      const req = http.request(url, {
        method: 'POST',
        headers: { ...anon(), 'content-type': 'application/json', 'content-length': String(body.length), expect: '100-continue' },
      });
      req.on('continue', () => req.end(body));
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(small).toBe(200);
  });

  it('cuts a chunked 50 MB REST body off at the limit; the database never sees it', async () => {
    const [res, healthDuring] = await Promise.all([
      stream('/rest/v1/rpc/has_role', 50 * MiB, { chunked: true, headers: anon() }),
      // asked while the body streams: the gateway and the database keep answering
      new Promise<number>((resolve) => setTimeout(() => void health().then(resolve), 20)),
    ]);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PGRST413');
    expect(res.sent).toBeLessThan(50 * MiB);
    expect(healthDuring).toBe(200);
    // a normal call right after still works
    const ok = await fetch(`${stack.url}/rest/v1/rpc/has_role`, {
      method: 'POST',
      headers: { ...anon(), 'content-type': 'application/json' },
      body: JSON.stringify({ p_role: 'designer' }),
    });
    expect(ok.status).toBe(200);
  });

  it('auth: declared and chunked bodies over 64 KB get a GoTrue-style 413', async () => {
    for (const chunked of [false, true]) {
      const res = await stream('/auth/v1/signup', 50 * MiB, { chunked, headers: anon() });
      expect(res.status, `chunked=${chunked}`).toBe(413);
      expect(res.body).toMatchObject({ code: 'request_too_large', error_code: 'request_too_large' });
      expect(res.body.msg).toContain('65536');
      expect(res.sent).toBeLessThan(50 * MiB);
    }
    const ok = await fetch(`${stack.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { ...anon(), 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email', password: 'x' }),
    });
    // read and judged by auth as before: GoTrue checks the password (weak) before the email
    expect(ok.status).toBe(422);
  });

  it('functions: a chunked 200 MB body is cut off with {error}', async () => {
    const res = await stream('/functions/v1/stripe-webhook', 200 * MiB, { chunked: true });
    expect(res.status).toBe(413);
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(res.sent).toBeLessThan(200 * MiB);
    expect(await health()).toBe(200);
  });

  it('storage: uploads may be as large as the largest bucket allows, JSON routes are small; 413 in storage style', async () => {
    const service = { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` };
    const upload = await stream('/storage/v1/object/pattern-files/a/b.pdf', 250 * MiB, { headers: { ...service, 'content-type': 'application/pdf' } });
    expect(upload.status).toBe(413);
    expect(upload.body).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    expect(upload.sent).toBeLessThan(250 * MiB);
    const list = await stream('/storage/v1/object/list/pattern-files', 20 * MiB, { chunked: true, headers: service });
    expect(list.status).toBe(413);
    expect(list.body.code).toBe('EntityTooLarge');
    // an upload under the gateway's limit goes through to the storage service
    const token = await signJwt({ sub: '00000000-0000-4000-8000-000000000001', role: 'authenticated', aud: 'authenticated' }, stack.config.jwtSecret, 600);
    const small = await stream('/storage/v1/object/pattern-files/a/c.pdf', 2 * MiB, {
      headers: { ...anon(), authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
    });
    expect(small.status).not.toBe(413);
  });
});
