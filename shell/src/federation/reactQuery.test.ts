import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REACT_QUERY_SURFACE } from '@stitchhouse/shared/build/react-query-surface.mjs';
import { reactRouterImports } from '@stitchhouse/shared/build/app-config.mjs';
import { REMOTE_APPS } from '@stitchhouse/shared/routes.ts';
import * as provided from './reactQuery.ts';

const root = join(import.meta.dirname, '..', '..', '..');

describe('the TanStack Query surface the shell provides to remotes', () => {
  it('is exactly the list remote builds are checked against', () => {
    expect(Object.keys(provided).sort()).toEqual([...REACT_QUERY_SURFACE].sort());
  });

  it('covers every @tanstack/react-query name each remote imports today', () => {
    for (const remote of REMOTE_APPS.map((app) => app.folder)) {
      const outside = [...reactRouterImports(join(root, remote, 'src'), '@tanstack/react-query').keys()].filter((name) => !REACT_QUERY_SURFACE.includes(name));
      expect(outside, remote).toEqual([]);
    }
  });
});
