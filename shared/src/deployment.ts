import { fetchRuntimeConfig, getRuntimeConfig, RUNTIME_CONFIG_PATH } from './config.ts';

/**
 * Skew protection. The page remembers the deployment it was loaded with; every
 * page-data request carries it in this header, and navigation re-reads env.json
 * (throttled) to learn the live one. Once they differ, the next navigation is a
 * full page load, so old code never talks to a new backend or new remotes for long.
 */
export const DEPLOYMENT_HEADER = 'x-deployment-id';

interface SkewState {
  lastCheck: number;
  live: string | null;
  inFlight: Promise<void> | null;
}

// On globalThis: one skew state per page whichever copy of this module runs.
const KEY = Symbol.for('stitchhouse.deployment');
const state: SkewState = ((globalThis as { [KEY]?: SkewState })[KEY] ??= { lastCheck: 0, live: null, inFlight: null });

/** The deployment this page was loaded with. */
export function loadedDeploymentId(): string {
  return getRuntimeConfig().deploymentId;
}

/** The newest deployment seen, when it differs from the loaded one. */
export function isDeploymentStale(): boolean {
  return state.live !== null && state.live !== loadedDeploymentId();
}

/** Records a deployment id seen elsewhere (e.g. a response header). */
export function noteLiveDeployment(id: string | null | undefined): void {
  if (id) state.live = id;
}

/**
 * Re-reads env.json unless it was read within `deploymentCheckMs`. Never throws:
 * a failed check leaves the page as it is (the network may just be flaky).
 */
export function checkLiveDeployment(now = Date.now(), fetchImpl: typeof fetch = fetch): Promise<void> {
  const { deploymentCheckMs } = getRuntimeConfig();
  if (state.inFlight) return state.inFlight;
  if (now - state.lastCheck < deploymentCheckMs) return Promise.resolve();
  state.lastCheck = now;
  state.inFlight = fetchRuntimeConfig(RUNTIME_CONFIG_PATH, fetchImpl)
    .then((live) => noteLiveDeployment(live.deploymentId))
    .catch(() => undefined)
    .finally(() => {
      state.inFlight = null;
    });
  return state.inFlight;
}

/** Test helper: forget what was learnt. */
export function resetDeploymentState(): void {
  state.lastCheck = 0;
  state.live = null;
  state.inFlight = null;
}
