import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../src/context.ts';
import { startPostgrest, withParentDeathSignal } from '../src/postgrest/index.ts';

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
    await expect(startPostgrest({ dbUri: 'postgres://nobody@127.0.0.1:1/none', jwtSecret: 'x'.repeat(32), port, log })).rejects.toThrow(
      /exited with 1 during start-up/,
    );
    expect(lines.filter((line) => /starting again with fresh ports/.test(line))).toHaveLength(2);
  }, 60_000);
});

// A backend process that dies without stopping PostgREST (a test worker killed, SIGKILL) must not
// leave it running: on Linux the kernel ends it (setpriv --pdeathsig), as here for a stand-in program.
describe.runIf(process.platform === 'linux')('a process started like PostgREST', () => {
  // Running, and not a zombie waiting for init to reap it.
  const alive = (pid: number) => {
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };

  it('ends when the process that started it is killed', async () => {
    const [command, args] = withParentDeathSignal('/bin/sleep');
    expect(command).toBe('/usr/bin/setpriv');
    // The parent: a Node process that starts `sleep 60` the way the backend starts PostgREST, says its pid and waits.
    const script = `const { spawn } = require('node:child_process');
      const child = spawn(${JSON.stringify(command)}, ${JSON.stringify([...args, '60'])}, { stdio: 'ignore' });
      console.log(child.pid); setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['-e', script], { cwd: path.dirname(import.meta.dirname), stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = await new Promise<number>((resolve) => parent.stdout!.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim()))));
    expect(pid).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alive(pid)).toBe(true);
    parent.kill('SIGKILL');
    await expect.poll(() => alive(pid), { timeout: 5000 }).toBe(false);
  });
});
