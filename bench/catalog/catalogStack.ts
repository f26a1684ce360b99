// A throwaway backend with N generated patterns, for the catalog benches. Generating 100k
// patterns on PGlite takes minutes, so a --data-dir may be kept between runs: its
// bench-catalog.json marker says how many patterns it already holds (new migrations, e.g.
// an index, still apply on the next start: that is how before/after is measured).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack, type Stack } from '../../backend/src/stack.ts';
import { generateCatalog } from '../backend/generate.ts';

export interface CatalogStack {
  stack: Stack;
  patterns: number;
  /** Milliseconds spent generating (0 when the data folder already had them). */
  generateMs: number;
  stop(): Promise<void>;
}

const quiet = { info: () => undefined, error: (s: string, m: string, e?: unknown) => console.error(`[${s}] ${m}`, e ?? '') };

export async function startCatalogStack(options: { patterns: number; dataDir?: string; log: (msg: string) => void }): Promise<CatalogStack> {
  const keep = options.dataDir !== undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-bench-catalog-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const marker = path.join(dataDir, 'bench-catalog.json');
  const stack = await startStack({ dataDir, port: 0, dbPort: 0, restPort: 0, seed: false, log: quiet, apiExternalUrl: 'http://127.0.0.1:{port}' });
  let generateMs = 0;
  try {
    const had = fs.existsSync(marker) ? (JSON.parse(fs.readFileSync(marker, 'utf8')) as { patterns: number }).patterns : 0;
    if (had !== options.patterns) {
      if (had !== 0) throw new Error(`${dataDir} holds ${had} generated patterns, not ${options.patterns}: use another --data-dir`);
      options.log(`generating ${options.patterns.toLocaleString('en')} patterns…`);
      const t = performance.now();
      await generateCatalog(stack.pool, options.patterns, options.log);
      generateMs = Math.round(performance.now() - t);
      fs.writeFileSync(marker, JSON.stringify({ patterns: options.patterns }));
    } else {
      // planner statistics for indexes a new migration may have added since
      await stack.pool.query('analyze public.patterns');
    }
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return {
    stack,
    patterns: options.patterns,
    generateMs,
    async stop() {
      await stack.stop();
      if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Latency {
  p50: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
  n: number;
}

export function stats(samples: readonly number[]): Latency {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.max(0, Math.min(s.length - 1, Math.ceil(q * s.length) - 1))]!;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    mean: round(s.reduce((a, b) => a + b, 0) / s.length),
    min: round(s[0]!),
    max: round(s.at(-1)!),
    n: s.length,
  };
}

export function median(samples: readonly number[]): number {
  return stats(samples).p50;
}

/** Reads the previous results file so runs under other labels (before/after) are kept. */
export function writeResults(file: string, label: string, summary: Record<string, unknown>, latest: Record<string, unknown>): void {
  let previous: { runs?: Record<string, unknown> } = {};
  if (fs.existsSync(file)) {
    try {
      previous = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof previous;
    } catch {
      previous = {};
    }
  }
  const runs = { ...(previous.runs ?? {}), [label]: { recordedAt: new Date().toISOString(), ...latest } };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    `${JSON.stringify({ ...summary, machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version }, latestLabel: label, runs }, null, 2)}\n`,
  );
}

export const arg = (name: string): string | undefined => process.argv.find((_, i) => process.argv[i - 1] === `--${name}`);
