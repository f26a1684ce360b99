import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import { pageMessages } from '../src/messages.ts';
import { SHELL_PAGES } from '../../lingui.config.js';
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { LayoutView } from '../src/features/layout/LayoutView.tsx';
import About from '../src/routes/About.tsx';
import AppPage from '../src/routes/AppPage.tsx';
import Designers from '../src/routes/Designers.tsx';
import Home from '../src/routes/Home.tsx';
import Pricing from '../src/routes/Pricing.tsx';
import PrivacyPolicy from '../src/routes/PrivacyPolicy.tsx';
import Retailers from '../src/routes/Retailers.tsx';
import TermsOfUse from '../src/routes/TermsOfUse.tsx';

const PAGES = [
  ['/', Home],
  ['/about', About],
  ['/app', AppPage],
  ['/designers', Designers],
  ['/retailers', Retailers],
  ['/pricing', Pricing],
  ['/legal/privacy-policy', PrivacyPolicy],
  ['/legal/terms-of-use', TermsOfUse],
] as const;

function page(path: string, Page: () => React.ReactNode, user: { email: string } | null) {
  return (
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<LayoutView user={user} sessionLoading={false} onSignOut={async () => {}} />}>
            <Route path={path} element={<Page />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </I18nProvider>
  );
}

function render(path: string, Page: () => React.ReactNode, user: { email: string } | null = null): string {
  return renderToString(page(path, Page, user));
}

/** The page once its lazy parts (a member's account menu) have loaded and rendered. */
async function renderLoaded(path: string, Page: () => React.ReactNode, user: { email: string } | null = null): Promise<string> {
  const { prelude } = await prerenderToNodeStream(page(path, Page, user));
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

// each page's own catalog, as the router loads it with the page
beforeAll(() => Promise.all(SHELL_PAGES.map(pageMessages)));

describe.each(PAGES)('page %s', (path, Page) => {
  const html = render(path, Page);

  it('has one h1 inside the main landmark, after the skip link', () => {
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    const main = html.indexOf('<main id="main"');
    expect(main).toBeGreaterThan(-1);
    expect(html.indexOf('<h1')).toBeGreaterThan(main);
    expect(html.indexOf('href="#main"')).toBeLessThan(main);
  });

  it('has unique ids and no placeholder copy', () => {
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(html).not.toMatch(/lorem|ipsum|TODO|coming soon/i);
  });

  it('points every aria reference at an element of the page', () => {
    const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
    for (const m of html.matchAll(/aria-(?:labelledby|describedby|controls)="([^"]+)"/g)) {
      for (const ref of m[1]!.split(' ')) expect(ids, `${ref} on ${path}`).toContain(ref);
    }
  });
});

describe('layout', () => {
  it('offers sign-in to visitors and the account menu to members', async () => {
    const visitor = render('/about', About);
    expect(visitor).toContain('href="/sign-in"');
    expect(visitor).not.toContain('aria-haspopup="menu"');

    const member = await renderLoaded('/about', About, { email: 'ada@example.com' });
    expect(member).not.toContain('href="/sign-in"');
    expect(member).toMatch(/aria-haspopup="menu"[^>]*aria-expanded="false"/);
    expect(member).toContain('href="/patterns/my-patterns"');
    // "My store" only once the menu knows the member has a store
    expect(member).not.toContain('href="/patterns/my-store"');
  });

  it('names the brand in header and footer', () => {
    const html = render('/about', About);
    expect(html.split(BRAND_NAME).length).toBeGreaterThan(2);
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain('aria-label="Footer"');
  });

  it('shows the featured section loading before data arrives', () => {
    const html = render('/', Home);
    expect(html).toContain('Featured patterns');
    expect(html).toContain('aria-busy="true"');
  });

  it('prints the plan numbers from shared pricing', () => {
    const html = render('/pricing', Pricing);
    expect(html).toContain('5 % + €0.25 per sale');
    expect(html).toContain('2 % + €0.25 per sale');
    expect(html).toContain('€11.15');
    expect(html).toContain('€11.51');
  });
});
