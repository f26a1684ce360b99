// HTML escaping, written once in html.mjs (node scripts import it too); this is what TypeScript code imports.
export { escapeHtml } from './html.mjs';
