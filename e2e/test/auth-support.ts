// Helpers for the access tests: the stack, e2e defaults for the shared test kit, axe. Not a test file.
import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import * as kit from '@stitchhouse/shared/testing/kit.ts';
import type { Backend } from '@stitchhouse/shared/testing/kit.ts';
import { startE2EStack, type E2EStack } from '../src/harness.ts';

// The inbox and users come from the shared test kit (also used by the backend's tests).
export { emailCode, inbox, nextMail, verifyLink, type Backend, type Mail } from '@stitchhouse/shared/testing/kit.ts';

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

/** A confirmed account made through the admin API, named "E2E Maker" unless `metadata` says otherwise. */
export function createUser(backend: Backend, email: string, password = PASSWORD, metadata: Record<string, unknown> = {}): Promise<string> {
  return kit.createUser(backend, email, password, { display_name: 'E2E Maker', ...metadata });
}

/** Signs in over the API (for tests that need a token, e.g. to enroll a factor). */
export function apiSignIn(backend: Backend, email: string, password = PASSWORD): Promise<string> {
  return kit.passwordToken(backend, email, password);
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

/** The h1 of the page once the route settled. */
export async function heading(page: Page): Promise<string> {
  await page.waitForFunction(() => !!document.querySelector('main h1') && !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 30_000 });
  return (await page.locator('main h1').first().textContent())?.trim() ?? '';
}

/** Waits until the page's h1 reads `text` (navigation keeps the old screen up while the next one loads). */
export async function expectHeading(page: Page, text: string): Promise<void> {
  await page
    .locator('main h1', { hasText: new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) })
    .first()
    .waitFor({ timeout: 30_000 });
}

/** Who the header says is signed in ('' when nobody). */
export async function signedInName(page: Page): Promise<string> {
  const button = page.getByRole('button', { name: /Account menu for/ });
  if ((await button.count()) === 0) return '';
  return ((await button.textContent()) ?? '').replace(/^.*Account menu for/, '').trim();
}
