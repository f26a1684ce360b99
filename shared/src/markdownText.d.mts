/** A designer's Markdown as one line of plain text (meta descriptions, JSON-LD). */
export function markdownText(markdown: string): string;
