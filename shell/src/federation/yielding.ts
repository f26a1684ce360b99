import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { nextTask } from '@stitchhouse/shared/afterPaint.ts';

/**
 * A runtime plugin, registered for every federation instance (the shell's and each remote's):
 * from a remote's entry loading to its screen's module, the runtime runs one chain of promises
 * (init the container, get the exposed module, load each module it shares), which would run as one
 * long task (a phone's Total Blocking Time). The chain continues in a task of its own
 * after each resolved remote, before the container's init, before the exposed module is got and
 * before each shared module's load, so the browser may paint and answer input in between. The
 * steps and their order are the runtime's own.
 */
const inNextTask = async <T>(args: T): Promise<T> => {
  await nextTask();
  return args;
};

export const yieldBetweenLoads = {
  name: 'stitchhouse-yield-between-loads',
  afterResolve: inNextTask,
  beforeInitRemote: inNextTask,
  beforeGetExpose: inNextTask,
  beforeLoadShare: inNextTask,
} satisfies ModuleFederationRuntimePlugin; // a misspelt hook name would be a type error, not a silent no-op
