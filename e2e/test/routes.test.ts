import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeHref } from '@stitchhouse/shared/routes.ts';
import { settledRoute, startE2EStack, type E2EStack } from '../src/harness.ts';
import { PASSWORD, createUser, uniqueEmail } from './auth-support.ts';

// Every path of the route contract renders a main heading and no error block.
let stack: E2EStack;
let page: Page;
let pageErrors: string[];
// Routes that need a user are visited signed in (signed out they redirect to /sign-in).
let signedIn: Page;
let signedInErrors: string[];

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  ({ page, errors: pageErrors } = await stack.newPage());
  ({ page: signedIn, errors: signedInErrors } = await stack.newPage());
  if (stack.backend) {
    const email = uniqueEmail('routes');
    await createUser(stack.backend, email);
    await signedIn.goto(`${stack.shellUrl}/sign-in?next=%2F`);
    await signedIn.locator('#sign-in-email').fill(email);
    await signedIn.locator('#sign-in-password').fill(PASSWORD);
    await signedIn.locator('#sign-in-password').press('Enter');
    await signedIn.waitForURL(`${stack.shellUrl}/`);
  }
});

afterAll(async () => {
  await stack?.stop();
});

const pageSignedOut = () => page;
const pageErrorsSignedOut = () => pageErrors;

describe('every route of the contract', () => {
  for (const route of ROUTES) {
    const href = routeHref(route);
    it(`${href} (${route.owner})`, async () => {
      const page = route.signIn ? signedIn : pageSignedOut();
      const pageErrors = route.signIn ? signedInErrors : pageErrorsSignedOut();
      await page.goto(stack.shellUrl + href);
      const shown = await settledRoute(page);
      expect(shown.h1, 'main heading').not.toBe('');
      expect(shown.unavailable, 'remote fallback').toBeNull();
      expect(shown.routeError, 'route error block').toBe(false);
      expect(shown.notFound, '404 page').toBe(false);
      // Screens of one record (a pattern, a store) title themselves after it, or say it was not found.
      if (!route.sample) expect(await page.title()).toContain(route.title);
      expect(pageErrors).toEqual([]);
    });
  }

  it('unknown paths get the 404 page with links back', async () => {
    await page.goto(`${stack.shellUrl}/patterns/abc/nothing-here`);
    const shown = await settledRoute(page);
    expect(shown.notFound).toBe(true);
    expect(shown.h1).toMatch(/could not find/i);
    await page.getByRole('link', { name: 'Browse all patterns' }).click();
    await page.waitForURL(/\/patterns$/);
    // The URL changes before the catalog replaces the not-found screen.
    await page.locator('[data-not-found]').waitFor({ state: 'detached' });
    expect((await settledRoute(page)).h1).toBe('Patterns');
  });

  it('client-side navigation from the shell into a remote and back uses one router', async () => {
    await page.goto(`${stack.shellUrl}/sign-in`);
    await settledRoute(page);
    await page.evaluate(() => ((window as unknown as { __spa: number }).__spa = 1));
    await page.locator('header a[href="/"]').first().click();
    await page.waitForURL(`${stack.shellUrl}/`);
    await settledRoute(page);
    // Same document: no full page load happened.
    expect(await page.evaluate(() => (window as unknown as { __spa?: number }).__spa)).toBe(1);
  });

  it('shares react, react-router and the shared package as singletons from the shell', async () => {
    await page.goto(`${stack.shellUrl}/sign-in`);
    await settledRoute(page);
    const share = await page.evaluate(() => {
      const scopes = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { from: string }>>>> } })
        .__FEDERATION__.__SHARE__;
      const out: Record<string, string[]> = {};
      for (const host of Object.values(scopes)) {
        for (const [pkg, versions] of Object.entries(host.default ?? {})) {
          out[pkg] = [...new Set([...(out[pkg] ?? []), ...Object.keys(versions)])];
        }
      }
      return out;
    });
    for (const pkg of ['react', 'react-dom', 'react-router', '@stitchhouse/shared']) expect(share[pkg], pkg).toHaveLength(1);
  });
});

describe('accessibility of the marketing pages (axe-core)', () => {
  for (const route of ROUTES.filter((r) => r.owner === 'shell')) {
    it(`${route.path} has no serious or critical violations`, async () => {
      await page.goto(stack.shellUrl + route.path);
      await settledRoute(page);
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
    });
  }
});
