// Text into HTML (mail bodies, the local inbox, receipts): the five characters that can break
// out of text or an attribute value. One definition for the backend and the functions.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}
