import * as errorCodes from '@module-federation/error-codes';
import * as runtime from '@module-federation/runtime';
import * as runtimeHelpers from '@module-federation/runtime/helpers';
import * as runtimeCore from '@module-federation/runtime-core';
import * as sdk from '@module-federation/sdk';
import { init, registerGlobalPlugins } from '@module-federation/enhanced/runtime';
import { FEDERATION_GLOBALS } from '@stitchhouse/shared/build/federation-globals.mjs';
import { providedModules } from './provided.ts';
import { yieldBetweenLoads } from './yielding.ts';
import type { RemoteMap } from './remotes.ts';

// The lazily loaded half of shell/src/federation: the Module Federation runtime and
// the singletons the shell provides. Remotes are built with `externalRuntime` and
// take the runtime core from here instead of carrying their own copy; the rest of their
// container glue's federation packages (runtime, sdk, error codes) too, as externals
// (shared/build/federation-globals.mjs), so a remote page downloads each of them once.
const GLOBAL = globalThis as Record<string, unknown>;

// The shell's own instance. The runtime's module-level loadRemote/registerRemotes follow the
// instance created last, and every remote's remoteEntry.js creates one (its own name, no remotes):
// after a remote has started, they would look for remotes in it (RUNTIME-004).
let shell: ReturnType<typeof init> | null = null;

export function startFederation(remotes: RemoteMap): void {
  GLOBAL._FEDERATION_RUNTIME_CORE ??= runtimeCore;
  GLOBAL._FEDERATION_RUNTIME_CORE_FROM ??= { name: 'shell', version: 'shell' };
  const packages: Record<keyof typeof FEDERATION_GLOBALS, unknown> = {
    '@module-federation/runtime': runtime,
    '@module-federation/runtime/helpers': runtimeHelpers,
    '@module-federation/sdk': sdk,
    '@module-federation/error-codes': errorCodes,
  };
  for (const [name, global] of Object.entries(FEDERATION_GLOBALS)) GLOBAL[global] ??= packages[name as keyof typeof FEDERATION_GLOBALS];
  // Global: the remotes' own instances (created by their remoteEntry.js) use it too.
  registerGlobalPlugins([yieldBetweenLoads]);
  shell = init({
    name: 'shell',
    remotes: Object.entries(remotes).map(([name, entry]) => ({ name, entry })),
    shared: providedModules(),
    // The shell's copies are the page's singletons: never fetch a remote's to compare versions.
    shareStrategy: 'loaded-first',
  });
}

function started(): NonNullable<typeof shell> {
  if (!shell) throw new Error('the federation runtime has not started');
  return shell;
}

export function reregisterRemote(name: string, entry: string): void {
  started().registerRemotes([{ name, entry }], { force: true });
}

export function loadRemote<T>(id: string): Promise<T | null> {
  return started().loadRemote<T>(id);
}
