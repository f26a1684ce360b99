/* @ts-self-types="./html.d.mts" */
// Text into HTML (mail bodies, the local inbox, receipts, the hosted auth mail templates): the five
// characters that can break out of text or an attribute value. One definition for the backend, the
// functions and the scripts (plain JavaScript, so node scripts import it as it is).
const ENTITIES = /** @type {Record<string, string>} */ ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' });

/** @param {string} text */
export function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (ch) => /** @type {string} */ (ENTITIES[ch]));
}
