import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTE_APPS, ROUTES, routesOf } from '@stitchhouse/shared';

const root = join(import.meta.dirname, '..', '..');

describe('route contract against the apps', () => {
  for (const app of REMOTE_APPS) {
    it(`every ${app.name} module of the contract is exposed by ${app.folder}, one file per screen`, async () => {
      const config = (await import(join(root, app.folder, 'rspack.config.ts'))) as { exposes: Record<string, string>; default: { plugins: unknown[] } };
      const contract = routesOf(app.name)
        .map((r) => r.module)
        .sort();
      expect(Object.keys(config.exposes).sort()).toEqual(contract);
      for (const [key, file] of Object.entries(config.exposes)) {
        expect(file, key).toBe(`./src/routes/${key.slice(2)}.tsx`);
        expect(existsSync(join(root, app.folder, file)), file).toBe(true);
      }
    });
  }

  it('every shell route has its page file in shell/src/routes', () => {
    const missing = ROUTES.filter((r) => r.owner === 'shell').filter((r) => !existsSync(join(root, 'shell', 'src', 'routes', `${r.module}.tsx`)));
    expect(missing.map((r) => `${r.path} → shell/src/routes/${r.module}.tsx`)).toEqual([]);
  });
});
