import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown.tsx';

const html = (markdown: string) => renderToStaticMarkup(<Markdown>{markdown}</Markdown>);

describe('a designer’s markdown', () => {
  it('renders paragraphs, emphasis, lists, quotes, code and rules', () => {
    expect(html('Hello **bold** and *soft*.\n\nSecond line  \nbroken')).toBe(
      '<p>Hello <strong>bold</strong> and <em>soft</em>.</p><p>Second line<br/>broken</p>',
    );
    expect(html('- one\n- two')).toBe('<ul><li>one</li><li>two</li></ul>');
    expect(html('3. three\n4. four')).toBe('<ol start="3"><li>three</li><li>four</li></ol>');
    expect(html('> quoted')).toBe('<blockquote><p>quoted</p></blockquote>');
    expect(html('Use `a4` paper\n\n---')).toBe('<p>Use <code>a4</code> paper</p><hr/>');
  });

  it('demotes headings under the page’s h1 and h2', () => {
    expect(html('# Big\n## Section\n### Sub\n###### Tiny')).toBe('<h3>Big</h3><h3>Section</h3><h4>Sub</h4><h4>Tiny</h4>');
  });

  it('drops raw HTML and images, and never links to script', () => {
    const out = html(
      '<script>alert(1)</script>\n\nText <img src=x onerror=alert(1)> here ![cover](https://x/y.png)\n\n[click](javascript:alert(1)) [ok](https://example.com/a)',
    );
    expect(out).not.toMatch(/<script|<img|onerror|javascript:/);
    expect(out).toContain('<span>click</span>');
    expect(out).toContain('<a href="https://example.com/a" rel="nofollow noopener noreferrer" target="_blank">ok</a>');
  });

  it('resolves reference links and renders nothing for blank text', () => {
    expect(html('See [the shop][s].\n\n[s]: https://example.com/shop')).toBe(
      '<p>See <a href="https://example.com/shop" rel="nofollow noopener noreferrer" target="_blank">the shop</a>.</p>',
    );
    expect(html('   ')).toBe('');
  });
});
