// The PGlite socket asks for the generated password (SCRAM-SHA-256) and lets in only its one
// user: before, `user: anon, password: wrong` connected as the superuser postgres.
// (On the 'postgres' project the stack uses a throwaway real PostgreSQL: nothing to test here.)
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './harness.ts';

const onPglite = process.env.STITCHHOUSE_TEST_DATABASE !== 'postgres';

describe.runIf(onPglite)('PGlite socket authentication', () => {
  let stack: TestStack;
  let url: URL;

  beforeAll(async () => {
    stack = await startTestStack();
    url = new URL(stack.databaseUrl);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function connect(user: string, password: string): Promise<string> {
    const client = new pg.Client({ host: url.hostname, port: Number(url.port), database: 'postgres', user, password, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      const { rows } = await client.query<{ who: string }>('select current_user as who');
      return rows[0]!.who;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  it('keeps the generated password in keys.json and listens on loopback only', () => {
    const keys = JSON.parse(fs.readFileSync(path.join(stack.dataDir, 'keys.json'), 'utf8')) as { dbPassword?: string };
    expect(keys.dbPassword?.length).toBeGreaterThanOrEqual(16);
    expect(decodeURIComponent(url.password)).toBe(keys.dbPassword);
    expect(url.hostname).toBe('127.0.0.1');
  });

  it('refuses a wrong password, and any other user even with the right one, as PostgreSQL does', async () => {
    const password = decodeURIComponent(url.password);
    for (const [user, pass] of [
      ['anon', 'wrong'],
      ['postgres', 'wrong'],
      ['postgres', ''],
      ['anon', password],
      ['authenticator', password],
    ] as const) {
      const refused = await connect(user, pass).then(
        () => null,
        (err: pg.DatabaseError) => err,
      );
      expect(refused, `${user}/${pass}`).not.toBeNull();
      if (pass === '') continue; // node-postgres itself refuses to send an empty SCRAM password
      expect(refused).toMatchObject({ code: '28P01', severity: 'FATAL', message: `password authentication failed for user "${user}"` });
    }
  });

  it('asks for SCRAM-SHA-256, never a cleartext password', async () => {
    const socket = net.connect(Number(url.port), url.hostname);
    const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
    const startup = Buffer.alloc(8 + params.length);
    startup.writeInt32BE(startup.length, 0);
    startup.writeInt32BE(196608, 4);
    params.copy(startup, 8);
    socket.write(startup);
    const reply = await new Promise<Buffer>((resolve, reject) => socket.once('data', resolve).once('error', reject));
    socket.destroy();
    expect(String.fromCharCode(reply[0]!)).toBe('R');
    expect(reply.readInt32BE(5)).toBe(10); // AuthenticationSASL
    expect(reply.subarray(9).toString()).toBe('SCRAM-SHA-256\0\0');
  });

  it('lets the right user and password in, and PostgREST still answers', async () => {
    expect(await connect('postgres', decodeURIComponent(url.password))).toBe('postgres');
    const res = await fetch(`${stack.url}/rest/v1/rpc/has_role`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ p_role: 'designer' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(false);
  });
});
