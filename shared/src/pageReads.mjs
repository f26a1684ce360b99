// @ts-check
// Reads the page's server answers inside the page (scripts/route-hints.mjs): a landing page's first
// REST reads as an anonymous visitor, so the screen renders without a round trip to the backend after
// its scripts. Both sides name a read by `readKey`; the page's anon client
// (publicRest.ts) takes a read from the page when it asks exactly that, once, early in the page's life.

/** The id of the page's inline reads (`<script type="application/json">`). */
export const PAGE_READS_ID = 'stitchhouse-reads';

/** @param {string} a @param {string} b */
const order = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** @param {unknown} value @returns {string} JSON with object keys in order, so two equal bodies give one text. */
function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => order(a, b))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * A REST read's identity: the method, the path under `/rest/v1/` with its query parameters in order
 * (however they were encoded), and the JSON body with its keys in order.
 * @param {string} method
 * @param {string} path    e.g. `rpc/search_patterns` or `currency_rates?select=currency,per_eur,as_of`
 * @param {unknown} [body] an object, or the JSON text a client sends
 */
export function readKey(method, path, body) {
  const [route = '', query = ''] = path.split('?', 2);
  const params = [...new URLSearchParams(query)].sort(([a, av], [b, bv]) => order(a, b) || order(av, bv));
  let json = body;
  if (typeof body === 'string') {
    try {
      json = JSON.parse(body);
    } catch {
      json = body;
    }
  }
  return `${method.toUpperCase()} ${route}?${new URLSearchParams(params)} ${json === undefined || json === null ? '' : canonicalJson(json)}`;
}
