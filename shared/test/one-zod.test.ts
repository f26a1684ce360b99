// One zod per page: zod is not a federated singleton, so a remote that imports 'zod'
// itself bundles a second copy of its core next to the shell's (bench/phone failed with
// "DUPLICATE zod" on /partners/suppliers). Remotes take it from @stitchhouse/shared/zod.ts,
// which the shell provides like every platform module.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import APPS from '../src/apps.json';

const root = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('zod on a page', () => {
  it('reaches the remotes only through @stitchhouse/shared/zod.ts', () => {
    const remotes = APPS.filter((app) => app.folder !== 'shell');
    const direct = remotes
      .flatMap((app) => sources(join(root, app.folder, 'src')))
      .filter((file) => /from\s+['"]zod(\/[^'"]*)?['"]/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(direct).toEqual([]);
  });
});
