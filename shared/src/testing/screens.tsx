// Test helper for every remote: render each screen the route contract gives it, on the
// server, inside a router, and return its HTML — so a test can check the screen exists,
// is exposed under the contract's module name, and shows the contract's title as its h1.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../i18n/index.ts';
import { MemoryRouter } from 'react-router';
import { QueryProvider, createQueryClient } from '../query/client.ts';
import { describe, expect, it } from 'vitest';
import { routeHref, routesOf, type AppRoute, type RemoteName } from '../routes.ts';

export interface ScreenCase {
  route: AppRoute;
  /** The file `exposes` maps the contract's module to, relative to the remote's folder. */
  file: string;
}

/** Pairs each contract route of `remote` with the file its `exposes` entry names; throws on a gap. */
export function screenCases(remote: RemoteName, exposes: Readonly<Record<string, string>>): ScreenCase[] {
  return routesOf(remote).map((route) => {
    const file = exposes[route.module];
    if (!file) throw new Error(`${remote} does not expose ${route.module} (route ${route.path})`);
    return { route, file };
  });
}

export function renderScreen(Screen: ComponentType, route: AppRoute): string {
  return renderToString(
    <I18nProvider i18n={i18n}>
      <QueryProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[routeHref(route)]}>
          <Screen />
        </MemoryRouter>
      </QueryProvider>
    </I18nProvider>,
  );
}

/** The text of the first h1 in server-rendered HTML (tags stripped, entities for & < > " ' decoded). */
export function mainHeading(html: string): string | null {
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  if (!match) return null;
  return match[1]
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .trim();
}

/**
 * The whole contract test of a remote: every route it owns renders its screen with the
 * contract's title as h1. `load` imports a screen file (relative to the remote's folder) from
 * the remote's own test, so the import resolves there: `(file) => import(`../${file}`)`.
 */
export function describeScreens(remote: RemoteName, exposes: Readonly<Record<string, string>>, load: (file: string) => Promise<unknown>): void {
  describe(`${remote} screens of the route contract`, () => {
    for (const { route, file } of screenCases(remote, exposes)) {
      it(`${route.path} renders its screen with the contract's title as h1`, async () => {
        await load('./src/messages.ts'); // the remote's catalog, as the shell loads it with a screen
        const screen = (await load(file)) as { default: ComponentType };
        expect(mainHeading(renderScreen(screen.default, route))).toBe(route.title);
      });
    }
  });
}
