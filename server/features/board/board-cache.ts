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

/** A board serialised once and compressed once, with a strong ETag for each content coding. */
export interface PreparedBody {
  /** The UTC day it was built for: requests whose last date passed leave the board at midnight. */
  day: string;
  bodies: Record<Coding, Buffer>;
  etags: Record<Coding, string>;
  bytes: number;
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

interface Flight {
  day: string;
  promise: Promise<PreparedBody>;
}

/** Brotli at quality 5: about the size of quality 11 on JSON at a small fraction of its time. */
const BROTLI = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};

export async function prepareBody(day: string, data: unknown): Promise<PreparedBody> {
  const identity = Buffer.from(JSON.stringify(data));
  const [gz, br] = await Promise.all([gzip(identity, { level: 6 }), brotli(identity, BROTLI)]);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 32);
  return {
    day,
    bodies: { identity, gzip: gz, br },
    // A coding changes the bytes, so each gets its own strong tag (RFC 9110 8.8.3).
    etags: { identity: `"${hash}"`, gzip: `"${hash}-gzip"`, br: `"${hash}-br"` },
    bytes: identity.length + gz.length + br.length,
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
  private bytes = 0;
  private tellPeers: (groupKey: string) => void = () => undefined;
  private readonly maxBytes: number;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => Date;
  private readonly elapsedMs: () => number;

  constructor(options: BoardCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
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

  /** The group's board for today (UTC), from memory or built once with `build(day)`. */
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
    if (flying?.day === day) return flying.promise;
    const builtAt = this.elapsedMs();
    const flight: Flight = { day, promise: build(day).then((data) => prepareBody(day, data)) };
    this.flights.set(groupKey, flight);
    try {
      const body = await flight.promise;
      // Invalidated while building: what was read may predate the change, so it serves only the
      // readers that asked before; the next one builds again.
      if (this.flights.get(groupKey) === flight) this.keep(groupKey, { body, builtAt });
      return body;
    } finally {
      if (this.flights.get(groupKey) === flight) this.flights.delete(groupKey);
    }
  }

  /** The group's board changed (after commit): rebuild on its next read, on every instance. */
  invalidate(groupKey: string): void {
    this.forget(groupKey);
    this.tellPeers(groupKey);
  }

  /** Another instance changed that board: drop it here only. */
  forget(groupKey: string): void {
    this.drop(groupKey);
    this.flights.delete(groupKey);
  }

  /** Everything: for when invalidations may have been lost (Redis reconnected after an outage). */
  clearAll(): void {
    this.entries.clear();
    this.flights.clear();
    this.bytes = 0;
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
