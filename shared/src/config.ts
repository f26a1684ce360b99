/**
 * Runtime configuration, written per environment as `/env.json` beside the app
 * (never baked into a build), so one build runs against any backend. Validated by
 * the zod schema in configSchema.ts, loaded with it.
 */
export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  deploymentId: string;
  /** How often navigation may re-check the live deployment (skew protection). */
  deploymentCheckMs: number;
  /** Whether Storage serves image transformations (/render/image); hosted Supabase only on paid plans. Default true. */
  imageTransforms?: boolean;
}

export const RUNTIME_CONFIG_PATH = '/env.json';

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

/**
 * A per-environment file the server sent inside the page (`<script type="application/json"
 * id="…">`, scripts/route-hints.mjs), saving the page a request on a phone; null when the
 * page came from a plain static host without it (then the file is fetched).
 */
export function inlinePageData(id: string): unknown {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Fetches and validates env.json, bypassing every cache (it changes per deploy; skew checks read it anew). */
export async function fetchRuntimeConfig(url = RUNTIME_CONFIG_PATH, fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl(url, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) throw new RuntimeConfigError(`${url} answered ${response.status}`);
  const [{ parseRuntimeConfig }, body] = await Promise.all([import('./configSchema.ts'), response.json()]);
  return parseRuntimeConfig(body);
}

// One config per page. Kept on globalThis so that even a module imported through a
// subpath (a second copy under Module Federation) sees the same config.
const KEY = Symbol.for('stitchhouse.runtimeConfig');
type Holder = { [KEY]?: { loaded: Promise<RuntimeConfig> | null; current: RuntimeConfig | null } };
function slot() {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= { loaded: null, current: null });
}

/** Loads the config once per page (the config the page was loaded with). */
export function loadRuntimeConfig(url = RUNTIME_CONFIG_PATH): Promise<RuntimeConfig> {
  const s = slot();
  if (!s.loaded) {
    // The config the page was loaded with: as the server sent it inside the page, else fetched.
    // The inline copy is written by the page's own server from the options it checked at start
    // (scripts/serve-apps.mjs), so it is taken as is: parsing it here would make every page
    // download zod (15.7 KB gzip) before its first query. A fetched env.json is always parsed.
    const inline = url === RUNTIME_CONFIG_PATH ? inlinePageData('stitchhouse-env') : null;
    const config = inline ? Promise.resolve(inline as RuntimeConfig) : fetchRuntimeConfig(url);
    const attempt = config.then((loaded) => (s.current = loaded));
    attempt.catch(() => {
      if (s.loaded === attempt) s.loaded = null; // a failed load may be retried
    });
    s.loaded = attempt;
  }
  return s.loaded;
}

/** Makes a validated config the page's config (configSchema.ts setRuntimeConfig validates first). */
export function installRuntimeConfig(config: RuntimeConfig): RuntimeConfig {
  const s = slot();
  s.current = config;
  s.loaded = Promise.resolve(config);
  return config;
}

/** The config the page was loaded with; throws before loadRuntimeConfig() resolved. */
export function getRuntimeConfig(): RuntimeConfig {
  const { current } = slot();
  if (!current) throw new RuntimeConfigError('The runtime config is not loaded yet: await loadRuntimeConfig() first');
  return current;
}

/** Test helper: forget the config. */
export function resetRuntimeConfig(): void {
  const s = slot();
  s.loaded = null;
  s.current = null;
}
