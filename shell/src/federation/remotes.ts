import { nextTask } from '@stitchhouse/shared/afterPaint.ts';
import { inlinePageData } from '@stitchhouse/shared/config.ts';

/**
 * remotes.json maps each remote's container name to its mf-manifest.json URL. It is
 * written per environment by scripts/serve-apps.mjs, so a remote can move or be
 * redeployed without rebuilding the shell.
 */
export const REMOTES_PATH = '/remotes.json';
/** Remote container name → mf-manifest.json URL (a fetched file is validated by remoteMap.ts). */
export type RemoteMap = Record<string, string>;

let known: RemoteMap = {};
/** remotes.json as this page registered it (sorted), to notice a release or rollback of a remote. */
let registered: string | null = null;
let remoteListMoved = false;
let lastListCheck = 0;

// Plain code-unit order: container names are ASCII, and a page's first localeCompare loads ICU's collation data (~25 ms).
const signature = (map: RemoteMap) => JSON.stringify(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

type Runtime = typeof import('./runtime.ts');
let started: Promise<Runtime> | undefined;

/**
 * The federation runtime, started on first need (a remote route, or a link to one
 * pointed at, touched or focused: bootstrap.tsx): the home page paints without it. Fetches remotes.json once
 * per page and registers every remote.
 */
export function federation(url = REMOTES_PATH): Promise<Runtime> {
  started ??= (async () => {
    // Compiling the runtime's chunk, evaluating its modules and registering the ~95 modules the
    // shell provides would be one long task (a phone's Total Blocking Time): each gets a
    // task of its own (runtimeChunk.ts is in the same file as the runtime, and evaluates nothing).
    await Promise.all([import('./runtimeChunk.ts'), fetchRemoteMap(url)]);
    await nextTask();
    const runtime = await import('./runtime.ts');
    await nextTask();
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
    // The server usually sends remotes.json inside the page, and only a map it checked
    // (scripts/route-hints.mjs): taken as is, so a remote screen does not wait for zod. A fetched
    // remotes.json is parsed (remoteMap.ts), with a message naming what is wrong.
    const inline = url === REMOTES_PATH ? inlinePageData('stitchhouse-remotes') : null;
    if (inline) {
      known = inline as RemoteMap;
    } else {
      const response = await fetch(url, { cache: 'no-store' });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const [{ parseRemoteMap }, body] = await Promise.all([import('./remoteMap.ts'), response.json()]);
      known = parseRemoteMap(body);
    }
    registered = signature(known);
  } catch (error) {
    // Without remotes.json only the shell's own pages work; remote routes show their fallback.
    console.error('Stitchhouse could not load the remote list', error);
    known = {};
  }
}

/**
 * Skew protection for remote releases on any static host: a release or a rollback of one
 * remote is one edit of remotes.json, with env.json untouched. Re-reads remotes.json (at most
 * every `intervalMs`, only once this page registered its remotes); when it differs from what
 * the page registered, remoteListChanged() turns true and the next navigation is a full load.
 */
export function checkRemoteList(intervalMs: number, now = Date.now(), url = REMOTES_PATH): Promise<void> {
  if (registered === null || remoteListMoved || now - lastListCheck < intervalMs) return Promise.resolve();
  lastListCheck = now;
  return fetch(url, { cache: 'no-store' })
    .then(async (response) => {
      if (!response.ok) return; // a failed check leaves the page as it is
      const { parseRemoteMap } = await import('./remoteMap.ts');
      if (signature(parseRemoteMap(await response.json())) !== registered) remoteListMoved = true;
    })
    .catch(() => undefined);
}

/** Whether remotes.json changed since this page registered its remotes. */
export function remoteListChanged(): boolean {
  return remoteListMoved;
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
