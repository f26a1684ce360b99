// Helpers for the access tests: the mail inbox, admin-created users, axe. Not a test file.
import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { startE2EStack, type E2EStack } from '../src/harness.ts';

export interface Backend {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
}

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  created_at: string;
}

/** The shell and remotes on a fresh embedded backend; emailMinInterval 0 lets a test ask for another email at once. */
export async function startAccessStack(): Promise<{ stack: E2EStack; backend: Backend }> {
  const stack = await startE2EStack({ backend: true, backendConfig: { emailMinInterval: 0 } });
  if (!stack.backend) throw new Error('the embedded backend did not start');
  return { stack, backend: stack.backend };
}

export const PASSWORD = 'Bias-tape 42';

export function uniqueEmail(tag: string): string {
  return `${tag}-${randomUUID().slice(0, 8)}@e2e.stitchhouse.test`;
}

export async function inbox(backend: Backend, to: string): Promise<Mail[]> {
  const response = await fetch(`${backend.url}/mail/api/messages?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`inbox answered ${response.status}`);
  const body = (await response.json()) as Mail[] | { messages: Mail[] };
  return Array.isArray(body) ? body : body.messages;
}

/** The newest message to `to` once there are more than `already` of them. */
export async function nextMail(backend: Backend, to: string, already = 0): Promise<Mail> {
  for (let i = 0; i < 100; i++) {
    const messages = await inbox(backend, to);
    if (messages.length > already) return messages[0]!;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`no new email to ${to}`);
}

export function verifyLink(mail: Mail): string {
  const link = mail.links.find((l) => l.includes('/auth/v1/verify'));
  if (!link) throw new Error(`no verify link in "${mail.subject}"`);
  return link;
}

export function emailCode(mail: Mail): string {
  const match = /code: (\d{6})/.exec(mail.text);
  if (!match) throw new Error(`no code in "${mail.subject}"`);
  return match[1]!;
}

/** A confirmed account, created through the admin API (fast, no email round trip). */
export async function createUser(backend: Backend, email: string, password = PASSWORD, metadata: Record<string, unknown> = {}): Promise<string> {
  const response = await fetch(`${backend.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: { display_name: 'E2E Maker', ...metadata } }),
  });
  if (!response.ok) throw new Error(`create user answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** Signs in over the API (for tests that need a token, e.g. to enroll a factor). */
export async function apiSignIn(backend: Backend, email: string, password = PASSWORD): Promise<string> {
  const response = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function authApi<T>(backend: Backend, token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${backend.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export async function expectNoSeriousA11yIssues(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
}

/** The h1 of the page once the route settled. */
export async function heading(page: Page): Promise<string> {
  await page.waitForFunction(() => !!document.querySelector('main h1') && !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 30_000 });
  return (await page.locator('main h1').first().textContent())?.trim() ?? '';
}

/** Waits until the page's h1 reads `text` (navigation keeps the old screen up while the next one loads). */
export async function expectHeading(page: Page, text: string): Promise<void> {
  await page.locator('main h1', { hasText: new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) }).first().waitFor({ timeout: 30_000 });
}

/** Who the header says is signed in ('' when nobody). */
export async function signedInName(page: Page): Promise<string> {
  const button = page.getByRole('button', { name: /Account menu for/ });
  if ((await button.count()) === 0) return '';
  return ((await button.textContent()) ?? '').replace(/^.*Account menu for/, '').trim();
}
