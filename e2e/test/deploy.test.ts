import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyApp, type AppCopy } from '../src/appCopy.ts';
import { root, settledRoute, startE2EStack, type E2EStack } from '../src/harness.ts';

// Independent deploys: rebuilding one remote changes the running site without
// rebuilding the shell; and skew protection turns the next navigation after a
// deploy into a full page load.
let stack: E2EStack;
let auth: AppCopy;

beforeAll(async () => {
  auth = copyApp('mf-auth');
  auth.build();
  // deploymentCheckMs 0: every navigation re-reads env.json, so the test needs no waiting.
  stack = await startE2EStack({ dirs: { mf_auth: auth.dist }, deploymentCheckMs: 0 });
});

afterAll(async () => {
  await stack?.stop();
  auth?.remove();
});

describe('redeploying one remote', () => {
  it('shows the new version in the running shell, with no shell rebuild; the next navigation is a full load', async () => {
    const shellIndex = join(root, 'shell', 'dist', 'index.html');
    const shellBuiltAt = statSync(shellIndex).mtimeMs;
    const { page } = await stack.newPage();
    const headers: string[] = [];
    page.on('request', (request) => {
      const id = request.headers()['x-deployment-id'];
      if (id) headers.push(id);
    });

    await page.goto(`${stack.shellUrl}/sign-in`);
    expect((await settledRoute(page)).h1).toBe('Sign in');
    const firstDeployment = stack.apps.deploymentId();
    await page.evaluate(() => ((window as unknown as { __oldPage: boolean }).__oldPage = true));

    // Deploy a visible change to mf-auth only.
    auth.write('src/routes/SignIn.tsx', 'export default function SignIn() {\n  return <h1>Sign in to Stitchhouse, version two</h1>;\n}\n');
    auth.build();
    expect(stack.apps.deploymentId()).not.toBe(firstDeployment);

    // A client-side navigation: the guard learns of the new deployment (env.json) ...
    await page.locator('header a[href="/"]').first().click();
    await page.waitForURL(`${stack.shellUrl}/`);
    await settledRoute(page);
    // ... and the navigation after it is a full page load that picks up the new remote.
    await page
      .getByRole('link', { name: /sign in/i })
      .first()
      .click();
    await page.waitForURL(`${stack.shellUrl}/sign-in`);
    const shown = await settledRoute(page);
    expect(shown.h1).toBe('Sign in to Stitchhouse, version two');
    expect(await page.evaluate(() => (window as unknown as { __oldPage?: boolean }).__oldPage)).toBeUndefined();

    // The shell was not rebuilt.
    expect(statSync(shellIndex).mtimeMs).toBe(shellBuiltAt);
    // Page-data requests (the home page's catalog) carried the deployment id the page was loaded with.
    expect(headers).toContain(firstDeployment);
  });
});
