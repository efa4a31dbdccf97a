import type { CacheRegistry } from '../../caches/cache-registry.ts';
import { staleness } from '../../caches/staleness.ts';

/** How long a built feed is served again: its staleness (caches/staleness.ts, docs/decisions/0041). */
export const FEED_CACHE_MS = staleness.calendarFeeds.maxStaleMs;
/** Memory held by the built feeds of one instance: a full feed is about 100 KB, so some forty of them. */
export const FEED_CACHE_BYTES = 4 * 1024 * 1024;
/**
 * Feeds built at once by one instance; later builds wait their turn. Each build reads one query at a
 * time, so a burst of different feeds holds at most this many of the pool's connections and never
 * starves the requests of crew using the app.
 */
export const FEED_BUILDS_AT_ONCE = 2;

export interface FeedCacheOptions {
  maxAgeMs?: number;
  maxBytes?: number;
  buildsAtOnce?: number;
  /** Monotonic milliseconds, for ages. */
  elapsedMs?: () => number;
}

interface Held {
  body: Buffer;
  builtAt: number;
}

/**
 * Each user's calendar feed as sent, held for a minute on each instance: calendar apps poll, several
 * devices of one crew member poll the same feed, and a feed fetched ten times at once is built once
 * (concurrent readers share the build under way). Nothing tells the instances of changes: a feed
 * may show what it held up to FEED_CACHE_MS ago, less than the five minutes its Cache-Control
 * already allows a calendar app, on every instance alike, and with Redis up or down. Who may read a
 * feed is not held here: the token is looked up on every fetch, so a revoked address ends at once.
 */
export class FeedCache {
  private readonly held = new Map<number, Held>();
  private readonly building = new Map<number, Promise<Buffer>>();
  private bytes = 0;
  private running = 0;
  private readonly queue: (() => void)[] = [];
  private readonly maxAgeMs: number;
  private readonly maxBytes: number;
  private readonly buildsAtOnce: number;
  private readonly elapsedMs: () => number;

  constructor(options: FeedCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? FEED_CACHE_MS;
    this.maxBytes = options.maxBytes ?? FEED_CACHE_BYTES;
    this.buildsAtOnce = options.buildsAtOnce ?? FEED_BUILDS_AT_ONCE;
    this.elapsedMs = options.elapsedMs ?? (() => performance.now());
  }

  /** The user's feed: held if built less than maxAgeMs ago, else the build under way, else a new one by `build`. */
  get(userId: number, build: () => Promise<string>): Promise<Buffer> {
    const hit = this.held.get(userId);
    if (hit && this.elapsedMs() - hit.builtAt < this.maxAgeMs) return Promise.resolve(hit.body);
    let flight = this.building.get(userId);
    if (!flight) {
      flight = this.build(userId, build).finally(() => this.building.delete(userId));
      this.building.set(userId, flight);
    }
    return flight;
  }

  /** Drops every feed held (builds under way still answer their readers). */
  clear(): void {
    this.held.clear();
    this.bytes = 0;
  }

  /** What is held, for tests and the metrics. */
  get size(): { feeds: number; bytes: number; building: number; waiting: number } {
    return { feeds: this.held.size, bytes: this.bytes, building: this.running, waiting: this.queue.length };
  }

  private async build(userId: number, build: () => Promise<string>): Promise<Buffer> {
    await this.turn();
    try {
      const body = Buffer.from(await build());
      this.keep(userId, body);
      return body;
    } finally {
      // The place goes to the next build waiting, if any (running stays the same), so no newcomer takes it first.
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Waits for one of the buildsAtOnce places. */
  private async turn(): Promise<void> {
    if (this.running < this.buildsAtOnce) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  private keep(userId: number, body: Buffer): void {
    this.drop(userId);
    if (body.length > this.maxBytes) return;
    const now = this.elapsedMs();
    // Oldest first (a Map keeps the order of insertion): the aged, then as many more as the new one needs.
    for (const [id, h] of this.held) {
      if (now - h.builtAt < this.maxAgeMs && this.bytes + body.length <= this.maxBytes) break;
      this.drop(id);
    }
    this.held.set(userId, { body, builtAt: now });
    this.bytes += body.length;
  }

  private drop(userId: number): void {
    const h = this.held.get(userId);
    if (!h) return;
    this.held.delete(userId);
    this.bytes -= h.body.length;
  }
}

/** The instance's feed cache, reset with the others when the peer channel comes back (caches/cache-registry.ts). */
export function createFeedCache(caches: CacheRegistry, options: FeedCacheOptions = {}): FeedCache {
  const cache = new FeedCache(options);
  caches.register('calendarFeeds', { peersBack: () => cache.clear() });
  return cache;
}
