// Deterministic randomness and ids for the demo data: the same seed gives the same
// marketplace on every machine, and re-running the seed finds the same rows.
import { createHash } from 'node:crypto';
import { createRandom, type Random } from './assets/random.ts';

export interface Prng extends Random {
  /** `count` distinct items, in the order they were drawn. */
  sample<T>(items: readonly T[], count: number): T[];
  chance(probability: number): boolean;
}

/** mulberry32 (assets/random.ts, the one generator) seeded from a string's sha256. */
export function prng(seed: string): Prng {
  const random = createRandom(createHash('sha256').update(seed).digest().readUInt32LE(0));
  const { next } = random;
  return {
    ...random,
    sample(items, count) {
      const pool = [...items];
      const out: (typeof items)[number][] = [];
      while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
      return out;
    },
    chance: (p) => next() < p,
  };
}

/** A stable uuid (RFC 4122 layout, version 4 bits) derived from a name. */
export function stableUuid(name: string): string {
  const b = createHash('sha256').update(`stitchhouse-demo:${name}`).digest();
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Demo timestamps hang off a fixed day so the data is identical wherever it is generated. */
export const DEMO_EPOCH = Date.UTC(2026, 9, 1); // 1 October 2026

export function daysBefore(days: number, hours = 0): string {
  return new Date(DEMO_EPOCH - days * 86_400_000 - hours * 3_600_000).toISOString();
}
