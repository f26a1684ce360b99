import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyApp, type AppCopy } from '../src/appCopy.ts';
import { settledRoute, startE2EStack, type E2EStack } from '../src/harness.ts';

// Failure isolation: a dead remote and a remote that throws while rendering each
// show the friendly fallback in their own route; home and the other remotes keep working.
let stack: E2EStack;
let broken: AppCopy;

beforeAll(async () => {
  // A real broken remote: mf-partners whose Partners screen throws during render.
  broken = copyApp('mf-partners');
  broken.write('src/routes/Partners.tsx', "export default function Partners(): never {\n  throw new Error('partners screen exploded');\n}\n");
  broken.build();
  stack = await startE2EStack({ dirs: { mf_partners: broken.dist } });
});

afterAll(async () => {
  await stack?.stop();
  broken?.remove();
});

describe('a remote that is down', () => {
  it('shows the fallback only where it is needed, reloads at most once, and recovers with Retry', async () => {
    const { page, errors } = await stack.newPage();
    await stack.apps.stopApp('mf_catalog');
    try {
      await page.goto(`${stack.shellUrl}/`);
      expect((await settledRoute(page)).h1).not.toBe('');

      let loads = 0;
      page.on('load', () => loads++);
      await page.goto(`${stack.shellUrl}/patterns`);
      const shown = await settledRoute(page);
      expect(shown.unavailable).toBe('unreachable');
      expect(shown.h1).toBe('Patterns');
      const alert = page.getByRole('alert');
      expect(await alert.textContent()).toMatch(/The pattern catalog is temporarily unavailable/);
      // Focus moved to the message for keyboard and screen-reader users.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/temporarily unavailable/);
      // The one rescue full page load happened, and no more.
      expect(loads).toBe(2);
      expect(await page.evaluate(() => Object.keys(sessionStorage))).toContain('stitchhouse:remote-reload:mf_catalog');

      // Other remotes and the shell still work, through the same router.
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await page.waitForURL(`${stack.shellUrl}/`);
      // The URL changes before the router renders the home page: wait for the fallback to go.
      await page.locator('[data-remote-unavailable]').waitFor({ state: 'detached' });
      expect((await settledRoute(page)).unavailable).toBeNull();
      await page.goto(`${stack.shellUrl}/sign-in`);
      expect(await settledRoute(page)).toMatchObject({ h1: 'Sign in', unavailable: null });

      // The remote comes back: Retry shows the page without reloading.
      await page.goto(`${stack.shellUrl}/patterns/search`);
      expect((await settledRoute(page)).unavailable).toBe('unreachable');
      await stack.apps.startApp('mf_catalog');
      const loadsBefore = loads;
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.waitForSelector('[data-remote-unavailable]', { state: 'detached' });
      expect(await settledRoute(page)).toMatchObject({ unavailable: null, routeError: false });
      expect(loads).toBe(loadsBefore);
      expect(await page.evaluate(() => Object.keys(sessionStorage))).not.toContain('stitchhouse:remote-reload:mf_catalog');
      expect(errors).toEqual([]);
    } finally {
      await stack.apps.startApp('mf_catalog').catch(() => undefined);
    }
  });
});

describe('a remote module that throws during render', () => {
  it('shows the fallback in its route; its sibling screens and other remotes work', async () => {
    const { page } = await stack.newPage();
    await page.goto(`${stack.shellUrl}/partners`);
    const shown = await settledRoute(page);
    expect(shown.unavailable).toBe('crashed');
    expect(shown.h1).toBe('Partner programme');
    expect(await page.getByRole('alert').textContent()).toMatch(/Partners and reports is temporarily unavailable/);
    // The header and footer of the shell are still there.
    expect(await page.locator('header').count()).toBeGreaterThan(0);
    expect(await page.locator('footer').count()).toBeGreaterThan(0);

    await page.goto(`${stack.shellUrl}/partners/resellers`);
    expect(await settledRoute(page)).toMatchObject({ h1: 'Resellers', unavailable: null });
    // (Another remote's public screen: /account needs a signed-in user.)
    await page.goto(`${stack.shellUrl}/sign-up`);
    expect(await settledRoute(page)).toMatchObject({ h1: 'Create your account', unavailable: null });
  });
});
