// The pages' Content-Security-Policy, made in one place from the runtime config:
// scripts/serve-apps.mjs sends it with every page and scripts/release.mjs writes it into `_headers`.
//
// What the apps load, and so what the policy allows (nothing else):
//   - scripts and styles: the page's own origin and each remote's (Module Federation loads a
//     remote's remoteEntry.js, chunks and CSS from the origin of its manifest in remotes.json);
//     no inline script runs (the shell's index.html has none: env.json, remotes.json and the
//     carried reads travel in <script type="application/json"> data blocks, which never run);
//   - connections: the page's origin (env.json, remotes.json), the remotes (manifests,
//     screen-shares.json) and the backend (REST, auth, storage, functions: one Supabase URL;
//     Realtime's websocket on the same host as ws:/wss:);
//   - images: the page's origin, the remotes, the backend's Storage (covers, avatars, shop logos
//     are public objects under the Supabase URL; hosted Supabase's Smart CDN serves them from that
//     same URL) and data: (the shell's inline favicon);
//   - fonts: the system's; the origins above if an app ever ships one;
//   - workers: blob: only. The pattern editor draws a generated file's first tile with PDF.js,
//     whose worker script lives on mf-catalog's origin; a page may not start a worker from another
//     origin, so PDF.js starts it as a blob: URL holding one line, `await import("<remote>/….mjs")`.
//     A blob: worker inherits this policy, so what it imports is still held to script-src and what
//     it fetches to connect-src; no origin is named for workers, not even the page's own;
//   - no frames or plugins; forms submit to the page's own origin only.
// The checkout leaves for Stripe (the embedded sandbox, or checkout.stripe.com and
// connect.stripe.com) by a top-level navigation (`location.assign`), which no directive governs:
// no Stripe origin is needed in the policy, and none is allowed to load anything into our pages.
// Nobody may frame a page (frame-ancestors 'none'; X-Frame-Options: DENY for browsers without
// CSP 2), so refund, payout and account screens cannot be clickjacked.

/** An http(s) URL's origin, or null for anything else (a hand-edited remotes.json entry). */
function originOf(url) {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}

const unique = (list) => [...new Set(list.filter(Boolean))];

/**
 * The Content-Security-Policy of every page.
 * @param {object} runtime
 * @param {string} runtime.supabaseUrl                the backend (env.json's supabaseUrl)
 * @param {Record<string, string> | null} [runtime.remotes]  remotes.json: remote name → manifest URL
 * @returns {string}
 */
export function contentSecurityPolicy({ supabaseUrl, remotes }) {
  const backend = originOf(supabaseUrl);
  if (!backend) throw new Error(`supabaseUrl must be an http(s) URL, not ${supabaseUrl}`);
  const apps = unique(Object.values(remotes ?? {}).map(originOf));
  const self = "'self'";
  const policy = {
    'default-src': [self],
    'script-src': [self, ...apps],
    'style-src': [self, ...apps],
    'img-src': unique([self, ...apps, backend, 'data:']),
    'font-src': [self, ...apps],
    // the backend's websocket too (Realtime at /realtime/v1/websocket): an http(s) source does not cover ws(s) everywhere
    'connect-src': unique([self, ...apps, backend, backend.replace(/^http/, 'ws')]),
    'frame-src': ["'none'"],
    'worker-src': ['blob:'],
    'object-src': ["'none'"],
    'manifest-src': [self],
    'base-uri': [self],
    'form-action': [self],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(policy)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The security headers of every page (and every other file: harmless there), by header name.
 * @param {Parameters<typeof contentSecurityPolicy>[0]} runtime
 * @returns {Record<string, string>}
 */
export function securityHeaders(runtime) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(runtime),
    'X-Frame-Options': 'DENY',
  };
}
