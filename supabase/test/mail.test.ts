import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { escapeHtml, MailError, sendMail } from '../functions/_shared/mail.ts';

const saved = { ...process.env };
beforeEach(() => {
  process.env.SUPABASE_URL = 'http://127.0.0.1:9';
  process.env.SUPABASE_SERVICE_ROLE_KEY = 'service-key';
  delete process.env.MAIL_API_URL;
});
afterEach(() => {
  process.env = { ...saved };
});

describe('sendMail', () => {
  it('posts the message to the mail API with the service key', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response('{}', { status: 200 });
    }) as unknown as typeof fetch;
    await sendMail({ to: 'wren@example.test', subject: 'Updated', text: 'Changes' }, fake);
    expect(calls[0]!.url).toBe('http://127.0.0.1:9/mail/api/send');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer service-key');
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ to: 'wren@example.test', subject: 'Updated', text: 'Changes', html: '' });
  });

  it('refuses a bad message before sending and reports a refusal', async () => {
    const never = (async () => {
      throw new Error('must not be called');
    }) as unknown as typeof fetch;
    await expect(sendMail({ to: 'not-an-address', subject: 'x', text: 'y' }, never)).rejects.toThrow(/email address/);
    const refuse = (async () => new Response('nope', { status: 401 })) as unknown as typeof fetch;
    await expect(sendMail({ to: 'a@b.test', subject: 'x', text: 'y' }, refuse)).rejects.toBeInstanceOf(MailError);
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
