import { describe, expect, it } from 'vitest';
import { yieldBetweenLoads } from './yielding.ts';

describe('yieldBetweenLoads', () => {
  for (const hook of ['afterResolve', 'beforeInitRemote', 'beforeGetExpose', 'beforeLoadShare'] as const) {
    it(`${hook} hands the runtime its arguments back, in a later task`, async () => {
      const order: string[] = [];
      setTimeout(() => order.push('task queued before'), 0);
      const args = { pkgName: 'react', shareInfo: { version: '19.3.1' } };
      const pending = yieldBetweenLoads[hook](args).then((value) => {
        order.push('hook');
        return value;
      });
      await Promise.resolve();
      expect(order).toEqual([]); // not settled in the same task's microtasks
      expect(await pending).toBe(args);
      expect(order).toEqual(['task queued before', 'hook']);
    });
  }
});
