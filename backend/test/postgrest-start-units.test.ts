import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../src/context.ts';
import { startPostgrest } from '../src/postgrest/index.ts';

// A port probed free can be taken before PostgREST binds it (another test file's stack
// starting at the same moment): start-up is retried with fresh ports, a set port is kept.
describe('PostgREST start-up', () => {
  const taken = net.createServer();
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    port = (taken.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it('tries three times, then says PostgREST exited during start-up', async () => {
    const lines: string[] = [];
    const log: Logger = { info: (_, line) => void lines.push(line), error: (_, line) => void lines.push(line) };
    await expect(startPostgrest({ dbUri: 'postgres://nobody@127.0.0.1:1/none', jwtSecret: 'x'.repeat(32), port, log }))
      .rejects.toThrow(/exited with 1 during start-up/);
    expect(lines.filter((line) => /starting again with fresh ports/.test(line))).toHaveLength(2);
  }, 60_000);
});
