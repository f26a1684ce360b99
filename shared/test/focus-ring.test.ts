import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// --focus-ring (tokens.css) is a box-shadow value. Written as `outline: var(--focus-ring)` it is
// invalid CSS, the browser drops it, and keyboard focus becomes invisible (as on the sign-in
// password field, its Show button, the error summary). Every stylesheet of every app is checked.
const root = join(import.meta.dirname, '..', '..');
const APPS = ['shared/src', 'shell/src', 'mf-auth/src', 'mf-catalog/src', 'mf-payments/src', 'mf-account/src', 'mf-partners/src'];

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return cssFiles(path);
    return name.endsWith('.css') ? [path] : [];
  });
}

describe('focus ring', () => {
  it('is never used as an outline value', () => {
    const offenders = APPS.flatMap((app) => cssFiles(join(root, app)))
      .filter((file) => /outline\s*:\s*var\(--focus-ring\)/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });
});
