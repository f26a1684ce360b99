import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTE_APPS, ROUTES, remoteModuleId, routeHref, routesOf, siteLink } from '../src/routes.ts';

// CI runs on a clean clone, so the spec's route list is read from the project's own copy.
const spec = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'SPEC.md'), 'utf8');

/** Every path written in section 2 of SPEC.md, `{param}` turned into `:param`. */
function specPaths(): string[] {
  const section = spec.split(/^## 2\./m)[1]?.split(/^## 3\./m)[0];
  if (!section) throw new Error('SPEC.md has no section 2 (Screens and routes)');
  const paths = section.match(/(?<![\w}])\/[A-Za-z0-9{}\-/]*/g) ?? [];
  return [...new Set(paths.map((p) => p.replace(/\{(\w+)\}/g, ':$1')))];
}

describe('route contract', () => {
  it('lists exactly the routes of SPEC.md', () => {
    const fromSpec = specPaths().sort();
    expect(fromSpec.length).toBeGreaterThan(40);
    expect(ROUTES.map((r) => r.path).sort()).toEqual(fromSpec);
  });

  it('has each path once and each remote module once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const ids = ROUTES.filter((r) => r.owner !== 'shell').map(remoteModuleId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every dynamic route a sample value and every route a title', () => {
    for (const route of ROUTES) {
      expect(route.title.trim(), route.path).not.toBe('');
      expect(routeHref(route), route.path).not.toMatch(/:/);
    }
  });

  it('follows the agreed ownership', () => {
    expect(routesOf('shell').map((r) => r.path)).toEqual([
      '/',
      '/about',
      '/app',
      '/designers',
      '/retailers',
      '/pricing',
      '/newsletter',
      '/legal/privacy-policy',
      '/legal/terms-of-use',
    ]);
    expect(routesOf('mf_payments')).toHaveLength(7);
    expect(routesOf('mf_account').every((r) => r.path.startsWith('/account'))).toBe(true);
    expect(routesOf('mf_auth')).toHaveLength(9);
    expect(routesOf('mf_catalog')).toHaveLength(10);
    expect(routesOf('mf_partners').map((r) => r.path)).toContain('/point-of-sale-integration');
    expect(REMOTE_APPS.map((a) => a.port)).toEqual([3001, 3002, 3003, 3004, 3005]);
  });

  it('builds hrefs and module ids', () => {
    const detail = ROUTES.find((r) => r.path === '/stores/:slug')!;
    expect(routeHref(detail, { slug: 'a b' })).toBe('/stores/a%20b');
    expect(() => routeHref(detail, {})).toThrow(/:slug/);
    expect(remoteModuleId(ROUTES.find((r) => r.path === '/sign-in')!)).toBe('mf_auth/SignIn');
    expect(() => remoteModuleId(ROUTES[0]!)).toThrow(/shell/);
  });

  it('builds email and return links only to screens of the contract', () => {
    expect(siteLink('https://stitchhouse.example/', '/patterns/my-patterns')).toBe('https://stitchhouse.example/patterns/my-patterns');
    expect(siteLink('https://stitchhouse.example', '/download/:productId', { productId: 'a b' }, { expires: '99' })).toBe(
      'https://stitchhouse.example/download/a%20b?expires=99',
    );
    expect(() => siteLink('https://stitchhouse.example', '/library')).toThrow(/No route \/library/);
    expect(() => siteLink('https://stitchhouse.example', '/download/:productId')).toThrow(/:productId/);
  });
});
