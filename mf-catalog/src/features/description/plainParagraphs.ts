/**
 * A description's text as paragraphs (split on blank lines), shown until the markdown renderer
 * arrives: the words are in the page at once, for crawlers and for a visitor who never scrolls.
 */
export function plainParagraphs(markdown: string): string[] {
  return markdown
    .split(/\n[ \t\r]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
