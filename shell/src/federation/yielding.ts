import { nextTask } from '@stitchhouse/shared/afterPaint.ts';

/**
 * A runtime plugin, registered for every federation instance (the shell's and each remote's):
 * after a remote's entry has loaded, the runtime resolves the screen and loads each module it
 * shares in one chain of promises, which ran as one long task (a phone's Total Blocking Time,
 * issue 13). Each share's load and each resolved remote continue in a task of their own, so the
 * browser may paint and answer input in between. The steps and their order are unchanged.
 */
export const yieldBetweenLoads = {
  name: 'stitchhouse-yield-between-loads',
  async beforeLoadShare<T>(args: T): Promise<T> {
    await nextTask();
    return args;
  },
  async afterResolve<T>(args: T): Promise<T> {
    await nextTask();
    return args;
  },
};
