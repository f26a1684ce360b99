import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import { pageMessages } from '../../messages.ts';
import { LayoutView } from '../layout/LayoutView.tsx';
import Newsletter from '../../routes/Newsletter.tsx';

// the page's own catalog, as the router loads it with the page
beforeAll(() => pageMessages('Newsletter'));

function render(url: string): string {
  return renderToString(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route element={<LayoutView user={null} sessionLoading={false} onSignOut={async () => {}} />}>
            <Route path="/newsletter" element={<Newsletter />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </I18nProvider>,
  );
}

const ids = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);

describe.each([
  ['subscribe', '/newsletter'],
  ['confirm link', '/newsletter?confirm=abc'],
  ['unsubscribe link', '/newsletter?unsubscribe=abc'],
])('/newsletter (%s)', (_mode, url) => {
  const html = render(url);

  it('has one h1 in main, unique ids and every aria reference resolving', () => {
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html.indexOf('<h1')).toBeGreaterThan(html.indexOf('<main id="main"'));
    const all = ids(html);
    expect(new Set(all).size).toBe(all.length);
    for (const m of html.matchAll(/aria-(?:labelledby|describedby|controls)="([^"]+)"/g)) {
      for (const ref of m[1]!.split(' ')) expect(all).toContain(ref);
    }
    expect(html).not.toMatch(/lorem|ipsum|TODO|coming soon/i);
  });
});

describe('/newsletter content', () => {
  it('offers a labelled e-mail form with the consent line and the privacy policy link', () => {
    const html = render('/newsletter');
    const input = /<input[^>]*type="email"[^>]*>/.exec(html)?.[0] ?? '';
    const id = /id="([^"]+)"/.exec(input)?.[1];
    expect(id).toBeDefined();
    expect(html).toContain(`for="${id}"`);
    expect(input).toMatch(/autocomplete="email"/i);
    expect(input).toContain('required');
    expect(html).toMatch(/href="\/legal\/privacy-policy"[^>]*>privacy policy</);
    expect(html).toMatch(/New patterns from designers you follow/);
    expect(html).toMatch(/Sew-alongs/);
    expect(html).toMatch(/Errata notices/);
  });

  it('confirms on arrival (busy) and asks before unsubscribing', () => {
    expect(render('/newsletter?confirm=abc')).toContain('aria-busy="true"');
    const unsubscribe = render('/newsletter?unsubscribe=abc');
    expect(unsubscribe).toMatch(/<button[^>]*>Unsubscribe<\/button>/);
    expect(unsubscribe).not.toContain('aria-busy="true"');
  });
});
