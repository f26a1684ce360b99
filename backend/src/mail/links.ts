// Links a person could click in a message: href targets in the HTML, URLs in the text.
const hrefPattern = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const urlPattern = /https?:\/\/[^\s<>"'`]+/g;

export function decodeEntities(value: string): string {
  return value
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export function extractLinks(text: string, html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(hrefPattern)) {
    const href = decodeEntities((m[1] ?? m[2] ?? '').trim());
    if (/^https?:\/\//i.test(href)) found.push(href);
  }
  for (const m of text.matchAll(urlPattern)) found.push(m[0].replace(/[.,;:!?)\]]+$/, ''));
  return [...new Set(found)];
}
