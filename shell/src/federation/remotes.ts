/**
 * remotes.json maps each remote's container name to its mf-manifest.json URL. It is
 * written per environment by scripts/serve-apps.mjs, so a remote can move or be
 * redeployed without rebuilding the shell.
 */
export const REMOTES_PATH = '/remotes.json';
/** Remote container name → mf-manifest.json URL (validated by remoteMap.ts, loaded with the runtime). */
export type RemoteMap = Record<string, string>;

let known: RemoteMap = {};

type Runtime = typeof import('./runtime.ts');
let started: Promise<Runtime> | undefined;

/**
 * The federation runtime, started on first need (a remote route, or a link to one
 * pointed at, touched or focused: bootstrap.tsx): the home page paints without it. Fetches remotes.json once
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
    const [{ parseRemoteMap }, body] = await Promise.all([import('./remoteMap.ts'), response.json()]);
    known = parseRemoteMap(body);
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
