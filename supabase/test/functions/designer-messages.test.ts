// "Ask the designer": a buyer messages a pattern's designer; the designer (the store's
// owner) answers. Through the real PostgREST, auth and functions with real tokens, role by role:
// the buyer and the designer read and post in their conversation; a stranger, another store, a
// visitor (anon) and a guest read nothing and post nothing there; an aal1 session of an account with
// an authenticator app is refused in words; nobody writes the tables directly or posts as someone
// else; messages have a length limit and senders a rate limit. The other party gets a mail (never
// an address of the sender) with a link to the conversation, and a burst of messages sends one.
import crypto from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as kit from '../../../shared/src/testing/kit.ts';
import { ROUTES } from '../../../shared/src/routes.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';

type Row = Record<string, any>;
type Res = { status: number; body: any };
interface Person {
  id: string;
  email: string;
  name: string;
  token: string;
}

const PASSWORD = 'Ask-the-designer-9';
const MFA_MESSAGE = /Enter a code from your authenticator app first/;

let stack: TestStack;
let designer: Person; // owns store A (pattern A published, pattern A draft)
let buyer: Person;
let stranger: Person;
let rival: Person; // owns store B
let guestToken: string;
let storeA = '';
let storeB = '';
let patternA = '';
let draftA = '';
let patternB = '';
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

const sql = async (text: string, values: unknown[] = []): Promise<Row[]> => (await stack.pool.query(text, values)).rows;

async function http(token: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res> {
  const res = await fetch(`${stack.url}${url}`, {
    method,
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
const rest = (token: string, method: string, route: string, body?: unknown) =>
  http(token, method, `/rest/v1/${route}`, body, { prefer: 'return=representation' });
const rpc = (token: string, fn: string, args: unknown = {}) => http(token, 'POST', `/rest/v1/rpc/${fn}`, args);
const ask = (token: string | null, body: unknown) => kit.callFunction(stack, 'designer-message', token, body);

async function person(label: string, name: string): Promise<Person> {
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@messages.test`;
  const id = await kit.createUser(stack, email, PASSWORD, { display_name: name });
  return { id, email, name, token: await kit.passwordToken(stack, email, PASSWORD) };
}
async function store(owner: string, name: string): Promise<string> {
  const [row] = await sql(
    `insert into public.stores (owner_id, slug, kind, name, currency, country) values ($1, $2, 'designer', $3, 'EUR', 'IE') returning id`,
    [owner, `msg-${unique()}`, name],
  );
  return row!.id as string;
}
async function pattern(storeId: string, title: string, status: string): Promise<string> {
  const [row] = await sql(
    `insert into public.patterns (store_id, title, craft, category, status, price_cents, currency)
                           values ($1, $2, 'sewing', 'dress', $3, 1200, 'EUR') returning id`,
    [storeId, title, status],
  );
  return row!.id as string;
}
const totpOf = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
/** Enrols a TOTP factor through the auth API: answers an aal2 token and, signed in again with the password alone, an aal1 one. */
async function enrol(p: Person): Promise<{ aal1: string; aal2: string }> {
  const factor = await http(p.token, 'POST', '/auth/v1/factors', { factor_type: 'totp', friendly_name: 'Phone' });
  expect(factor.status, JSON.stringify(factor.body)).toBe(200);
  const challenge = await http(p.token, 'POST', `/auth/v1/factors/${factor.body.id}/challenge`, {});
  const verified = await http(p.token, 'POST', `/auth/v1/factors/${factor.body.id}/verify`, {
    challenge_id: challenge.body.id,
    code: totpOf(factor.body.totp.secret).generate(),
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { aal2: verified.body.access_token as string, aal1: await kit.passwordToken(stack, p.email, PASSWORD) };
}
/** The mails to `to` (newest first) once there are `count` of them. */
const mailsOf = (to: string, count: number) =>
  kit.waitFor(
    `${count} mail(s) to ${to}`,
    async () => {
      const mails = await kit.inbox(stack, to);
      return mails.length >= count ? mails : null;
    },
    15_000,
  );
const settle = () => new Promise((done) => setTimeout(done, 1_500));
const threadsOf = async (token: string): Promise<Row[]> => {
  const res = await rpc(token, 'my_message_threads');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Row[];
};

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  [designer, buyer, stranger, rival] = await Promise.all([
    person('designer', 'Dana Draper'),
    person('buyer', 'Bea Buttonhole'),
    person('stranger', 'Sam Stranger'),
    person('rival', 'Rita Rival'),
  ]);
  storeA = await store(designer.id, 'Dana Patterns');
  storeB = await store(rival.id, 'Rival Patterns');
  patternA = await pattern(storeA, 'Harbour Wrap Dress', 'published');
  draftA = await pattern(storeA, 'Secret Draft Coat', 'draft');
  patternB = await pattern(storeB, 'Rival Tote', 'published');
  const guest = await kit.anonClient(stack).auth.signInAnonymously();
  if (guest.error || !guest.data.session) throw new Error(`guest sign-in failed: ${guest.error?.message}`);
  guestToken = guest.data.session.access_token;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('a buyer asks, the designer answers', () => {
  let threadId = '';

  it('the buyer asks about a pattern: the thread and the message are theirs, the designer gets a mail without the buyer’s address', async () => {
    const sent = await ask(buyer.token, { pattern_id: patternA, body: 'Does the Harbour Wrap Dress come in a petite length?' });
    expect(sent, JSON.stringify(sent.body)).toMatchObject({
      status: 200,
      body: { thread_id: expect.any(String), message_id: expect.any(String), new_thread: true, emailed: true },
    });
    threadId = sent.body.thread_id;

    const [mail] = await mailsOf(designer.email, 1);
    expect(mail!.subject).toBe('Bea Buttonhole asked about Harbour Wrap Dress');
    expect(mail!.text).toContain('Does the Harbour Wrap Dress come in a petite length?');
    const whole = `${mail!.subject}\n${mail!.text}\n${mail!.html ?? ''}`;
    expect(whole).not.toContain(buyer.email);
    expect(whole).not.toMatch(/@messages\.test/);
    // the link opens the conversation: a screen of the route contract
    const link = mail!.links.find((l) => l.includes('/account/messages/'));
    expect(link).toBeDefined();
    expect(new URL(link!).pathname).toBe(`/account/messages/${threadId}`);
    expect(ROUTES.some((r) => r.path === '/account/messages/:threadId' && r.owner === 'mf_account' && r.signIn)).toBe(true);
  });

  it('asking again about the same pattern continues the same conversation', async () => {
    const again = await ask(buyer.token, { pattern_id: patternA, body: 'And is the sleeve pattern included?' });
    expect(again, JSON.stringify(again.body)).toMatchObject({ status: 200, body: { thread_id: threadId, new_thread: false } });
  });

  it('the designer sees the thread with its unread count, the buyer’s name and no address or buyer id', async () => {
    const [thread] = (await threadsOf(designer.token)).filter((t) => t.thread_id === threadId);
    expect(thread).toMatchObject({
      my_side: 'store',
      store_id: storeA,
      pattern_id: patternA,
      pattern_title: 'Harbour Wrap Dress',
      other_party: 'Bea Buttonhole',
      unread: 2,
      last_message: 'And is the sleeve pattern included?',
    });
    expect(JSON.stringify(thread)).not.toContain(buyer.email);
    expect(JSON.stringify(thread)).not.toContain(buyer.id);
    const rows = await rest(designer.token, 'GET', `thread_messages?thread_id=eq.${threadId}&select=body,sender_side&order=created_at`);
    expect(rows).toMatchObject({ status: 200, body: [{ sender_side: 'buyer' }, { sender_side: 'buyer' }] });
    // the buyer's id is not a column a member may read
    expect((await rest(designer.token, 'GET', `message_threads?id=eq.${threadId}&select=buyer_id`)).status).toBe(403);
    expect((await rest(designer.token, 'GET', `thread_messages?thread_id=eq.${threadId}&select=sender_id`)).status).toBe(403);
  });

  it('the designer answers: the buyer gets the mail (no designer address), the thread reads unread for them until they open it', async () => {
    const before = (await kit.inbox(stack, buyer.email)).length;
    const read = await rpc(designer.token, 'mark_thread_read', { p_thread_id: threadId });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect((await threadsOf(designer.token)).find((t) => t.thread_id === threadId)!.unread).toBe(0);

    const answer = await ask(designer.token, { thread_id: threadId, body: 'Yes: shorten at the lengthen/shorten line, 5 cm.' });
    expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 200, body: { thread_id: threadId, emailed: true } });
    const [mail] = await mailsOf(buyer.email, before + 1);
    expect(mail!.subject).toBe('Dana Patterns answered about Harbour Wrap Dress');
    expect(`${mail!.text}${mail!.html}`).not.toContain(designer.email);
    expect(new URL(mail!.links.find((l) => l.includes('/account/messages/'))!).pathname).toBe(`/account/messages/${threadId}`);

    const [mine] = (await threadsOf(buyer.token)).filter((t) => t.thread_id === threadId);
    expect(mine).toMatchObject({ my_side: 'buyer', other_party: 'Dana Patterns', unread: 1, last_from: 'store' });
    const rows = await rest(buyer.token, 'GET', `thread_messages?thread_id=eq.${threadId}&select=body,sender_side&order=created_at`);
    expect(rows.body.map((m: Row) => m.sender_side)).toEqual(['buyer', 'buyer', 'store']);
    expect((await rpc(buyer.token, 'mark_thread_read', { p_thread_id: threadId })).status).toBe(200);
    expect((await threadsOf(buyer.token)).find((t) => t.thread_id === threadId)!.unread).toBe(0);
  });

  it('a stranger and another store read nothing of it and cannot post or mark it read', async () => {
    for (const who of [stranger, rival]) {
      expect(await rest(who.token, 'GET', `message_threads?id=eq.${threadId}&select=id,store_id`)).toMatchObject({ status: 200, body: [] });
      expect(await rest(who.token, 'GET', `thread_messages?thread_id=eq.${threadId}&select=id,body`)).toMatchObject({ status: 200, body: [] });
      expect((await threadsOf(who.token)).map((t) => t.thread_id)).not.toContain(threadId);
      const post = await ask(who.token, { thread_id: threadId, body: 'Let me in' });
      expect(post, JSON.stringify(post.body)).toMatchObject({
        status: 404,
        body: { error: { code: 'not_found', message: expect.stringMatching(/Conversation not found/) } },
      });
      const direct = await rpc(who.token, 'send_designer_message', { p_thread_id: threadId, p_body: 'Let me in' });
      expect(direct.status).toBe(404);
      expect((await rpc(who.token, 'mark_thread_read', { p_thread_id: threadId })).status).toBe(404);
    }
    expect((await sql(`select count(*)::int as n from public.thread_messages where body = 'Let me in'`))[0]!.n).toBe(0);
  });

  it('a visitor (anon) reads and posts nothing; a guest (anonymous sign-in) is asked to sign in', async () => {
    expect((await rest(stack.anonKey, 'GET', 'message_threads?select=id')).status).toBe(401);
    expect((await rest(stack.anonKey, 'GET', 'thread_messages?select=id')).status).toBe(401);
    expect((await rpc(stack.anonKey, 'send_designer_message', { p_pattern_id: patternA, p_body: 'Hi' })).status).toBe(401);
    const anon = await ask(null, { pattern_id: patternA, body: 'Hi' });
    expect(anon).toMatchObject({ status: 401, body: { error: { code: 'not_signed_in' } } });
    expect(await rest(guestToken, 'GET', 'message_threads?select=id')).toMatchObject({ status: 200, body: [] });
    const guest = await ask(guestToken, { pattern_id: patternA, body: 'Hi from a guest' });
    expect(guest, JSON.stringify(guest.body)).toMatchObject({
      status: 403,
      body: { error: { code: 'forbidden', message: expect.stringMatching(/Sign in with your account/) } },
    });
  });

  it('nobody writes the tables directly: no forged sender, side, thread owner or read state', async () => {
    // the buyer posting "as the store", the designer posting "as the buyer", someone else's thread
    const forged = await rest(buyer.token, 'POST', 'thread_messages', {
      thread_id: threadId,
      sender_side: 'store',
      sender_id: designer.id,
      body: 'I am the designer',
    });
    expect(forged.status, JSON.stringify(forged.body)).toBe(403);
    expect((await rest(designer.token, 'POST', 'thread_messages', { thread_id: threadId, sender_side: 'buyer', body: 'Buyer here' })).status).toBe(403);
    expect((await rest(stranger.token, 'POST', 'message_threads', { buyer_id: buyer.id, store_id: storeA })).status).toBe(403);
    expect((await rest(buyer.token, 'PATCH', `thread_messages?thread_id=eq.${threadId}`, { body: 'rewritten' })).status).toBe(403);
    expect((await rest(designer.token, 'PATCH', `message_threads?id=eq.${threadId}`, { buyer_read_at: new Date().toISOString() })).status).toBe(403);
    expect((await rest(designer.token, 'DELETE', `thread_messages?thread_id=eq.${threadId}`)).status).toBe(403);
    // the RPC takes no sender: the side is who the caller is in the thread
    const rows = await sql(`select sender_id, sender_side from public.thread_messages where thread_id = $1 order by created_at`, [threadId]);
    expect(rows).toEqual([
      { sender_id: buyer.id, sender_side: 'buyer' },
      { sender_id: buyer.id, sender_side: 'buyer' },
      { sender_id: designer.id, sender_side: 'store' },
    ]);
  });

  it('a designer cannot open a conversation with their own store, nor anyone about a draft they cannot see', async () => {
    const own = await ask(designer.token, { pattern_id: patternA, body: 'Talking to myself' });
    expect(own, JSON.stringify(own.body)).toMatchObject({
      status: 403,
      body: { error: { code: 'forbidden', message: expect.stringMatching(/your own store/) } },
    });
    const draft = await ask(buyer.token, { pattern_id: draftA, body: 'What is this?' });
    expect(draft).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    const neither = await ask(buyer.token, { body: 'About what?' });
    expect(neither).toMatchObject({ status: 400, body: { error: { code: 'invalid_request' } } });
    // the rival's store is a store too: the buyer asks it separately, and the designer of A sees nothing of it
    const toRival = await ask(buyer.token, { store_id: storeB, body: 'Do you take custom orders?' });
    expect(toRival, JSON.stringify(toRival.body)).toMatchObject({ status: 200, body: { new_thread: true } });
    expect((await threadsOf(designer.token)).map((t) => t.thread_id)).not.toContain(toRival.body.thread_id);
    expect((await threadsOf(rival.token)).map((t) => t.thread_id)).toEqual([toRival.body.thread_id]);
  });
});

describe('no address, not even half of one', () => {
  it('a buyer who never chose a name (their name is the start of their address) is shown to the store as a pseudonym', async () => {
    const email = `bea.quietly-${crypto.randomUUID().slice(0, 8)}@messages.test`;
    await kit.createUser(stack, email, PASSWORD);
    const quiet = await kit.passwordToken(stack, email, PASSWORD);
    const localPart = email.split('@')[0]!;
    const before = (await kit.inbox(stack, designer.email)).length;
    const sent = await ask(quiet, { pattern_id: patternA, body: 'Is there a size chart in inches?' });
    expect(sent, JSON.stringify(sent.body)).toMatchObject({ status: 200, body: { emailed: true } });
    const [mail] = await mailsOf(designer.email, before + 1);
    const [thread] = (await threadsOf(designer.token)).filter((t) => t.thread_id === sent.body.thread_id);
    expect(thread!.other_party).toMatch(/^Buyer [0-9A-F]{6}$/);
    expect(mail!.subject).toBe(`${thread!.other_party} asked about Harbour Wrap Dress`);
    expect(`${mail!.subject}${mail!.text}${mail!.html}${JSON.stringify(thread)}`).not.toContain(localPart);
  });
});

describe('limits', () => {
  it('a message is 1 to 4000 characters, in words', async () => {
    const empty = await ask(stranger.token, { pattern_id: patternB, body: '   ' });
    expect(empty).toMatchObject({ status: 400, body: { error: { code: 'invalid_request', message: expect.stringMatching(/Write a message/) } } });
    const long = await ask(stranger.token, { pattern_id: patternB, body: 'x'.repeat(4001) });
    expect(long).toMatchObject({ status: 400, body: { error: { message: expect.stringMatching(/at most 4000 characters/) } } });
    // the database holds the same rule for a direct call
    const direct = await rpc(stranger.token, 'send_designer_message', { p_pattern_id: patternB, p_body: 'x'.repeat(4001) });
    expect(direct.status).toBe(400);
    expect(direct.body.message).toMatch(/at most 4000 characters/);
    expect((await rpc(stranger.token, 'send_designer_message', { p_pattern_id: patternB, p_body: '' })).status).toBe(400);
  });

  it('a sender posts at most 10 messages a minute (429 with the database’s words), and parallel calls do not slip past', async () => {
    const chatty = await person('chatty', 'Chatty Charlie');
    const first = await ask(chatty.token, { pattern_id: patternB, body: 'Message 1' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const rest9 = await Promise.all(
      Array.from({ length: 12 }, (_, i) => rpc(chatty.token, 'send_designer_message', { p_thread_id: first.body.thread_id, p_body: `Message ${i + 2}` })),
    );
    expect(rest9.filter((r) => r.status === 200)).toHaveLength(9);
    const refused = rest9.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.status)).toEqual([429, 429, 429]);
    expect(refused[0]!.body.message).toMatch(/too many messages/i);
    const viaFunction = await ask(chatty.token, { thread_id: first.body.thread_id, body: 'One more' });
    expect(viaFunction).toMatchObject({ status: 429, body: { error: { code: 'rate_limited' } } });
    expect((await sql(`select count(*)::int as n from public.thread_messages where sender_id = $1`, [chatty.id]))[0]!.n).toBe(10);
  });

  it('a buyer opens at most 20 new conversations a day', async () => {
    const opener = await person('opener', 'Olly Opener');
    const stores = await Promise.all(Array.from({ length: 21 }, (_, i) => store(rival.id, `Rival shop ${i}`)));
    for (const [i, id] of stores.entries()) {
      // spread over time as a person would, so the per-minute limit is not what stops them
      await sql(`update public.thread_messages set created_at = created_at - interval '2 minutes' where sender_id = $1`, [opener.id]);
      const res = await rpc(opener.token, 'send_designer_message', { p_store_id: id, p_body: `Question ${i}` });
      expect(res.status, `${i}: ${JSON.stringify(res.body)}`).toBe(i < 20 ? 200 : 429);
      if (i === 20) expect(res.body.message).toMatch(/new conversations/);
    }
  });
});

describe('mail throttle', () => {
  it('a burst of messages sends one mail; the next after the quiet interval sends another', async () => {
    const fan = await person('fan', 'Fran Fan');
    const before = (await kit.inbox(stack, designer.email)).length;
    const first = await ask(fan.token, { pattern_id: patternA, body: 'Burst 1' });
    expect(first.body).toMatchObject({ emailed: true });
    for (const body of ['Burst 2', 'Burst 3', 'Burst 4']) {
      const next = await ask(fan.token, { thread_id: first.body.thread_id, body });
      expect(next, JSON.stringify(next.body)).toMatchObject({ status: 200, body: { emailed: false } });
    }
    await settle();
    const mails = await kit.inbox(stack, designer.email);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.text).toContain('Burst 1');

    // 15 minutes later (the notice moved back), a new message mails again
    await sql(`update public.message_threads set store_notified_at = store_notified_at - interval '16 minutes' where id = $1`, [first.body.thread_id]);
    const later = await ask(fan.token, { thread_id: first.body.thread_id, body: 'Still there?' });
    expect(later.body).toMatchObject({ emailed: true });
    expect((await mailsOf(designer.email, before + 2))[0]!.text).toContain('Still there?');
  });
});

describe('the second factor', () => {
  it('an aal1 session of an account with an authenticator app reads no thread and posts nothing; at aal2 it does', async () => {
    const careful = await person('careful', 'Cara Careful');
    const sent = await ask(careful.token, { pattern_id: patternA, body: 'Before my authenticator app' });
    expect(sent.status).toBe(200);
    const { aal1, aal2 } = await enrol(careful);

    expect(await rest(aal1, 'GET', 'message_threads?select=id')).toMatchObject({ status: 200, body: [] });
    expect(await rest(aal1, 'GET', 'thread_messages?select=id')).toMatchObject({ status: 200, body: [] });
    for (const [fn, args] of [
      ['my_message_threads', {}],
      ['mark_thread_read', { p_thread_id: sent.body.thread_id }],
      ['send_designer_message', { p_thread_id: sent.body.thread_id, p_body: 'From aal1' }],
    ] as const) {
      const res = await rpc(aal1, fn, args);
      expect(res.status, fn).toBe(403);
      expect(res.body.message, fn).toMatch(MFA_MESSAGE);
    }
    const viaFunction = await ask(aal1, { thread_id: sent.body.thread_id, body: 'From aal1' });
    expect(viaFunction).toMatchObject({ status: 403, body: { error: { code: 'aal2_required' } } });

    expect((await rest(aal2, 'GET', 'message_threads?select=id')).body).toEqual([{ id: sent.body.thread_id }]);
    expect((await ask(aal2, { thread_id: sent.body.thread_id, body: 'From aal2' })).status).toBe(200);
  });

  it('the notification claim is the service’s: a member cannot call it', async () => {
    const [message] = await sql(`select id from public.thread_messages limit 1`);
    const res = await rpc(buyer.token, 'claim_message_notification', { p_message_id: message!.id });
    expect([401, 403, 404]).toContain(res.status);
  });
});
