// "Ask the designer" in Chromium: a signed-out visitor presses "Ask the designer" on a
// pattern page, signs in and lands on the question; the question is sent from the keyboard and the
// focus moves to it; the designer gets a mail (no buyer address) whose link opens the conversation,
// sees the thread unread in Messages and answers; the buyer sees the unread answer, and the library
// card's "Ask the designer" opens the same conversation. axe on the messages screens.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2EStack, type E2EStack } from '../src/harness.ts';
import { expectHeading, expectNoSeriousA11yIssues, inbox, nextMail } from './auth-support.ts';
import { PASSWORD, buy, createPerson, insertRow, openScreen, type Backend } from './catalog-own.fixtures.ts';

let stack: E2EStack;
let backend: Backend;
let designer: { id: string; email: string };
let buyer: { id: string; email: string };
let patternId = '';
let threadId = '';
const TITLE = 'Saltmarsh Wrap Dress';
const STORE = 'Saltmarsh Patterns';
const QUESTION = 'Does the Saltmarsh Wrap Dress come in a petite length?';
const ANSWER = 'Yes: shorten it at the lengthen/shorten line by 5 cm.';

async function signInOnForm(page: Page, email: string) {
  await page.locator('#sign-in-email').fill(email);
  await page.locator('#sign-in-password').fill(PASSWORD);
  await page.locator('#sign-in-password').press('Enter');
}

/** The message the keyboard focus is on: its text. */
const focusedMessage = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.dataset.messageId ? el.textContent : null;
  });

beforeAll(async () => {
  stack = await startE2EStack({ backend: true, backendConfig: { emailMinInterval: 0 } });
  if (!stack.backend) throw new Error('the embedded backend did not start');
  backend = stack.backend as Backend;
  [designer, buyer] = await Promise.all([createPerson(backend, 'designer', 'Dana Draper'), createPerson(backend, 'buyer', 'Bea Buttonhole')]);
  const store = await insertRow(backend, 'stores', {
    owner_id: designer.id,
    slug: `saltmarsh-${Date.now().toString(36)}`,
    kind: 'designer',
    name: STORE,
    currency: 'USD',
  });
  const pattern = await insertRow(backend, 'patterns', {
    store_id: store.id,
    title: TITLE,
    craft: 'sewing',
    category: 'dresses',
    price_cents: 1500,
    currency: 'USD',
    status: 'published',
    formats: ['a4'],
    published_at: new Date().toISOString(),
  });
  patternId = pattern.id;
  await buy(backend, buyer.id, patternId, store.id);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

describe('ask the designer', () => {
  it('a signed-out visitor asks from the pattern page: sign-in and back, the question sent from the keyboard, the focus on it', async () => {
    const { page, errors } = await stack.newPage();
    await openScreen(stack, page, `/patterns/${patternId}`);
    await expectHeading(page, TITLE);
    await page.getByRole('link', { name: `Ask the designer about ${TITLE}` }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in' && (url.searchParams.get('next') ?? '').startsWith('/account/messages?pattern='));
    await signInOnForm(page, buyer.email);
    await page.waitForURL((url) => url.pathname === '/account/messages' && url.searchParams.get('pattern') === patternId);
    await expectHeading(page, 'Messages');
    await page.getByRole('heading', { name: `Ask ${STORE} about ${TITLE}` }).waitFor();
    await expectNoSeriousA11yIssues(page);

    const box = page.getByLabel(`Your question to ${STORE}`);
    // an empty question is refused before anything is sent
    await page.getByRole('button', { name: 'Send question' }).click();
    await page.getByText('Write a message first').first().waitFor();
    await box.fill(QUESTION);
    await box.press('Control+Enter');
    await page.waitForURL((url) => /^\/account\/messages\/[0-9a-f-]{36}$/.test(url.pathname));
    threadId = new URL(page.url()).pathname.split('/').pop()!;
    await expectHeading(page, 'Conversation');
    await expect.poll(() => focusedMessage(page), { timeout: 10_000 }).toContain(QUESTION);
    expect(errors).toEqual([]);
  });

  it('the designer gets a mail without the buyer’s address; its link opens the conversation after sign-in; Messages shows it unread; the answer is sent', async () => {
    const mail = await nextMail(backend, designer.email, 0, 15_000);
    expect(mail.subject).toBe(`Bea Buttonhole asked about ${TITLE}`);
    expect(`${mail.text}${mail.html ?? ''}`).not.toContain(buyer.email);
    const link = mail.links.find((l) => l.includes('/account/messages/'))!;
    expect(new URL(link).pathname).toBe(`/account/messages/${threadId}`);

    const { page, errors } = await stack.newPage();
    // first the list: the thread is unread
    await page.goto(`${stack.shellUrl}/account/messages`);
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await signInOnForm(page, designer.email);
    await page.waitForURL((url) => url.pathname === '/account/messages');
    const item = page.locator(`[data-thread-id="${threadId}"]`);
    await item.waitFor();
    expect(await item.getByTestId('unread-count').textContent()).toBe('1 unread');
    expect(await item.textContent()).toContain('Question to your store from Bea Buttonhole');
    await expectNoSeriousA11yIssues(page);

    // the mail's link is a real screen: the conversation
    await page.goto(link);
    await expectHeading(page, 'Conversation');
    await page.getByRole('heading', { name: `Bea Buttonhole asked ${STORE}` }).waitFor();
    await page.getByTestId('messages').getByText(QUESTION).waitFor();
    await expectNoSeriousA11yIssues(page);
    const box = page.getByLabel('Your answer to Bea Buttonhole');
    await box.fill(ANSWER);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => focusedMessage(page), { timeout: 10_000 }).toContain(ANSWER);
    await page
      .getByRole('status')
      .getByText(/Message sent/)
      .waitFor();
    expect(await box.inputValue()).toBe('');

    // read now: no unread count in the list
    await openScreen(stack, page, '/account/messages');
    await page.locator(`[data-thread-id="${threadId}"]`).waitFor();
    expect(await page.locator(`[data-thread-id="${threadId}"]`).getByTestId('unread-count').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('the buyer sees the answer unread, reads it, and the library card’s Ask the designer opens the same conversation', async () => {
    const mails = await inbox(backend, buyer.email);
    const answerMail = mails.find((m) => m.subject === `${STORE} answered about ${TITLE}`);
    expect(answerMail, mails.map((m) => m.subject).join(', ')).toBeDefined();
    expect(`${answerMail!.text}${answerMail!.html ?? ''}`).not.toContain(designer.email);

    const { page, errors } = await stack.newPage();
    await page.goto(`${stack.shellUrl}/sign-in?next=${encodeURIComponent('/account/messages')}`);
    await signInOnForm(page, buyer.email);
    await page.waitForURL((url) => url.pathname === '/account/messages');
    const item = page.locator(`[data-thread-id="${threadId}"]`);
    await item.waitFor();
    expect(await item.getByTestId('unread-count').textContent()).toBe('1 unread');
    await item.getByRole('link').click();
    await expectHeading(page, 'Conversation');
    await page.getByTestId('messages').getByText(ANSWER).waitFor();
    expect(await page.getByTestId('messages').textContent()).toContain(STORE);

    await openScreen(stack, page, '/patterns/my-patterns');
    await page.getByRole('link', { name: `Ask the designer about ${TITLE}` }).click();
    await page.waitForURL((url) => url.pathname === `/account/messages/${threadId}`);
    await page.getByTestId('messages').getByText(ANSWER).waitFor();
    expect(errors).toEqual([]);
  });
});
