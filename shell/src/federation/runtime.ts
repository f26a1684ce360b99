import * as runtimeCore from '@module-federation/runtime-core';
import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { providedModules } from './provided.ts';
import type { RemoteMap } from './remotes.ts';

// The lazily loaded half of shell/src/federation: the Module Federation runtime and
// the singletons the shell provides. Remotes are built with `externalRuntime` and
// take the runtime core from here instead of carrying their own copy.
const GLOBAL = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown; _FEDERATION_RUNTIME_CORE_FROM?: unknown };

export function startFederation(remotes: RemoteMap): void {
  GLOBAL._FEDERATION_RUNTIME_CORE ??= runtimeCore;
  GLOBAL._FEDERATION_RUNTIME_CORE_FROM ??= { name: 'shell', version: 'shell' };
  init({
    name: 'shell',
    remotes: Object.entries(remotes).map(([name, entry]) => ({ name, entry })),
    shared: providedModules(),
    // The shell's copies are the page's singletons: never fetch a remote's to compare versions.
    shareStrategy: 'loaded-first',
  });
}

export function reregisterRemote(name: string, entry: string): void {
  registerRemotes([{ name, entry }], { force: true });
}

export { loadRemote };
