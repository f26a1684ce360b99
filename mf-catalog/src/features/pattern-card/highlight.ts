// Marks the searched words in a title. Pure text splitting: React renders the parts,
// so nothing typed by a visitor ever becomes markup.

export interface TextPart {
  text: string;
  match: boolean;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Splits `text` around case-insensitive occurrences of the query's words (2+ letters each). */
export function highlightParts(text: string, query: string): TextPart[] {
  const words = [
    ...new Set(
      query
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 2),
    ),
  ];
  if (words.length === 0 || !text) return [{ text, match: false }];
  words.sort((a, b) => b.length - a.length); // longest first, so "dresses" wins over "dress"
  const pattern = new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'giu');
  return text
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, match: words.includes(part.toLowerCase()) }));
}
