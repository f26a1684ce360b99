// A whole backend per test file, in a temporary data folder on free ports.
// Logs stay quiet unless BACKEND_LOG=1 (errors always show).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../src/context.ts';
import { startStack, type Stack, type StackOptions } from '../src/stack.ts';

export type TestStack = Stack & { dataDir: string };

export const testLogger: Logger = {
  info: (service, message) => {
    if (process.env.BACKEND_LOG === '1') console.log(`[${service}] ${message}`);
  },
  error: (service, message, err) => console.error(`[${service}] ${message}`, err ?? ''),
};

export async function startTestStack(options: StackOptions & { seed?: boolean; keepData?: boolean } = {}): Promise<TestStack> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-backend-'));
  const stack = await startStack({
    log: testLogger,
    ...options,
    seed: options.seed ?? false,
    dataDir,
    port: options.port ?? 0,
    // 127.0.0.1, not localhost: the gateway binds IPv4 only.
    apiExternalUrl: options.apiExternalUrl ?? 'http://127.0.0.1:{port}',
  }).catch((err) => {
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  const stop = stack.stop;
  return {
    ...stack,
    dataDir,
    async stop() {
      await stop();
      if (!options.keepData && !options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
