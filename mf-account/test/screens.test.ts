import { describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { mainHeading, renderScreen, screenCases } from '@stitchhouse/shared/testing/screens.tsx';
import { exposes } from '../rspack.config.ts';

describe('mf_account screens of the route contract', () => {
  for (const { route, file } of screenCases('mf_account', exposes)) {
    it(`${route.path} renders its screen with the contract's title as h1`, async () => {
      const screen = (await import(/* @vite-ignore */ new URL(`../${file}`, import.meta.url).href)) as { default: ComponentType };
      expect(mainHeading(renderScreen(screen.default, route))).toBe(route.title);
    });
  }
});
