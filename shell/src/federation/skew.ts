import { checkLiveDeployment, getRuntimeConfig, isDeploymentStale } from '@stitchhouse/shared';
import { checkRemoteList, remoteListChanged } from './remotes.ts';

/**
 * Skew protection, asked before every navigation inside the page (the router's history asks it,
 * router.tsx): when a newer deployment has been seen since this page loaded, the navigation
 * becomes a full page load of its target (new shell, new remotes.json); so it does when
 * remotes.json changed since this page registered its remotes (one remote released or rolled
 * back). Otherwise it starts throttled checks of /env.json and /remotes.json in the background
 * and the navigation goes on. True when the browser is leaving for `url`.
 */
export function leavesForNewRelease(url: string): boolean {
  try {
    if (isDeploymentStale() || remoteListChanged()) {
      window.location.assign(url);
      return true;
    }
    void checkLiveDeployment();
    void checkRemoteList(getRuntimeConfig().deploymentCheckMs);
  } catch {
    // No runtime config (env.json failed): nothing to compare against.
  }
  return false;
}
