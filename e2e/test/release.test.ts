import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyApp, type AppCopy } from '../src/appCopy.ts';
import { buildIfNeeded, root, settledRoute, startE2EStack, type E2EStack } from '../src/harness.ts';

// Releases (scripts/release.mjs) of one remote, served as static versioned folders: the shell
// reaches mf-catalog through remotes.json at <origin>/<version>/mf-manifest.json. As on a plain
// static host, env.json (and its deployment id) never changes: switching remotes.json to
// release 2 is the whole release, shown at the next navigation (the shell's skew guard re-reads
// remotes.json); switching back is the rollback.
interface Release {
  version: string;
  dir: string;
}
interface ReleaseScript {
  releaseApp(o: { app: string; outDir: string; dist?: string; build?: boolean; quiet?: boolean }): Promise<Release>;
}

const STATIC_DEPLOYMENT = 'static-host-deployment';
let stack: E2EStack;
let catalog: AppCopy;
let releases: string;
let first: Release;
let second: Release;

beforeAll(async () => {
  releases = mkdtempSync(join(tmpdir(), 'stitchhouse-releases-'));
  const { releaseApp } = (await import(/* @vite-ignore */ join(root, 'scripts', 'release.mjs'))) as ReleaseScript;
  await buildIfNeeded();
  // Release 1: mf-catalog as the repository builds it.
  first = await releaseApp({ app: 'mf-catalog', outDir: releases, build: false, quiet: true });
  // Release 2: a copy with a visible change.
  catalog = copyApp('mf-catalog');
  catalog.write('src/routes/PatternCatalog.tsx', 'export default function PatternCatalog() {\n  return <h1>Patterns, release two</h1>;\n}\n');
  catalog.build();
  second = await releaseApp({ app: 'mf-catalog', outDir: releases, dist: catalog.dist, build: false, quiet: true });
  stack = await startE2EStack({
    dirs: { mf_catalog: join(releases, 'mf-catalog') },
    deploymentCheckMs: 0,
    remotesFile: join(releases, 'remotes.json'),
    deploymentId: STATIC_DEPLOYMENT,
  });
});

afterAll(async () => {
  await stack?.stop();
  catalog?.remove();
  if (releases) rmSync(releases, { recursive: true, force: true });
});

/** The one change a release or a rollback makes: mf_catalog's entry in remotes.json. */
function pointCatalogAt(release: Release) {
  const file = join(releases, 'remotes.json');
  const remotes = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  remotes.mf_catalog = `${stack.apps.urls.mf_catalog}/${release.version}/mf-manifest.json`;
  writeFileSync(file, JSON.stringify(remotes, null, 2));
}

/** A client-side navigation home (the guard learns of the new deployment), then to the catalog. */
async function navigateToCatalog(page: Page) {
  await page.locator('header a[href="/"]').first().click();
  await page.waitForURL(`${stack.shellUrl}/`);
  await settledRoute(page);
  await page.locator('header a[href="/patterns"]').first().click();
  await page.waitForURL(`${stack.shellUrl}/patterns`);
  return settledRoute(page);
}

const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { __releasePage: boolean }).__releasePage = true));
const samePage = (page: Page) => page.evaluate(() => (window as unknown as { __releasePage?: boolean }).__releasePage === true);

describe('releasing mf-catalog alone', () => {
  it('writes two versioned, precompressed releases with their cache headers', () => {
    expect(first.version).not.toBe(second.version);
    expect(first.version).toMatch(/^\d{8}-[0-9a-f]{12}$/);
    const headers = readFileSync(join(releases, 'mf-catalog', '_headers'), 'utf8');
    for (const release of [first, second]) {
      expect(headers).toContain(`/${release.version}/remoteEntry.js\n  Cache-Control: no-cache`);
      expect(readFileSync(join(release.dir, 'mf-manifest.json.br')).length).toBeGreaterThan(0);
    }
  });

  it('is picked up at the next navigation once remotes.json points at it, and rolled back the same way', async () => {
    pointCatalogAt(first);
    const { page, errors } = await stack.newPage();
    await page.goto(`${stack.shellUrl}/patterns`);
    expect((await settledRoute(page)).h1).toBe('Patterns');
    // The versioned folders are served with the release's rules: entry files revalidate, hashed chunks are immutable.
    const entry = await fetch(`${stack.apps.urls.mf_catalog}/${first.version}/remoteEntry.js`, { headers: { 'accept-encoding': 'br' } });
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(entry.headers.get('content-encoding')).toBe('br');

    // Release 2: one change to remotes.json; env.json stays as it was.
    await markPage(page);
    pointCatalogAt(second);
    expect((await navigateToCatalog(page)).h1).toBe('Patterns, release two');
    expect(await samePage(page)).toBe(false); // a full page load: new remotes.json, new remote

    // Rollback: remotes.json back to release 1.
    await markPage(page);
    pointCatalogAt(first);
    expect((await navigateToCatalog(page)).h1).toBe('Patterns');
    expect(await samePage(page)).toBe(false);
    expect(((await (await fetch(`${stack.shellUrl}/env.json`)).json()) as { deploymentId: string }).deploymentId).toBe(STATIC_DEPLOYMENT);
    expect(errors).toEqual([]);
  });
});
