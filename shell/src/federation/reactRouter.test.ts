import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REACT_ROUTER_SURFACE } from '@stitchhouse/shared/build/react-router-surface.mjs';
import { reactRouterImports } from '@stitchhouse/shared/build/app-config.mjs';
import { REMOTE_APPS } from '@stitchhouse/shared/routes.ts';
import * as provided from './reactRouter.ts';

const root = join(import.meta.dirname, '..', '..', '..');

describe('the react-router surface the shell provides to remotes', () => {
  it('is exactly the list remote builds are checked against', () => {
    expect(Object.keys(provided).sort()).toEqual([...REACT_ROUTER_SURFACE].sort());
  });

  it('covers every react-router name each remote imports today', () => {
    for (const remote of REMOTE_APPS.map((app) => app.folder)) {
      const outside = [...reactRouterImports(join(root, remote, 'src')).keys()].filter((name) => !REACT_ROUTER_SURFACE.includes(name));
      expect(outside, remote).toEqual([]);
    }
  });

  it('reads multi-line imports, skips type-only names and test files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rr-surface-'));
    try {
      writeFileSync(join(dir, 'Screen.tsx'), "import {\n  Link,\n  useNavigate as go,\n  type RouteObject,\n} from 'react-router';\n");
      writeFileSync(join(dir, 'Screen.test.tsx'), "import { MemoryRouter } from 'react-router';\n");
      expect([...reactRouterImports(dir).keys()].sort()).toEqual(['Link', 'useNavigate']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
