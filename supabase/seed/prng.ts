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

/**
 * Demo timestamps hang off one moment, the anchor: the first start of a fresh database (seed()
 * sets it), so the demo marketplace has traded right up to the day it is first opened. Everything
 * else is fixed, so two seeds with the same anchor give the same marketplace.
 */
let anchorMs = Math.floor(Date.now() / 60_000) * 60_000;

/** Sets the anchor (seed() does, once, before generating anything). */
export function setDemoAnchor(at: number): void {
  if (!Number.isFinite(at)) throw new Error(`The demo anchor must be a time; got ${String(at)}`);
  anchorMs = at;
}

/** The anchor, in ms since the epoch. */
export function demoAnchor(): number {
  return anchorMs;
}

/** The time `days` days and `hours` hours before the anchor (negative: after it), as ISO text. */
export function daysBefore(days: number, hours = 0): string {
  return new Date(anchorMs - days * 86_400_000 - hours * 3_600_000).toISOString();
}
