import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, startE2EStack, type E2EStack } from '../src/harness.ts';
import { coverPng, createPerson, createStore, openScreen, PASSWORD, publishedPattern, type Backend } from './catalog-own.fixtures.ts';

// App pages cannot be framed: every page the page server sends carries a
// Content-Security-Policy with frame-ancestors 'none' (and X-Frame-Options: DENY) and real
// script/connect/img/style/font/frame/form lists from the runtime config (scripts/csp.mjs). A page
// on a foreign origin that frames /, /payment/receive and /account shows nothing of them, and the
// key screens work under the policy with no violation: the home page's covers, the catalog, a
// pattern page, sign-in and the checkout's redirect to the Stripe sandbox.
type Runtime = { supabaseUrl: string; remotes: Record<string, string> };
const { contentSecurityPolicy } = (await import(/* @vite-ignore */ join(root, 'scripts', 'csp.mjs'))) as { contentSecurityPolicy(runtime: Runtime): string };
const { releaseApp } = (await import(/* @vite-ignore */ join(root, 'scripts', 'release.mjs'))) as {
  releaseApp(o: { app: string; outDir: string; build?: boolean; quiet?: boolean } & Partial<Runtime>): Promise<{ dir: string; version: string }>;
};

let stack: E2EStack;
let backend: Backend;
let foreign: Server;
let foreignUrl = '';
let pattern: { id: string };
let buyer: { id: string; email: string };
const TITLE = 'Framed Tide Dress';
const FRAMED = ['/', '/payment/receive', '/account'];

/** The policy's directives by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The origins our own pages live on: violations on other pages (the Stripe sandbox's) are not ours. */
const ourOrigins = () => Object.values(stack.apps.urls).map((url) => new URL(url).origin);

/**
 * A page that reports every CSP violation of our documents (the securitypolicyviolation event
 * and the console's "Refused to …" lines) into `violations`, and page errors into `errors`.
 */
async function watchedPage(context?: BrowserContext): Promise<{ page: Page; violations: string[]; errors: string[] }> {
  const ctx = context ?? (await stack.browser.newContext());
  await ctx.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI} in ${e.documentURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  const page = await ctx.newPage();
  const violations: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    const where = message.location().url;
    const ours = ourOrigins().some((origin) => where.startsWith(origin) || text.includes(` in ${origin}`));
    if (ours && /CSP violation|Content Security Policy/i.test(text)) violations.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, violations, errors };
}

/** Every <img> in main has loaded real pixels. */
async function imagesDrawn(page: Page): Promise<number> {
  await page.waitForFunction(
    () => {
      const images = [...document.querySelectorAll('main img')] as HTMLImageElement[];
      return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
    },
    undefined,
    { timeout: 30_000 },
  );
  return page.locator('main img').count();
}

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend) throw new Error('the embedded backend did not start');
  backend = stack.backend as Backend;
  const designer = await createPerson(backend, 'framed-designer', 'Fran Designer');
  buyer = await createPerson(backend, 'framed-buyer', 'Rosa Maker');
  const store = await createStore(backend, designer.id, 'Framed Patterns');
  pattern = await publishedPattern(backend, store.id, TITLE);
  const cover = `${store.id}/cover.png`;
  const service = { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` };
  const upload = await fetch(`${backend.url}/storage/v1/object/pattern-images/${cover}`, {
    method: 'POST',
    headers: { ...service, 'content-type': 'image/png' },
    body: new Uint8Array(coverPng()),
  });
  if (!upload.ok) throw new Error(`cover upload → ${upload.status}: ${await upload.text()}`);
  const patch = await fetch(`${backend.url}/rest/v1/patterns?id=eq.${pattern.id}`, {
    method: 'PATCH',
    headers: { ...service, 'content-type': 'application/json' },
    body: JSON.stringify({ cover_path: cover }),
  });
  if (!patch.ok) throw new Error(`cover path → ${patch.status}: ${await patch.text()}`);

  // Another origin (another port) that frames the app's pages.
  const shell = stack.shellUrl;
  foreign = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Not Stitchhouse</title>${FRAMED.map((path) => `<iframe name="${path}" src="${shell}${path}" width="800" height="600"></iframe>`).join('')}`,
    );
  });
  await new Promise<void>((done) => foreign.listen(0, '127.0.0.1', done));
  foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => foreign?.close(done));
  await stack?.stop();
});

describe('framing and the content security policy', () => {
  it('every page the page server sends carries frame-ancestors none, X-Frame-Options DENY and lists from the runtime config', async () => {
    const backendOrigin = new URL(backend.url).origin;
    const remoteOrigins = Object.entries(stack.apps.urls)
      .filter(([name]) => name !== 'shell')
      .map(([, url]) => new URL(url).origin);
    const pages = [...FRAMED, '/patterns', `/patterns/${pattern.id}`, '/sign-in', '/no-such-page'].map((path) => `${stack.shellUrl}${path}`);
    pages.push(`${stack.apps.urls.mf_catalog}/`, `${stack.apps.urls.mf_payments}/payment/receive`); // the remotes' own pages
    // One policy, made from the runtime config the page gets (env.json's backend, remotes.json).
    const runtime = { supabaseUrl: backend.url, remotes: (await (await fetch(`${stack.shellUrl}/remotes.json`)).json()) as Record<string, string> };
    for (const url of pages) {
      const res = await fetch(url);
      expect(res.headers.get('content-security-policy'), url).toBe(contentSecurityPolicy(runtime));
      expect(res.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(res.headers.get('x-frame-options'), url).toBe('DENY');
      const policy = directives(res.headers.get('content-security-policy') ?? '');
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      expect(new Set(policy.get('script-src')), url).toEqual(new Set(["'self'", ...remoteOrigins]));
      for (const directive of ['script-src', 'style-src', 'connect-src', 'img-src', 'font-src', 'frame-src', 'form-action', 'base-uri', 'default-src']) {
        const values = policy.get(directive);
        expect(values, `${url} ${directive}`).toBeDefined();
        expect(values, `${url} ${directive}`).not.toContain("'unsafe-inline'");
        expect(values, `${url} ${directive}`).not.toContain("'unsafe-eval'");
        expect(values, `${url} ${directive}`).not.toContain('*');
      }
      expect(policy.get('connect-src'), url).toEqual(expect.arrayContaining(["'self'", backendOrigin, ...remoteOrigins]));
      expect(policy.get('img-src'), url).toEqual(expect.arrayContaining(["'self'", backendOrigin]));
      expect(policy.get('frame-src'), url).toEqual(["'none'"]);
      // workers only as blob: modules (the pattern editor's PDF.js, e2e/test/print-my-sizes.test.ts), from no origin
      expect(policy.get('worker-src'), url).toEqual(['blob:']);
    }
  });

  it('a foreign origin that frames /, /payment/receive and /account shows nothing of them', async () => {
    const context = await stack.browser.newContext();
    const page = await context.newPage();
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|X-Frame-Options/.test(message.text())) refusals.push(message.text());
    });
    await page.goto(foreignUrl);
    await page.waitForFunction(() => [...document.querySelectorAll('iframe')].length === 3);
    // Give a framed app every chance to render (its scripts and remotes load in well under this).
    await page.waitForTimeout(4000);
    for (const path of FRAMED) {
      const frame = page.frame({ name: path });
      expect(frame, path).not.toBeNull();
      // A blocked frame holds Chromium's error page, never the app (nothing rendered into #root).
      const rendered = await frame!.evaluate(() => document.getElementById('root')?.childElementCount ?? -1).catch(() => -1);
      expect(rendered, `${path} rendered inside a foreign page (${frame!.url()})`).toBe(-1);
    }
    // Chromium says why, once per frame: "Framing 'http://…/' violates … "frame-ancestors 'none'"".
    expect(
      refusals.filter((text) => text.includes(`Framing '${stack.shellUrl}/'`) && text.includes("frame-ancestors 'none'")),
      refusals.join(' | '),
    ).toHaveLength(FRAMED.length);
    await context.close();
  });

  it('the home page, the catalog and a pattern page draw their remotes and covers with no violation', async () => {
    const { page, violations, errors } = await watchedPage();
    await openScreen(stack, page, '/');
    await page
      .getByRole('link', { name: new RegExp(TITLE) })
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await imagesDrawn(page)).toBeGreaterThan(0);
    await openScreen(stack, page, '/patterns');
    await page.locator('main').getByText(TITLE).first().waitFor({ timeout: 30_000 });
    expect(await imagesDrawn(page)).toBeGreaterThan(0);
    await openScreen(stack, page, `/patterns/${pattern.id}`);
    await page.locator('main h1', { hasText: TITLE }).waitFor({ timeout: 30_000 });
    expect(await imagesDrawn(page)).toBeGreaterThan(0);
    // a client-side navigation into another remote, then a full load of a remote route
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await page.locator('main h1', { hasText: 'Sign in' }).waitFor({ timeout: 30_000 });
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('signs in and checks out to the Stripe sandbox with no violation', async () => {
    const { page, violations, errors } = await watchedPage();
    await openScreen(stack, page, '/sign-in');
    await page.locator('main').getByRole('textbox', { name: 'Email', exact: true }).fill(buyer.email);
    await page.locator('main input[autocomplete$="password"]').first().fill(PASSWORD);
    await page.locator('main input[autocomplete$="password"]').first().press('Enter');
    await page.getByRole('button', { name: /Account menu for/ }).waitFor({ timeout: 30_000 });
    await openScreen(stack, page, `/patterns/${pattern.id}`);
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.waitForURL(/\/payment\/send$/);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/checkout\/cs_test_/, { timeout: 30_000 });
    expect(new URL(page.url()).port).toBe(new URL(stack.backend!.stripe!.url).port); // the sandbox's hosted page
    await page.locator('#number').waitFor();
    // the screens a framing page would have aimed at, opened for real
    await openScreen(stack, page, '/account');
    await page.locator('main h1', { hasText: 'Your account' }).waitFor({ timeout: 30_000 });
    await openScreen(stack, page, '/payment/receive');
    await page.locator('main h1', { hasText: 'Get paid' }).waitFor({ timeout: 30_000 });
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a release's _headers carry the same policy, made from the environment it is served in (SUPABASE_URL, REMOTES_FILE)", { timeout: 300_000 }, async () => {
    const out = mkdtempSync(join(tmpdir(), 'stitchhouse-csp-releases-'));
    try {
      const runtime: Runtime = {
        supabaseUrl: 'https://abcdefghijklmnopqrst.supabase.co',
        remotes: Object.fromEntries(
          Object.keys(stack.apps.urls)
            .filter((n) => n !== 'shell')
            .map((n) => [n, `https://apps.stitchhouse.example/${n}/20261201-0123456789ab/mf-manifest.json`]),
        ),
      };
      const policy = contentSecurityPolicy(runtime);
      expect(directives(policy).get('script-src')).toEqual(["'self'", 'https://apps.stitchhouse.example']);
      expect(directives(policy).get('connect-src')).toEqual([
        "'self'",
        'https://apps.stitchhouse.example',
        'https://abcdefghijklmnopqrst.supabase.co',
        'wss://abcdefghijklmnopqrst.supabase.co',
      ]);
      const shell = await releaseApp({ app: 'shell', outDir: out, build: false, quiet: true, ...runtime });
      const rule = `/*\n  X-Content-Type-Options: nosniff\n  Content-Security-Policy: ${policy}\n  X-Frame-Options: DENY\n`;
      expect(readFileSync(join(shell.dir, '_headers'), 'utf8')).toContain(rule);
      expect(readFileSync(join(out, 'shell', '_headers'), 'utf8')).toContain(`/${shell.version}${rule}`);
      // the command line takes the environment from SUPABASE_URL and REMOTES_FILE, as scripts/serve-apps.mjs does
      const remotesFile = join(out, 'remotes.json');
      writeFileSync(remotesFile, JSON.stringify(runtime.remotes));
      const { stdout } = await promisify(execFile)(process.execPath, [join(root, 'scripts', 'release.mjs'), 'mf-auth', '--no-build', '--out', out], {
        cwd: root,
        env: { ...process.env, SUPABASE_URL: runtime.supabaseUrl, REMOTES_FILE: remotesFile },
      });
      const version = /released mf-auth (\S+)/.exec(stdout)![1]!;
      const remote = readFileSync(join(out, 'mf-auth', version, '_headers'), 'utf8');
      expect(remote).toContain(
        `/*\n  X-Content-Type-Options: nosniff\n  Access-Control-Allow-Origin: *\n  Content-Security-Policy: ${policy}\n  X-Frame-Options: DENY\n`,
      );
      expect(stdout).not.toContain('names the local servers');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
