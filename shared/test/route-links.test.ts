// In-app links are written through the route contract: `href('/patterns/:productId', { productId })`
// from shared/src/routes.ts, never as a hand-written '/patterns/' + id. A path the contract does not
// have, or a missing value, is then a type error, and renaming a route is one edit. This test reads
// the apps' sources (and shared/src) and fails on a string literal that starts with an in-app path
// and is not the first argument of `href(`. Function URLs, asset paths and external links are not
// routes of the contract and are not matched.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import APPS from '../src/apps.json';
import { href, ROUTES } from '../src/routes.ts';

const root = join(import.meta.dirname, '..', '..');
const FOLDERS = [...APPS.map((app) => join(app.folder, 'src')), join('shared', 'src')];

/** The contract itself is the one place that writes its paths by hand. */
const ALLOWED_FILES = new Set(['shared/src/routes.ts']);
/**
 * Lines that show a path as text, not a link, and must not encode what they show: the store
 * address hint echoes the address as the person types it (a space shows as a space).
 */
const ALLOWED_LINES: readonly { file: string; contains: string }[] = [
  { file: 'mf-account/src/features/store/SlugField.tsx', contains: "/stores/${value.trim() || i18n._('account.slug.placeholder')}" },
  // the shape of a referral address, as text in a hint ("…/patterns/…?ref=CODE")
  { file: 'mf-partners/src/features/resellers/ReferralLinks.tsx', contains: 'pattern: `${origin}/patterns/…`, store: `${origin}/stores/…`' },
];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) sourceFiles(join(dir, entry.name), out);
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(join(dir, entry.name));
    }
  }
  return out;
}

/** Comments out (a path named in a comment is prose), kept line for line so the report points at the line. */
function withoutComments(text: string): string {
  const blank = (match: string) => match.replace(/[^\n]/g, ' ');
  return text.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/(^|[^:'"`\w\\])\/\/.*$/gm, (match, lead: string) => lead + blank(match.slice(lead.length)));
}

/** First segments of the contract's paths (`patterns`, `sign-in`, `legal`, …), longest first. */
const SEGMENTS = [...new Set(ROUTES.map((route) => route.path.split('/')[1]!).filter(Boolean))].sort((a, b) => b.length - a.length);
/** A literal that starts with an in-app path: '/patterns', `/stores/${slug}`, "/sign-in?next=…". */
const IN_APP = new RegExp(`(['"\`])/(?:${SEGMENTS.map((s) => s.replace(/-/g, '\\-')).join('|')})(?=[/?#'"\`$])`, 'g');
/** An absolute link on this site: `${window.location.origin}/patterns/my-patterns`. */
const ON_ORIGIN = new RegExp(`\\$\\{[^{}]*\\borigin\\b[^{}]*\\}/(?:${SEGMENTS.map((s) => s.replace(/-/g, '\\-')).join('|')})(?=[/?#'"\`$])`, 'g');
/** The home page '/', only where it is plainly a link target (a bare '/' is also a separator). */
const HOME = /(?:\b(?:to|href)=\{?|\bto:\s*|\bnavigate\(\s*)(['"`])\/\1/g;

interface Finding {
  file: string;
  line: number;
  text: string;
}

function findings(file: string, text: string): Finding[] {
  const code = withoutComments(text);
  const found: Finding[] = [];
  const report = (index: number) => {
    const line = code.slice(0, index).split('\n').length;
    found.push({ file, line, text: text.split('\n')[line - 1]!.trim() });
  };
  for (const match of code.matchAll(IN_APP)) {
    // href(path) links, pathTitle(path) names a route: both take the contract's typed paths
    if (!/\b(?:href|pathTitle)\(\s*$/.test(code.slice(Math.max(0, match.index - 12), match.index))) report(match.index);
  }
  for (const match of code.matchAll(HOME)) report(match.index);
  for (const match of code.matchAll(ON_ORIGIN)) report(match.index);
  return found.filter((f) => !ALLOWED_LINES.some((allowed) => allowed.file === file && f.text.includes(allowed.contains)));
}

describe('in-app links through the route contract', () => {
  const files = FOLDERS.flatMap((folder) => sourceFiles(join(root, folder)))
    .map((path) => ({ file: relative(root, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }))
    .filter(({ file }) => !ALLOWED_FILES.has(file));

  it('reads the apps', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(SEGMENTS).toEqual(expect.arrayContaining(['patterns', 'sign-in', 'account', 'payment', 'partners', 'stores', 'legal']));
  });

  it('finds a hand-written path and lets href through', () => {
    const sample = [
      '<Link to="/patterns">x</Link>',
      'navigate(`/patterns/${id}/edit`);',
      "const next = '/sign-in?next=' + here;",
      '<Link to="/">Home</Link>',
      "<Link to={href('/patterns/:productId', { productId })}>ok</Link>",
      "// a comment naming '/patterns' is prose",
      "fetch('/functions/v1/download'); const dir = '/tmp/x'; parts.join('/');",
      'const back = `${window.location.origin}/patterns/my-patterns`;',
      "const ok = `${window.location.origin}${href('/patterns/my-patterns')}`;",
    ].join('\n');
    expect(findings('sample.tsx', sample).map((f) => f.line)).toEqual([1, 2, 3, 4, 8]);
  });

  it('has no in-app path written by hand in the apps and shared/src', () => {
    const offending = files.flatMap(({ file, text }) => findings(file, text)).map((f) => `${f.file}:${f.line}: ${f.text}`);
    expect(offending, 'write these with href(path, values?, query?) from @stitchhouse/shared').toEqual([]);
  });
});

describe('href', () => {
  it('fills the values, encodes them and adds the query', () => {
    expect(href('/patterns')).toBe('/patterns');
    expect(href('/stores/:slug', { slug: 'a b' })).toBe('/stores/a%20b');
    expect(href('/patterns/:productId/download', { productId: 'p1' })).toBe('/patterns/p1/download');
    expect(href('/sign-in', { next: '/patterns/p1/download', reason: undefined })).toBe('/sign-in?next=%2Fpatterns%2Fp1%2Fdownload');
    expect(href('/patterns/:productId', { productId: 'p1' }, { page: 2, free: null })).toBe('/patterns/p1?page=2');
    expect(href('/download/error', new URLSearchParams({ reason: 'gone' }))).toBe('/download/error?reason=gone');
  });

  it('refuses a missing value at run time too', () => {
    // @ts-expect-error the value for :slug is missing
    expect(() => href('/stores/:slug', {})).toThrow(/:slug/);
  });
});
