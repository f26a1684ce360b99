import { checkLiveDeployment, isDeploymentStale } from '@stitchhouse/shared';

/**
 * Skew protection, run as the root route's loader on every navigation: when a newer
 * deployment has been seen since this page loaded, the navigation becomes a full
 * page load of its target (new shell, new remotes.json). Otherwise it starts a
 * throttled check of /env.json in the background and lets the navigation go on.
 */
let initialised = false;

export function skewGuard(url: string): Promise<never> | null {
  if (!initialised) {
    initialised = true; // the first run is the page load itself
    return null;
  }
  try {
    if (isDeploymentStale()) {
      window.location.assign(url);
      return new Promise<never>(() => {}); // hold the old page until the browser leaves it
    }
    void checkLiveDeployment();
  } catch {
    // No runtime config (env.json failed): nothing to compare against.
  }
  return null;
}
