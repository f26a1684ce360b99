// Anonymous catalog reads through the gateway, as a CDN in front of the site would treat them:
// GET/HEAD of the public catalog (patterns, stores, the search RPCs) with no user token get an
// ETag (a hash of the body), answer 304 to a matching If-None-Match, and carry
// `Cache-Control: public, max-age=<fresh>, stale-while-revalidate=<stale>`. The gateway keeps
// those answers itself in a small shared cache keyed by the URL and the headers PostgREST
// answers by (Accept, Accept-Profile, Prefer, Range): fresh for `maxAgeS`, then served stale
// at most `staleS` more while one request refreshes it. Anything with a user token (or the
// service key), any other path and any write is never cached and is marked
// `private, no-store`. A write through the gateway (any REST request that is not a read) empties
// the cache once PostgREST has answered it, so the next anonymous read is fresh; a write that
// bypasses the gateway (SQL from the seed) is seen within maxAgeS (+ one stale answer).
import { createHash } from 'node:crypto';
import type http from 'node:http';

export interface PublicCacheOptions {
  /** Seconds an answer is fresh (default 10). */
  maxAgeS?: number;
  /** Seconds after that it may still be served while it is refreshed (default 30). */
  staleS?: number;
  /** Answers kept at most (default 500); the least recently used go first. */
  entries?: number;
  /** Bodies larger than this are passed through, not kept (default 512 KiB). */
  maxBodyBytes?: number;
}

/** Public catalog reads: the same answer for every visitor (RLS shows anon the published catalog). */
const PUBLIC_PATHS = new Set([
  '/patterns',
  '/stores',
  '/rpc/search_patterns',
  '/rpc/search_facet_counts',
  '/rpc/suggest_patterns',
  '/rpc/pattern_reviews',
  '/rpc/store_follower_count',
  '/rpc/store_slug_status',
  '/rpc/partner_directory',
]);
const VARY = ['accept', 'accept-profile', 'prefer', 'range'];
// what PostgREST answers that a kept copy replays (hop-by-hop and per-request headers left out)
const KEPT_HEADERS = ['content-type', 'content-range', 'content-location', 'content-profile', 'preference-applied', 'range-unit', 'x-total-count'];

export interface Kept {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  storedAt: number;
}

export class PublicCache {
  readonly maxAgeS: number;
  readonly staleS: number;
  private readonly entries: number;
  readonly maxBodyBytes: number;
  private readonly kept = new Map<string, Kept>();
  /** Refreshes under way, one per key: concurrent misses wait for the same upstream answer. */
  private readonly inFlight = new Map<string, Promise<Kept | null>>();
  /** Bumped by every write: an answer fetched before a write is not kept after it. */
  private generation = 0;

  constructor(options: PublicCacheOptions = {}) {
    this.maxAgeS = options.maxAgeS ?? 10;
    this.staleS = options.staleS ?? 30;
    this.entries = options.entries ?? 500;
    this.maxBodyBytes = options.maxBodyBytes ?? 512 * 1024;
  }

  get cacheControl(): string {
    return `public, max-age=${this.maxAgeS}, stale-while-revalidate=${this.staleS}`;
  }

  /**
   * The cache key of an anonymous public catalog read, or null when the request must not be
   * cached or shared (a user token, the service key, another path, a write).
   */
  keyFor(req: http.IncomingMessage, restPath: string, search: string, anonKey: string): string | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    if (!PUBLIC_PATHS.has(restPath)) return null;
    const apikey = req.headers.apikey;
    const authorization = req.headers.authorization;
    if (apikey !== undefined && apikey !== anonKey) return null;
    if (authorization !== undefined && authorization !== `Bearer ${anonKey}`) return null;
    if (req.headers.cookie) return null;
    // the apikey in the URL is dropped before PostgREST sees it, so it is not part of the key either
    const params = new URLSearchParams(search);
    params.delete('apikey');
    if (params.has('apikey')) return null;
    return JSON.stringify([restPath, params.toString(), ...VARY.map((h) => String(req.headers[h] ?? ''))]);
  }

  /** Whether a REST request only reads (it leaves the cache as it is). */
  static isRead(method: string | undefined, restPath: string): boolean {
    return method === 'GET' || method === 'HEAD' || (method === 'POST' && PUBLIC_PATHS.has(restPath) && restPath.startsWith('/rpc/'));
  }

  /** A write went through: forget every kept answer, and any refresh started before it. */
  invalidate(): void {
    this.generation += 1;
    this.kept.clear();
    this.inFlight.clear();
  }

  /** A kept answer and whether it is still fresh, stale but servable, or neither. */
  lookup(key: string, now = Date.now()): { entry: Kept; state: 'fresh' | 'stale' } | null {
    const entry = this.kept.get(key);
    if (!entry) return null;
    const age = (now - entry.storedAt) / 1000;
    if (age < this.maxAgeS) {
      this.kept.delete(key);
      this.kept.set(key, entry);
      return { entry, state: 'fresh' };
    }
    if (age < this.maxAgeS + this.staleS) return { entry, state: 'stale' };
    this.kept.delete(key);
    return null;
  }

  /** One upstream fetch per key at a time; a 200 answer within the size bound is kept. */
  refresh(key: string, fetchUpstream: () => Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>): Promise<Kept | null> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const generation = this.generation;
    const work = fetchUpstream()
      .then(({ status, headers, body }) => {
        const kept: Kept = { status, headers: pickHeaders(headers), body, etag: etagOf(body), storedAt: Date.now() };
        if (generation !== this.generation) return kept; // a write came in meanwhile: answer it, keep nothing
        if (status === 200 && body.byteLength <= this.maxBodyBytes) this.store(key, kept);
        else this.kept.delete(key);
        return kept;
      })
      .finally(() => {
        if (this.inFlight.get(key) === work) this.inFlight.delete(key);
      });
    this.inFlight.set(key, work);
    return work;
  }

  private store(key: string, entry: Kept): void {
    this.kept.delete(key);
    this.kept.set(key, entry);
    while (this.kept.size > this.entries) this.kept.delete(this.kept.keys().next().value!);
  }

  /** The age in seconds a kept answer is served with (RFC 9111 Age). */
  static ageOf(entry: Kept, now = Date.now()): number {
    return Math.max(0, Math.floor((now - entry.storedAt) / 1000));
  }
}

/** A strong validator for the exact bytes (PostgREST's JSON is deterministic for the same rows). */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether If-None-Match names this ETag (a list, weak forms and * included: RFC 9110 weak comparison). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function pickHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = headers[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
