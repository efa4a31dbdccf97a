import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { peerInvalidation, type PeerBus } from '../../lib/peer-invalidation.ts';
import { todayUtc } from '../matching/matching.rules.ts';

// The async forms run in libuv's thread pool: a build never blocks the event loop on compression.
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export type Coding = 'br' | 'gzip' | 'identity';
export const CODINGS: readonly Coding[] = ['br', 'gzip', 'identity'];

/**
 * A board serialised once and compressed once, with a strong ETag for each content coding. Only
 * the compressed forms are held: browsers always ask for one, and the JSON itself is 15 to 20 times
 * their size, so it is decoded again (`identityOf`) for the rare client that names no coding.
 */
export interface PreparedBody {
  /** The UTC day it was built for: requests whose last date passed leave the board at midnight. */
  day: string;
  bodies: Record<Exclude<Coding, 'identity'>, Buffer>;
  etags: Record<Coding, string>;
  /** What it holds in memory. */
  bytes: number;
}

/**
 * The JSON itself, decoded from the gzip held. Synchronously: a board's 5 to 10 KB of gzip decode
 * in a fraction of a millisecond, less than a stream's hand-offs to the thread pool and back cost
 * (measured: p99 at 200/s, README, afternoon sitting of 2026-11-25).
 */
export function identityOf(body: PreparedBody): Buffer {
  return zlib.gunzipSync(body.bodies.gzip);
}

export interface BoardCacheOptions {
  /** Memory bound: least recently read boards go first beyond it. */
  maxBytes?: number;
  maxEntries?: number;
  /**
   * Safety net for invalidations that never arrived (Redis down between instances): no board is
   * served older than this.
   */
  maxAgeMs?: number;
  /** Wall clock: which UTC day a board is for. */
  now?: () => Date;
  /** Monotonic milliseconds for ages, so a wall-clock jump neither keeps nor drops entries. */
  elapsedMs?: () => number;
}

interface Entry {
  body: PreparedBody;
  builtAt: number;
}

/** A build under way; `stale` once its group was invalidated after it started. */
interface Flight {
  day: string;
  promise: Promise<PreparedBody>;
  stale: boolean;
}

/** The build that starts when the one under way ends: every reader who came after an invalidation shares it. */
interface Queued {
  /** The day of its latest reader (after midnight, earlier readers get the new day's board: fresher, never staler). */
  day: string;
  build: (day: string) => Promise<unknown>;
  promise: Promise<PreparedBody>;
  start(): void;
}

/**
 * Brotli at quality 4: on a board's JSON (100 KB for 200 requests) it takes under a millisecond,
 * a third of quality 5's time, for a body about 15% larger (6 KB instead of 5 KB).
 */
const BROTLI = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};

export async function prepareBody(day: string, data: unknown): Promise<PreparedBody> {
  const identity = Buffer.from(JSON.stringify(data));
  const [gz, br] = await Promise.all([gzip(identity, { level: 6 }), brotli(identity, BROTLI)]);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 32);
  return {
    day,
    bodies: { gzip: gz, br },
    // A coding changes the bytes, so each gets its own strong tag (RFC 9110 8.8.3).
    etags: { identity: `"${hash}"`, gzip: `"${hash}-gzip"`, br: `"${hash}-br"` },
    bytes: gz.length + br.length,
  };
}

/**
 * Each group's tradeboard, as the bytes sent: everyone in a group gets the same board, so it is
 * built once (one build at a time per group, shared by concurrent readers) and served until a
 * change to that group's board invalidates it, here and, through `connect`, on every instance.
 * It holds only what every member of the group may see: the builder must not depend on the caller.
 */
export class BoardCache {
  /** Least recently read first (a Map keeps insertion order; a hit re-inserts). */
  private readonly entries = new Map<string, Entry>();
  private readonly flights = new Map<string, Flight>();
  private readonly queued = new Map<string, Queued>();
  private bytes = 0;
  private tellPeers: (groupKey: string) => void = () => undefined;
  private readonly maxBytes: number;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => Date;
  private readonly elapsedMs: () => number;

  constructor(options: BoardCacheOptions = {}) {
    // A board of 200 requests holds about 13 KB (gzip and brotli; its JSON would be 110 KB): 16 MB
    // is some 1,200 of them, and the count bound comes first for smaller groups.
    this.maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
    this.maxEntries = options.maxEntries ?? 2_000;
    this.maxAgeMs = options.maxAgeMs ?? 30_000;
    this.now = options.now ?? (() => new Date());
    this.elapsedMs = options.elapsedMs ?? (() => performance.now());
  }

  /** How invalidations reach the other instances (lib/peer-invalidation.ts). */
  connect(tellPeers: (groupKey: string) => void): void {
    this.tellPeers = tellPeers;
  }

  get size(): number {
    return this.entries.size;
  }

  get storedBytes(): number {
    return this.bytes;
  }

  /**
   * The group's board for today (UTC), from memory or built with `build(day)`. One build at a time
   * per group: readers share the build under way unless the group changed since it started; then
   * they share the one build that starts when it ends. A burst of changes thus costs at most the
   * build under way (which serves only the readers who came before the change) and one after.
   */
  async get(groupKey: string, build: (day: string) => Promise<unknown>): Promise<PreparedBody> {
    const day = todayUtc(this.now());
    const hit = this.entries.get(groupKey);
    if (hit) {
      this.drop(groupKey);
      if (hit.body.day === day && this.elapsedMs() - hit.builtAt <= this.maxAgeMs) {
        this.keep(groupKey, hit);
        return hit.body;
      }
    }
    const flying = this.flights.get(groupKey);
    if (!flying) return this.start(groupKey, day, build).promise;
    if (!flying.stale && flying.day === day) return flying.promise;
    // The build under way read the board before a change (or for another day): wait for it to end,
    // then build once for everyone waiting.
    const queued = this.queued.get(groupKey);
    if (!queued) return this.enqueue(groupKey, day, build).promise;
    if (queued.day !== day) Object.assign(queued, { day, build });
    return queued.promise;
  }

  /** The group's board changed (after commit): rebuild on its next read, on every instance. */
  invalidate(groupKey: string): void {
    this.forget(groupKey);
    this.tellPeers(groupKey);
  }

  /** Another instance changed that board: drop it here only. */
  forget(groupKey: string): void {
    this.drop(groupKey);
    // Its readers so far still get it; it is not kept, and later readers wait for the next build.
    const flying = this.flights.get(groupKey);
    if (flying) flying.stale = true;
  }

  /** Everything: for when invalidations may have been lost (Redis reconnected after an outage). */
  clearAll(): void {
    this.entries.clear();
    this.bytes = 0;
    for (const flight of this.flights.values()) flight.stale = true;
  }

  private start(groupKey: string, day: string, build: (day: string) => Promise<unknown>): Flight {
    const builtAt = this.elapsedMs();
    const flight: Flight = { day, stale: false, promise: (async () => prepareBody(day, await build(day)))() };
    this.flights.set(groupKey, flight);
    const settle = (body: PreparedBody | undefined) => {
      // Invalidated while building: what was read may predate the change, so it served only the
      // readers that asked before.
      if (body && !flight.stale) this.keep(groupKey, { body, builtAt });
      this.flights.delete(groupKey);
      const next = this.queued.get(groupKey);
      if (next) {
        this.queued.delete(groupKey);
        next.start();
      }
    };
    // Settled before any reader resumes, so a reader's next get sees what was kept.
    flight.promise.then(settle, () => settle(undefined));
    return flight;
  }

  private enqueue(groupKey: string, day: string, build: (day: string) => Promise<unknown>): Queued {
    let start!: () => void;
    const promise = new Promise<PreparedBody>((resolve, reject) => {
      start = () => {
        this.start(groupKey, queued.day, queued.build).promise.then(resolve, reject);
      };
    });
    const queued: Queued = { day, build, promise, start };
    this.queued.set(groupKey, queued);
    return queued;
  }

  private keep(groupKey: string, entry: Entry): void {
    this.drop(groupKey);
    this.entries.set(groupKey, entry);
    this.bytes += entry.body.bytes;
    while (this.entries.size > 1 && (this.bytes > this.maxBytes || this.entries.size > this.maxEntries)) {
      this.drop(this.entries.keys().next().value!);
    }
  }

  private drop(groupKey: string): void {
    const entry = this.entries.get(groupKey);
    if (!entry) return;
    this.entries.delete(groupKey);
    this.bytes -= entry.body.bytes;
  }
}

/**
 * The app's board cache, kept coherent across instances through `bus` (the Socket.IO server when
 * the Redis adapter joins instances; none for a single instance).
 */
export function createBoardCache(bus: PeerBus | undefined, options: BoardCacheOptions = {}): BoardCache {
  const cache = new BoardCache(options);
  cache.connect(peerInvalidation(bus, 'board:invalidate', (groupKey) => cache.forget(groupKey)));
  return cache;
}
