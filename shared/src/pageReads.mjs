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

/**
 * An RPC's arguments as supabase-js's `rpc(name, args, { get: true })` puts them in the query
 * string (in the order given, arrays as `{a,b}`, undefined left out).
 * @param {Record<string, unknown>} args
 */
export function rpcQuery(args) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (value !== undefined) params.append(name, Array.isArray(value) ? `{${value.join(',')}}` : `${value}`);
  }
  return params.toString();
}

/**
 * The most characters of arguments a read RPC sends in its URL. Well under what the gateway takes
 * (Node's 16 KiB of request head) and the 8,000 characters supabase-js warns at; a search asks
 * far less (its words are 200 characters at most).
 */
export const RPC_GET_MAX_QUERY = 4000;

/**
 * Whether a read RPC goes as a GET (cacheable: the gateway and a CDN keep anonymous answers) or,
 * with arguments too long for a URL, as a POST that the database answers as it would the GET
 * (a search text that long: "Search text is too long").
 * @param {Record<string, unknown>} args
 */
export function rpcAsGet(args) {
  return rpcQuery(args).length <= RPC_GET_MAX_QUERY;
}
