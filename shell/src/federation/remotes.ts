import * as z from 'zod/mini';

/**
 * remotes.json maps each remote's container name to its mf-manifest.json URL. It is
 * written per environment by scripts/serve-apps.mjs, so a remote can move or be
 * redeployed without rebuilding the shell.
 */
export const REMOTES_PATH = '/remotes.json';
const remoteMapSchema = z.record(z.string().check(z.regex(/^[a-z][a-z0-9_]*$/, 'remote names are like mf_auth')), z.url('must be the absolute URL of an mf-manifest.json'));
export type RemoteMap = z.infer<typeof remoteMapSchema>;

let known: RemoteMap = {};

export function parseRemoteMap(value: unknown): RemoteMap {
  const parsed = remoteMapSchema.safeParse(value);
  if (!parsed.success) throw new Error(`remotes.json is not valid: ${parsed.error.issues.map((i: z.core.$ZodIssue) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

type Runtime = typeof import('./runtime.ts');
let started: Promise<Runtime> | undefined;

/**
 * The federation runtime, started on first need (a remote route, or the idle time
 * after first paint): the home page paints without it. Fetches remotes.json once
 * per page and registers every remote.
 */
export function federation(url = REMOTES_PATH): Promise<Runtime> {
  started ??= (async () => {
    const [runtime] = await Promise.all([import('./runtime.ts'), fetchRemoteMap(url)]);
    runtime.startFederation(known);
    return runtime;
  })();
  started.catch(() => {
    started = undefined; // the runtime chunk failed to load: the next route tries again
  });
  return started;
}

async function fetchRemoteMap(url: string): Promise<void> {
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    known = parseRemoteMap(await response.json());
  } catch (error) {
    // Without remotes.json only the shell's own pages work; remote routes show their fallback.
    console.error('Stitchhouse could not load the remote list', error);
    known = {};
  }
}

/** Fetches remotes.json and registers every remote with the federation runtime. */
export async function registerRemotesFromJson(url = REMOTES_PATH): Promise<RemoteMap> {
  await federation(url);
  return known;
}

export function isRemoteKnown(name: string): boolean {
  return name in known;
}

/**
 * Registers one remote again, dropping what the runtime cached about it (a failed
 * manifest fetch, a half-loaded container) so the next loadRemote really retries.
 * Only for a remote that never loaded: its shared modules are not re-negotiated.
 */
let refreshes = 0;
export async function refreshRemote(name: string): Promise<void> {
  const entry = known[name];
  if (!entry) return;
  // A fresh manifest URL: the runtime keeps per-URL snapshots of a failed load.
  const url = new URL(entry);
  url.searchParams.set('retry', String(++refreshes));
  (await federation()).reregisterRemote(name, url.href);
}
