// zod/mini: the same validation in a few KB, because this runs before the first paint.
import * as z from 'zod/mini';

/**
 * Runtime configuration, written per environment as `/env.json` beside the app
 * (never baked into a build), so one build runs against any backend.
 */
export const runtimeConfigSchema = z.object({
  supabaseUrl: z.url('must be an absolute http(s) URL'),
  supabaseAnonKey: z.string('must be a string').check(z.minLength(1, 'must not be empty')),
  deploymentId: z.string('must be a string').check(z.minLength(1, 'must not be empty')),
  /** How often navigation may re-check the live deployment (skew protection). */
  deploymentCheckMs: z._default(z.int('must be a whole number of milliseconds').check(z.nonnegative('must not be negative')), 30_000),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const RUNTIME_CONFIG_PATH = '/env.json';

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

/** Parses an env.json body; the message names every bad field. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const parsed = runtimeConfigSchema.safeParse(value);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i: z.core.$ZodIssue) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new RuntimeConfigError(`env.json is not valid: ${fields}`);
  }
  return parsed.data;
}

/** Fetches and validates env.json, bypassing every cache (it changes per deploy). */
export async function fetchRuntimeConfig(url = RUNTIME_CONFIG_PATH, fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl(url, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) throw new RuntimeConfigError(`${url} answered ${response.status}`);
  return parseRuntimeConfig(await response.json());
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
    const attempt = fetchRuntimeConfig(url).then((config) => (s.current = config));
    attempt.catch(() => {
      if (s.loaded === attempt) s.loaded = null; // a failed load may be retried
    });
    s.loaded = attempt;
  }
  return s.loaded;
}

/** Sets the config directly (tests, or a host that already has it). */
export function setRuntimeConfig(config: z.input<typeof runtimeConfigSchema>): RuntimeConfig {
  const s = slot();
  s.current = parseRuntimeConfig(config);
  s.loaded = Promise.resolve(s.current);
  return s.current;
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
