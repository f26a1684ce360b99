// The local mail inbox is not readable by other web sites: /mail
// answers CORS only to the app's own origins, never with credentials, and is not served at all
// beside real mail (SMTP_URL) or when MAIL_INBOX=false. The rest of the API answers CORS like
// Supabase's: any origin, no credentials.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startTestStack, type TestStack } from './harness.ts';

const evil = 'https://evil.example';
const app = 'http://localhost:3000'; // the default SITE_URL

describe('local development stack (inbox on)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('does not let another site read the inbox', async () => {
    const res = await fetch(`${stack.url}/mail/api/messages`, { headers: { origin: evil } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(`${stack.url}/mail/api/messages`, {
      method: 'OPTIONS',
      headers: { origin: evil, 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("lets the app's own origins read it, without credentials, and Node (no Origin) as before", async () => {
    for (const origin of [app, 'http://localhost:3002', 'http://127.0.0.1:3001']) {
      const res = await fetch(`${stack.url}/mail/api/messages`, { headers: { origin } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
    const node = await fetch(`${stack.url}/mail/api/messages`);
    expect(node.status).toBe(200);
    expect(Array.isArray(await node.json())).toBe(true);
  });

  it('answers the API like Supabase: any origin, never with credentials', async () => {
    const rest = await fetch(`${stack.url}/rest/v1/rpc/has_role`, {
      method: 'POST',
      headers: { origin: evil, apikey: stack.anonKey, 'content-type': 'application/json' },
      body: '{"p_role":"designer"}',
    });
    expect(rest.status).toBe(200);
    expect(rest.headers.get('access-control-allow-origin')).toBe('*');
    expect(rest.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: { origin: app, 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey,authorization,content-type,x-client-info' },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('apikey');
  });
});

describe('beside real mail (SMTP_URL set)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ smtpUrl: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('serves no inbox, but functions can still send through /mail/api/send', async () => {
    for (const path of ['/mail', '/mail/api/messages', '/mail/1']) {
      expect((await fetch(`${stack.url}${path}`)).status, path).toBe(404);
    }
    expect((await fetch(`${stack.url}/mail/api/messages`, { method: 'DELETE' })).status).toBe(404);
    const send = await fetch(`${stack.url}/mail/api/send`, { method: 'POST', body: '{}' });
    expect(send.status).toBe(401); // still there, for the service key only
  });

  it('MAIL_INBOX=false turns it off too; SMTP_URL wins over MAIL_INBOX=true', async () => {
    expect((await loadConfig({ dataDir: stack.dataDir }, { MAIL_INBOX: 'false' })).mailInbox).toBe(false);
    expect((await loadConfig({ dataDir: stack.dataDir }, { MAIL_INBOX: 'true', SMTP_URL: 'smtp://mail.example:25' })).mailInbox).toBe(false);
    expect((await loadConfig({ dataDir: stack.dataDir }, {})).mailInbox).toBe(true);
  });
});
