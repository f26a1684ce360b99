import { loadRuntimeConfig } from '@stitchhouse/shared/config.ts';
import type { ComponentType } from 'react';
import { catalogLocale, defineCatalog, loadCatalog, loadCatalogs, type CatalogModule } from '@stitchhouse/shared/i18n/index.ts';
import { federation, isRemoteKnown, refreshRemote } from './remotes.ts';

/** Thrown when a remote's code could not be fetched (not when it fails while rendering). */
export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
  constructor(
    readonly remote: string,
    readonly moduleId: string,
    options?: { cause?: unknown },
  ) {
    super(`${moduleId} could not be loaded`, options);
  }
}

export interface LoadPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** First back-off; doubles each retry. */
  baseDelayMs: number;
  /** Minimum time between two rescue reloads of the page for the same remote. */
  reloadGuardMs: number;
}

export const DEFAULT_POLICY: LoadPolicy = { retries: 3, baseDelayMs: 250, reloadGuardMs: 10 * 60_000 };

const RELOAD_KEY = (remote: string) => `stitchhouse:remote-reload:${remote}`;

type Screen = { default: ComponentType };
type Runtime = NonNullable<Awaited<ReturnType<typeof federation>>>;

/**
 * A remote's catalog, one exposed module per language (`<remote>/messages/<locale>`, its compiled
 * src/locales/<locale>.json; shared/build/app-config.mjs): fetched in the page's language only, beside
 * the screen, so no language costs a round trip after the screen's code and none carries English too.
 */
function remoteCatalog(runtime: Runtime, remote: string) {
  return defineCatalog(remote, null, async (locale) => {
    const module = await runtime.loadRemote<CatalogModule | { default: CatalogModule }>(`${remote}/messages/${locale}`);
    const messages = module && 'default' in module ? module.default : module;
    if (!messages?.messages) throw new Error(`${remote} exposes no ${locale} messages`);
    return messages;
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readStorage(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null; // storage disabled: never reload (cannot guard against a loop)
  }
}

/**
 * Decides whether this failure may trigger the one rescue reload. A reload picks up
 * a new shell and a fresh remotes.json (e.g. after a redeploy moved the remote);
 * the sessionStorage mark makes sure it happens once, never in a loop.
 */
export function claimRescueReload(remote: string, now = Date.now(), guardMs = DEFAULT_POLICY.reloadGuardMs): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY(remote)) ?? 0);
    if (last && now - last < guardMs) return false;
    sessionStorage.setItem(RELOAD_KEY(remote), String(now));
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads an exposed screen (`mf_auth/SignIn`): up to `retries` retries with back-off,
 * then one full page load, then a RemoteLoadError for the error boundary.
 */
export async function loadScreen(moduleId: string, policy: LoadPolicy = DEFAULT_POLICY): Promise<Screen> {
  const remote = moduleId.split('/')[0]!;
  let lastError: unknown = new Error(`${remote} is not listed in remotes.json`);
  const [runtime] = await Promise.all([
    federation().catch((error: unknown) => {
      lastError = error; // the runtime chunk itself could not be loaded: same fallback
      return null;
    }),
    // Remote screens read the runtime config synchronously (getRuntimeConfig); a failed
    // env.json is reported by the screens' own data errors, not by the loader.
    loadRuntimeConfig().catch(() => undefined),
  ]);
  if (runtime && isRemoteKnown(remote)) {
    for (let attempt = 0; attempt <= policy.retries; attempt++) {
      if (attempt > 0) {
        await sleep(policy.baseDelayMs * 2 ** (attempt - 1));
        await refreshRemote(remote);
      }
      try {
        // the remote's catalog comes with its first screen, in the page's language
        const [module] = await Promise.all([runtime.loadRemote<Screen>(moduleId), loadCatalog(remoteCatalog(runtime, remote), catalogLocale())]);
        if (!module || typeof module.default !== 'function') throw new Error(`${moduleId} has no default export component`);
        // and the catalogs the screen's code registered as it ran (an area's, a shared part's), in it too
        await loadCatalogs(catalogLocale());
        if (readStorage(RELOAD_KEY(remote))) sessionStorage.removeItem(RELOAD_KEY(remote));
        return module;
      } catch (error) {
        lastError = error;
      }
    }
    if (claimRescueReload(remote, Date.now(), policy.reloadGuardMs)) {
      window.location.reload();
      await new Promise<never>(() => {}); // keep the skeleton up while the page reloads
    }
  }
  throw new RemoteLoadError(remote, moduleId, { cause: lastError });
}
