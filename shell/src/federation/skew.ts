import { checkLiveDeployment, getRuntimeConfig, isDeploymentStale } from '@stitchhouse/shared';
import { checkRemoteList, remoteListChanged } from './remotes.ts';

/**
 * Skew protection, run as the root route's loader on every navigation: when a newer
 * deployment has been seen since this page loaded, the navigation becomes a full
 * page load of its target (new shell, new remotes.json); so it does when remotes.json
 * changed since this page registered its remotes (one remote released or rolled back).
 * Otherwise it starts throttled checks of /env.json and /remotes.json in the background
 * and lets the navigation go on.
 */
let initialised = false;

export function skewGuard(url: string): Promise<never> | null {
  if (!initialised) {
    initialised = true; // the first run is the page load itself
    return null;
  }
  try {
    if (isDeploymentStale() || remoteListChanged()) {
      window.location.assign(url);
      return new Promise<never>(() => {}); // hold the old page until the browser leaves it
    }
    void checkLiveDeployment();
    void checkRemoteList(getRuntimeConfig().deploymentCheckMs);
  } catch {
    // No runtime config (env.json failed): nothing to compare against.
  }
  return null;
}
