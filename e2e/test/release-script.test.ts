import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import APPS from '../../shared/src/apps.json' with { type: 'json' };
import { root } from '../src/harness.ts';

// scripts/release.mjs on small hand-made builds (no rspack): what goes into a release,
// its version, its precompressed copies and its cache rules. The real builds are released
// in release.test.ts (Chromium) and by docs/deploy.md's commands (deploy-doc.test.ts).
interface Release {
  app: string;
  folder: string;
  version: string;
  dir: string;
  files: number;
}
const script = join(root, 'scripts', 'release.mjs');
const { releaseApp, findApp, headersFile } = (await import(/* @vite-ignore */ script)) as {
  releaseApp(o: { app: string; outDir: string; dist?: string; build?: boolean; quiet?: boolean; date?: Date }): Promise<Release>;
  findApp(name: string): { name: string; folder: string };
  headersFile(files: string[], o: { remote: boolean; prefix?: string }): string;
};
const { cacheControl, computeDeploymentId } = (await import(/* @vite-ignore */ join(root, 'scripts', 'serve-apps.mjs'))) as {
  cacheControl(path: string): string;
  computeDeploymentId(dirs: Record<string, string>, remotesJson?: string): string;
};

const temp = mkdtempSync(join(tmpdir(), 'stitchhouse-release-unit-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const chunk = (label: string) => `export const screen = ${JSON.stringify(label)};\n`.repeat(40); // > 256 bytes: worth compressing

function fakeRemoteBuild(name: string, label: string): string {
  const dist = join(temp, name);
  mkdirSync(join(dist, 'standalone'), { recursive: true });
  writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify({ name: 'mf_catalog', label, padding: 'x'.repeat(400) }));
  writeFileSync(join(dist, 'remoteEntry.js'), chunk(`entry ${label}`));
  writeFileSync(join(dist, '__federation_expose_PatternCatalog.1a2b3c4d.js'), chunk(label));
  writeFileSync(join(dist, 'standalone', 'main.5e6f7a8b.css'), `.page{color:red}`.repeat(30));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>${label}</title>`);
  writeFileSync(join(dist, 'chunk-packages.json'), '{}');
  writeFileSync(join(dist, 'env.json'), '{"secret":"per environment"}');
  return dist;
}

describe('node scripts/release.mjs', () => {
  it('accepts an app by folder or MF name; anything else is a clear error listing the apps (exit 2)', async () => {
    expect(findApp('mf-catalog').name).toBe('mf_catalog');
    expect(findApp('mf_catalog').folder).toBe('mf-catalog');
    expect(() => findApp('mf-catalogue')).toThrow(/Unknown app "mf-catalogue"/);
    const run = promisify(execFile)('node', [script, 'mf-catalogue'], { cwd: root });
    const failure = (await run.then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    ))!;
    expect(failure.code).toBe(2);
    for (const app of APPS) expect(failure.stderr).toContain(app.folder);
    // Nothing was written for the bad name.
    expect(existsSync(join(root, 'releases', 'mf-catalogue'))).toBe(false);
  });

  it('writes a versioned, precompressed folder with the cache rules the static server uses', async () => {
    const out = join(temp, 'releases');
    const date = new Date('2026-11-23T15:00:00Z');
    const release = await releaseApp({ app: 'mf-catalog', outDir: out, dist: fakeRemoteBuild('v1', 'one'), build: false, quiet: true, date });
    expect(release.version).toMatch(/^20261123-[0-9a-f]{12}$/);
    expect(release.dir).toBe(join(out, 'mf-catalog', release.version));
    // Per-environment and bench-only files stay out; brotli and gzip copies sit beside the files.
    expect(existsSync(join(release.dir, 'env.json'))).toBe(false);
    expect(existsSync(join(release.dir, 'chunk-packages.json'))).toBe(false);
    for (const file of ['remoteEntry.js', 'mf-manifest.json', '__federation_expose_PatternCatalog.1a2b3c4d.js', 'standalone/main.5e6f7a8b.css']) {
      expect(existsSync(join(release.dir, `${file}.br`)), file).toBe(true);
      expect(existsSync(join(release.dir, `${file}.gz`)), file).toBe(true);
    }
    const headers = readFileSync(join(release.dir, '_headers'), 'utf8');
    expect(headers).toContain('/*\n  X-Content-Type-Options: nosniff\n  Access-Control-Allow-Origin: *\n');
    expect(headers).toContain('/remoteEntry.js\n  Cache-Control: no-cache\n');
    expect(headers).toContain('/mf-manifest.json\n  Cache-Control: no-cache\n');
    expect(headers).toContain('/index.html\n  Cache-Control: no-cache\n');
    expect(headers).toContain('/__federation_expose_PatternCatalog.1a2b3c4d.js\n  Cache-Control: public, max-age=31536000, immutable\n');
    expect(headers).toContain('/standalone/main.5e6f7a8b.css\n  Cache-Control: public, max-age=31536000, immutable\n');
    expect(headers).not.toMatch(/\.(br|gz)\n/);
    // Every rule is the one scripts/serve-apps.mjs sends for that file.
    for (const [, path, value] of headers.matchAll(/^(\/[^\n*]+)\n {2}Cache-Control: ([^\n]+)$/gm)) expect(value, path).toBe(cacheControl(path!));

    // Same build again: same version. A changed build: a new version, both listed for one origin.
    const again = await releaseApp({ app: 'mf_catalog', outDir: out, dist: join(temp, 'v1'), build: false, quiet: true, date });
    expect(again.version).toBe(release.version);
    const second = await releaseApp({ app: 'mf-catalog', outDir: out, dist: fakeRemoteBuild('v2', 'two'), build: false, quiet: true, date });
    expect(second.version).not.toBe(release.version);
    const all = readFileSync(join(out, 'mf-catalog', '_headers'), 'utf8');
    expect(all).toContain(`/${release.version}/remoteEntry.js\n  Cache-Control: no-cache`);
    expect(all).toContain(`/${second.version}/remoteEntry.js\n  Cache-Control: no-cache`);
  });

  it('releases the shell for the site root with a single-page fallback, and refuses a folder that is not a build', async () => {
    const dist = join(temp, 'shell-dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), `<!doctype html><script src="/main.0a1b2c3d.js"></script>${'<!-- -->'.repeat(40)}`);
    writeFileSync(join(dist, 'main.0a1b2c3d.js'), chunk('shell'));
    writeFileSync(join(dist, 'remotes.json'), '{}');
    const release = await releaseApp({ app: 'shell', outDir: join(temp, 'releases'), dist, build: false, quiet: true });
    expect(readFileSync(join(release.dir, '_redirects'), 'utf8')).toMatch(/^\/\* +\/index\.html +200$/m);
    expect(existsSync(join(release.dir, 'remotes.json'))).toBe(false);
    expect(readFileSync(join(release.dir, '_headers'), 'utf8')).not.toContain('Access-Control-Allow-Origin');
    await expect(releaseApp({ app: 'mf-auth', outDir: join(temp, 'releases'), dist: join(temp, 'empty'), build: false, quiet: true })).rejects.toThrow(
      /has no mf-manifest\.json/,
    );
    expect(headersFile(['a.12345678.js'], { remote: false, prefix: '/v1' })).toContain(
      '/v1/a.12345678.js\n  Cache-Control: public, max-age=31536000, immutable',
    );
  });

  it("the README's and docs/deploy.md's cache tables say what the static server and _headers do", () => {
    for (const file of ['README.md', 'docs/deploy.md']) {
      const text = readFileSync(join(root, file), 'utf8');
      const rows = [...text.matchAll(/^\| ([^|\n]*`[^|\n]*) \| `(public, max-age=31536000, immutable|no-cache)` \|/gm)];
      expect(rows.length, file).toBeGreaterThanOrEqual(3);
      for (const [, names, value] of rows) {
        for (const [, name] of names!.matchAll(/`([^`]+\.[a-z0-9]+)`/g)) {
          if (name!.startsWith('.')) continue; // ".css": an extension, not a file
          expect(cacheControl(name!), `${file}: ${name}`).toBe(value);
        }
      }
    }
  });

  it('serve-apps derives the deployment id from remotes.json too: switching a release or rolling back moves it', () => {
    const dirs = { shell: join(temp, 'shell-dist') };
    const one = computeDeploymentId(dirs, '{"mf_catalog":"http://cdn/mf-catalog/v1/mf-manifest.json"}');
    const two = computeDeploymentId(dirs, '{"mf_catalog":"http://cdn/mf-catalog/v2/mf-manifest.json"}');
    expect(two).not.toBe(one);
    expect(computeDeploymentId(dirs, '{"mf_catalog":"http://cdn/mf-catalog/v1/mf-manifest.json"}')).toBe(one);
  });
});
