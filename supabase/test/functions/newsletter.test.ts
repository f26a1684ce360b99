// The newsletter function's double opt-in through the real stack: subscribe → mail in the
// inbox → confirm → unsubscribe, with the answers that must not reveal who is on the list.
import crypto from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alreadySubscribedEmail, confirmEmail } from '../../functions/newsletter/email.ts';
import { isAllowedOrigin } from '../../functions/newsletter/links.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import * as kit from '../../../shared/src/testing/kit.ts';

let stack: TestStack;

type InboxMessage = kit.Mail;

const address = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;

async function call(action: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${stack.url}/functions/v1/newsletter/${action}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.anonKey}`, apikey: stack.anonKey, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

const inbox = (to: string): Promise<InboxMessage[]> => kit.inbox(stack, to);

function linkParam(message: InboxMessage, name: 'confirm' | 'unsubscribe'): { url: URL; token: string } {
  const link = message.links.find((l) => new URL(l).searchParams.has(name));
  expect(link, `${name} link in "${message.subject}"`).toBeDefined();
  const url = new URL(link!);
  return { url, token: url.searchParams.get(name)! };
}

async function row(email: string) {
  const { rows } = await stack.pool.query(
    'select confirmed_at, unsubscribed_at, confirm_token_hash, token from public.newsletter_subscribers where email = $1',
    [email],
  );
  return rows[0] as { confirmed_at: Date | null; unsubscribed_at: Date | null; confirm_token_hash: string | null; token: string } | undefined;
}

/** Lets the next request mail this address again without waiting out the minute. */
const forgetLastMail = (email: string) => stack.pool.query('update public.newsletter_subscribers set last_mailed_at = null where email = $1', [email]);

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('newsletter double opt-in', () => {
  it('subscribe mails a confirm link; confirming sets confirmed_at; the mail carries the unsubscribe link', async () => {
    const email = address('ada');
    const answer = await call('subscribe', { email: `  ${email.toUpperCase()} ` });
    expect(answer.status).toBe(202);
    expect(answer.body.status).toBe('check_inbox');

    const mails = await inbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/confirm/i);
    const { url, token } = linkParam(mails[0]!, 'confirm');
    expect(url.origin + url.pathname).toBe(`${stack.config.siteUrl}/newsletter`);
    linkParam(mails[0]!, 'unsubscribe');

    const stored = await row(email);
    expect(stored?.confirmed_at).toBeNull();
    // Only the hash of the mailed token is kept.
    expect(stored?.confirm_token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));

    const confirmed = await call('confirm', { token });
    expect(confirmed).toEqual({ status: 200, body: { status: 'confirmed', email } });
    expect((await row(email))?.confirmed_at).toBeInstanceOf(Date);

    const again = await call('confirm', { token });
    expect(again.body.status).toBe('already_confirmed');
  });

  it('answers a repeat subscribe the same way, mails at most once a minute, and tells a subscriber they are already on the list', async () => {
    const email = address('bo');
    const first = await call('subscribe', { email });
    const second = await call('subscribe', { email });
    expect(second).toEqual(first);
    expect(await inbox(email)).toHaveLength(1);

    const { token } = linkParam((await inbox(email))[0]!, 'confirm');
    expect((await call('confirm', { token })).status).toBe(200);

    await forgetLastMail(email);
    const third = await call('subscribe', { email });
    expect(third).toEqual(first);
    const mails = await inbox(email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toMatch(/already subscribed/i);
    expect(mails[0]!.links.some((l) => new URL(l).searchParams.has('confirm'))).toBe(false);
    linkParam(mails[0]!, 'unsubscribe');
    // A never-seen address gets the very same answer.
    expect(await call('subscribe', { email: address('new') })).toEqual(first);
  });

  it('a newer confirm mail replaces the older link', async () => {
    const email = address('cy');
    await call('subscribe', { email });
    const old = linkParam((await inbox(email))[0]!, 'confirm').token;
    await forgetLastMail(email);
    await call('subscribe', { email });
    const mails = await inbox(email);
    expect(mails).toHaveLength(2);
    const fresh = linkParam(mails[0]!, 'confirm').token;
    expect(fresh).not.toBe(old);
    expect((await call('confirm', { token: old })).body.error.code).toBe('invalid_token');
    expect((await call('confirm', { token: fresh })).body.status).toBe('confirmed');
  });

  it('unsubscribes with the mailed link, voids the pending confirm link, and allows subscribing again', async () => {
    const email = address('di');
    await call('subscribe', { email });
    const mail = (await inbox(email))[0]!;
    const confirmToken = linkParam(mail, 'confirm').token;
    const { token } = linkParam(mail, 'unsubscribe');
    expect(await call('confirm', { token: confirmToken })).toMatchObject({ status: 200 });

    const done = await call('unsubscribe', { token });
    expect(done).toEqual({ status: 200, body: { status: 'unsubscribed', email } });
    expect((await row(email))?.unsubscribed_at).toBeInstanceOf(Date);
    // Opening the link twice is harmless.
    expect((await call('unsubscribe', { token })).body.status).toBe('unsubscribed');
    // The old confirmation mail cannot put them back on the list.
    expect((await call('confirm', { token: confirmToken })).body.error.code).toBe('invalid_token');

    await forgetLastMail(email);
    await call('subscribe', { email });
    const again = linkParam((await inbox(email))[0]!, 'confirm').token;
    expect((await call('confirm', { token: again })).body.status).toBe('confirmed');
    const back = await row(email);
    expect(back?.unsubscribed_at).toBeNull();
    expect(back?.token).toBe(token);
  });

  it('rejects unknown, malformed and expired tokens with a clear code', async () => {
    const unknown = crypto.randomBytes(32).toString('base64url');
    expect(await call('confirm', { token: unknown })).toMatchObject({ status: 404, body: { error: { code: 'invalid_token' } } });
    expect(await call('confirm', { token: 'not-a-token' })).toMatchObject({ status: 404, body: { error: { code: 'invalid_token' } } });
    expect(await call('unsubscribe', { token: crypto.randomBytes(24).toString('hex') })).toMatchObject({
      status: 404,
      body: { error: { code: 'invalid_token' } },
    });
    expect(await call('confirm', {})).toMatchObject({ status: 400, body: { error: { code: 'bad_request' } } });

    const email = address('ed');
    await call('subscribe', { email });
    const { token } = linkParam((await inbox(email))[0]!, 'confirm');
    await stack.pool.query(`update public.newsletter_subscribers set confirm_sent_at = now() - interval '49 hours' where email = $1`, [email]);
    const expired = await call('confirm', { token });
    expect(expired).toMatchObject({ status: 410, body: { error: { code: 'expired_token' } } });
    expect(String(expired.body.error.message)).toMatch(/48 hours/);
    expect((await row(email))?.confirmed_at).toBeNull();
  });

  it('rejects an invalid e-mail address with 400 and stores nothing', async () => {
    for (const email of ['not-an-address', '', 'a@b', `${'x'.repeat(250)}@example.test`]) {
      const res = await call('subscribe', { email });
      expect(res.status, email).toBe(400);
      expect(res.body.error.code).toBe('invalid_email');
      expect(String(res.body.error.message)).toMatch(/e-mail address/);
    }
    expect(await call('subscribe', 'not json')).toMatchObject({ status: 400, body: { error: { code: 'bad_request' } } });
    const { rows } = await stack.pool.query(`select count(*)::int as n from public.newsletter_subscribers where email not like '%@example.test'`);
    expect(rows[0].n).toBe(0);
  });

  it('puts links on an allowed Origin, never on a foreign one', async () => {
    const local = address('fi');
    await call('subscribe', { email: local }, { origin: 'http://127.0.0.1:4567' });
    expect(linkParam((await inbox(local))[0]!, 'confirm').url.origin).toBe('http://127.0.0.1:4567');

    const foreign = address('gu');
    await call('subscribe', { email: foreign }, { origin: 'https://evil.example' });
    expect(linkParam((await inbox(foreign))[0]!, 'confirm').url.origin).toBe(new URL(stack.config.siteUrl).origin);
  });

  it('needs the anon key, and only POST to its three actions', async () => {
    const res = await fetch(`${stack.url}/functions/v1/newsletter/subscribe`, { method: 'POST', body: JSON.stringify({ email: address('hu') }) });
    expect(res.status).toBe(401);
    const get = await fetch(`${stack.url}/functions/v1/newsletter/subscribe`, { headers: { authorization: `Bearer ${stack.anonKey}` } });
    expect(get.status).toBe(405);
    expect((await call('export', {})).status).toBe(404);
  });

  it('keeps the list private: anon and signed-in people cannot read or write newsletter_subscribers or call its RPCs', async () => {
    await call('subscribe', { email: address('ivy') });
    const anon = createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });
    const read = await anon.from('newsletter_subscribers').select('email, token');
    expect(read.data ?? []).toEqual([]);
    expect(read.error?.code).toBe('42501');
    const write = await anon.from('newsletter_subscribers').insert({ email: address('sneaky') });
    expect(write.error?.code).toBe('42501');
    const rpc = await anon.rpc('newsletter_unsubscribe', { p_token: 'x' });
    expect(rpc.error).not.toBeNull();

    const service = createClient(stack.url, stack.serviceRoleKey, { auth: { persistSession: false } });
    const email = address('member');
    const created = await service.auth.admin.createUser({ email, password: 'Newsletter-test-9', email_confirm: true });
    expect(created.error).toBeNull();
    const member = createClient(stack.url, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    expect((await member.auth.signInWithPassword({ email, password: 'Newsletter-test-9' })).error).toBeNull();
    const memberRead = await member.from('newsletter_subscribers').select('email');
    expect(memberRead.data ?? []).toEqual([]);
    expect((await member.rpc('newsletter_request', { p_email: email, p_confirm_token_hash: 'a'.repeat(64) })).error).not.toBeNull();
  });
});

describe('newsletter links and mail (units)', () => {
  it('allows the site origin, listed origins and, for a local site only, loopback origins', () => {
    expect(isAllowedOrigin('https://stitchhouse.example', 'https://stitchhouse.example/', undefined)).toBe(true);
    expect(
      isAllowedOrigin('https://staging.stitchhouse.example', 'https://stitchhouse.example', 'https://staging.stitchhouse.example, https://x.example'),
    ).toBe(true);
    expect(isAllowedOrigin('http://localhost:5173', 'https://stitchhouse.example', undefined)).toBe(false);
    expect(isAllowedOrigin('http://localhost:5173', 'http://localhost:3000', undefined)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:40000', 'http://localhost:3000', undefined)).toBe(true);
    expect(isAllowedOrigin('https://evil.example', 'http://localhost:3000', undefined)).toBe(false);
    expect(isAllowedOrigin('https://stitchhouse.example.evil.test', 'https://stitchhouse.example', undefined)).toBe(false);
    expect(isAllowedOrigin('javascript:alert(1)', 'https://stitchhouse.example', undefined)).toBe(false);
    expect(isAllowedOrigin('null', 'http://localhost:3000', undefined)).toBe(false);
  });

  it('puts the unsubscribe link in every mail and escapes links in HTML', () => {
    const confirm = confirmEmail({ confirm: 'https://s.example/newsletter?confirm=a&b', unsubscribe: 'https://s.example/newsletter?unsubscribe=c' });
    expect(confirm.text).toContain('https://s.example/newsletter?unsubscribe=c');
    expect(confirm.html).toContain('href="https://s.example/newsletter?confirm=a&amp;b"');
    expect(confirm.text).toMatch(/48 hours/);
    const already = alreadySubscribedEmail({ unsubscribe: 'https://s.example/newsletter?unsubscribe=c' });
    expect(already.html).toContain('href="https://s.example/newsletter?unsubscribe=c"');
    expect(already.text).not.toMatch(/confirm=/);
  });
});
