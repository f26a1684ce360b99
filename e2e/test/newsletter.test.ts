import crypto from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2EStack, type E2EStack } from '../src/harness.ts';

// /newsletter in Chromium against a fresh backend: subscribe on the page, open the links
// from the local inbox, confirm, unsubscribe, and the messages for links that don't work.
let stack: E2EStack;
let page: Page;
let pageErrors: string[];

interface InboxMessage {
  subject: string;
  links: string[];
}

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend) throw new Error('the embedded backend did not start');
  ({ page, errors: pageErrors } = await stack.newPage());
});

afterAll(async () => {
  await stack?.stop();
});

async function open(path: string) {
  await page.goto(stack.shellUrl + path);
  await page.waitForFunction(() => !!document.querySelector('main h1') && !document.querySelector('main [aria-busy="true"]'), undefined, { timeout: 60_000 });
}

async function expectAccessible() {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
  ).toEqual([]);
}

async function inbox(to: string): Promise<InboxMessage[]> {
  const res = await fetch(`${stack.backend!.url}/mail/api/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as InboxMessage[];
}

async function mailedLink(to: string, param: 'confirm' | 'unsubscribe'): Promise<string> {
  await expect.poll(async () => (await inbox(to)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const link = (await inbox(to))[0]!.links.find((l) => new URL(l).searchParams.has(param));
  expect(link, `${param} link`).toBeDefined();
  return link!;
}

describe('newsletter page', () => {
  const email = `maker-${crypto.randomUUID().slice(0, 8)}@example.test`;

  it('explains the newsletter, validates the address and asks to check the inbox', async () => {
    await open('/newsletter');
    expect(await page.locator('h1').textContent()).toMatch(/newsletter/i);
    await expect
      .poll(() => page.getByRole('form', { name: 'Subscribe to the newsletter' }).getByRole('link', { name: 'privacy policy' }).getAttribute('href'))
      .toBe('/legal/privacy-policy');
    await expectAccessible();

    const field = page.getByLabel('Your e-mail address');
    await field.fill('not an address');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    const describedBy = (await field.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy.split(' ').pop()}"]`).textContent()).toMatch(/email address/i);
    expect(await inbox('not an address')).toEqual([]);

    await field.fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Check your inbox to confirm').waitFor();
    expect(await page.locator('[data-newsletter-sent]').textContent()).toContain(email);
    await expectAccessible();
    expect(pageErrors).toEqual([]);
  });

  it('confirms from the link in the e-mail', async () => {
    const link = await mailedLink(email, 'confirm');
    expect(new URL(link).origin).toBe(new URL(stack.shellUrl).origin);
    await page.goto(link);
    await page.locator('[data-newsletter-confirmed]').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('status').filter({ hasText: 'You’re subscribed' }).count()).toBe(1);
    expect(await page.locator('[data-newsletter-confirmed]').textContent()).toContain(email);
    await expectAccessible();
  });

  it('unsubscribes after one click and offers to subscribe again', async () => {
    await page.goto(await mailedLink(email, 'unsubscribe'));
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.locator('[data-newsletter-unsubscribed]').waitFor();
    expect(await page.locator('[data-newsletter-unsubscribed]').textContent()).toContain(email);
    expect(await page.getByLabel('Your e-mail address').inputValue()).toBe(email);
    await expect.poll(() => page.getByRole('button', { name: 'Subscribe again' }).isVisible()).toBe(true);
    await expectAccessible();
  });

  it('explains a confirm link that does not work and offers a new one', async () => {
    await open(`/newsletter?confirm=${crypto.randomBytes(32).toString('base64url')}`);
    await page.locator('[data-newsletter-link-error="invalid_token"]').waitFor();
    expect(await page.getByText('This confirmation link doesn’t work').count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Send a new link' }).isVisible()).toBe(true);
    await expectAccessible();
    expect(pageErrors).toEqual([]);
  });
});
