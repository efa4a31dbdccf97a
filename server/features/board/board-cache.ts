import { PAGE_SIZE } from '#protocol/paging.ts';
import { CacheRegistry } from '../../caches/cache-registry.ts';
import { peerChannels } from '../../caches/peer-channels.ts';
import { staleness } from '../../caches/staleness.ts';
import { dayOfGroup } from '../user-kernel/crew-day.ts';
import { HeldBoard, PreparedBoard, type BoardItem, type BoardPatch, type BoardWindow } from './board-body.ts';

/**
 * Requests held past the first page: deletions in the page are filled from them without a read
 * (a busy board loses a few a minute between its 30 s reads), at a quarter more memory.
 */
export const BOARD_SPARE = 50;

export interface BoardCacheOptions {
  /** Memory bound: least recently read boards go first beyond it. */
  maxBytes?: number;
  maxEntries?: number;
  /**
   * Safety net for invalidations that never arrived (Redis down between instances): a board older
   * than this is read again in the background, and served meanwhile; past twice this age, readers
   * wait for the new read.
   */
  maxAgeMs?: number;
  /** Wall clock: which UTC day a board is for. */
  now?: () => Date;
  /** Monotonic milliseconds for ages, so a wall-clock jump neither keeps nor drops entries. */
  elapsedMs?: () => number;
  /** The page served (PAGE_SIZE) and the spare held past it (BOARD_SPARE). */
  window?: BoardWindow;
}

interface Entry {
  board: HeldBoard;
  /** When its requests were read: patches do not make it younger. */
  builtAt: number;
  /** What it holds: its JSON and the compressed forms made so far. */
  bytes: number;
}

/** A build under way; `stale` once its group was invalidated after it started. */
interface Flight {
  day: string;
  promise: Promise<Entry>;
  stale: boolean;
}

/** The build that starts when the one under way ends: every reader who came after an invalidation shares it. */
interface Queued {
  /** The day of its latest reader (after midnight, earlier readers get the new day's board: fresher, never staler). */
  day: string;
  build: Build;
  promise: Promise<HeldBoard>;
  start(): void;
}

/** A later or filtered page of a group's board, as sent: read once, kept until the group's next change. */
interface PageEntry {
  groupKey: string;
  body: PreparedBoard;
  builtAt: number;
  bytes: number;
}

/** A page read under way; `stale` once its group changed after it started (it then serves only its readers so far). */
interface PageFlight {
  groupKey: string;
  promise: Promise<PageEntry>;
  stale: boolean;
}

/** Reads a page the held board does not cover (after a cursor, or filtered): its JSON and the next page's cursor. */
export type ReadPage = () => Promise<{ json: Buffer; nextCursor: string | null }>;

/** Reads the start of a group's board for a day: at most `limit` of its requests, in board order (date, then id). */
export type Build = (day: string, limit: number) => Promise<readonly BoardItem[]>;

/**
 * The first page of each group's tradeboard (no filters), as the bytes sent, with a spare beyond
 * it: everyone in a group gets the same page, so it is read once (one build at a time per group, shared by concurrent readers) and then kept up to date
 * by the commits' patches (the requests they stored or deleted), here and, through `connect`, on
 * every instance; a change no patch describes drops it, to be read again. It holds only what every
 * member of the group may see: the builder must not depend on the caller.
 */
export class BoardCache {
  /** Least recently read first (a Map keeps insertion order; a hit re-inserts). */
  private readonly entries = new Map<string, Entry>();
  private readonly flights = new Map<string, Flight>();
  private readonly queued = new Map<string, Queued>();
  /**
   * Pages past the first or filtered (docs/decisions/0031), least recently read first, by group and
   * page key: any change to the group drops all of its pages, here and on every instance.
   */
  private readonly pages = new Map<string, PageEntry>();
  private readonly pageFlights = new Map<string, PageFlight>();
  private bytes = 0;
  private tellPeers: PeerTold = { forget: () => undefined, patch: () => undefined };
  private readonly maxBytes: number;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => Date;
  private readonly elapsedMs: () => number;
  private readonly window: BoardWindow;

  constructor(options: BoardCacheOptions = {}) {
    // A board of 200 requests holds about 120 KB (its JSON, 110 KB, and a compressed form): 32 MB
    // is some 270 of them, and the count bound comes first for smaller groups.
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.maxEntries = options.maxEntries ?? 2_000;
    this.maxAgeMs = options.maxAgeMs ?? staleness.boards.maxStaleMs;
    this.now = options.now ?? (() => new Date());
    this.elapsedMs = options.elapsedMs ?? (() => performance.now());
    this.window = options.window ?? { pageSize: PAGE_SIZE, spare: BOARD_SPARE };
  }

  /** How changes reach the other instances (createBoardCache). */
  connect(tellPeers: PeerTold): void {
    this.tellPeers = tellPeers;
  }

  get size(): number {
    return this.entries.size;
  }

  get pageCount(): number {
    return this.pages.size;
  }

  get storedBytes(): number {
    return this.bytes;
  }

  /**
   * The group's board for its own today (the day at its base), from memory or read with `build(day)`. One build at a time
   * per group: readers share the build under way unless the group changed since it started; then
   * they share the one build that starts when it ends. A burst of changes thus costs at most the
   * build under way (which serves only the readers who came before the change) and one after.
   */
  async get(groupKey: string, build: Build): Promise<PreparedBoard> {
    const day = dayOfGroup(groupKey, this.now());
    const hit = this.entries.get(groupKey);
    if (hit) {
      this.drop(groupKey);
      const age = this.elapsedMs() - hit.builtAt;
      if (hit.board.day === day && age <= 2 * this.maxAgeMs) {
        this.keep(groupKey, hit);
        // Aged out but patched all along: its readers need not wait for the read that replaces it.
        // A busy group's reads can be overtaken by changes (not kept) for a while; past twice the age, readers wait.
        if (age > this.maxAgeMs && !this.flights.has(groupKey)) this.start(groupKey, day, build);
        return hit.board.body();
      }
    }
    const flying = this.flights.get(groupKey);
    if (!flying) return (await this.start(groupKey, day, build).promise).board.body();
    if (!flying.stale && flying.day === day) return (await flying.promise).board.body();
    // The build under way read the board before a change (or for another day): wait for it to end,
    // then build once for everyone waiting.
    const queued = this.queued.get(groupKey) ?? this.enqueue(groupKey, day, build);
    if (queued.day !== day) Object.assign(queued, { day, build });
    return (await queued.promise).body();
  }

  /**
   * A page of the group's board for `day` the held board does not serve (`pageKey` names it within
   * the group and day: its filters and cursor), from memory or read with `read`. Held until the group's next
   * change (any patch or invalidation, from any instance), and read again past the boards' age
   * limit. Concurrent readers share one read unless the group changed since it started.
   */
  async page(groupKey: string, day: string, pageKey: string, read: ReadPage): Promise<PreparedBoard> {
    const key = `${groupKey}\u0000${day}\u0000${pageKey}`;
    const hit = this.pages.get(key);
    if (hit) {
      this.dropPage(key);
      if (this.elapsedMs() - hit.builtAt <= this.maxAgeMs) {
        this.keepPage(key, hit);
        return hit.body;
      }
    }
    const flying = this.pageFlights.get(key);
    if (flying && !flying.stale) return (await flying.promise).body;
    return (await this.startPage(key, groupKey, day, read).promise).body;
  }

  /**
   * The group's board changed (after commit) as `patch` says: applied to the board held here and on
   * every instance, so the writer's next read has the change without reading the board again.
   */
  patch(groupKey: string, patch: BoardPatch): void {
    this.applyHere(groupKey, patch);
    this.tellPeers.patch(groupKey, patch);
  }

  /** Another instance's patch: applied here only. */
  applyHere(groupKey: string, patch: BoardPatch): void {
    // A build under way may have read before the change: it serves its readers so far, not later ones.
    this.staleFlight(groupKey);
    // A patch says nothing of where later pages begin: they are read again.
    this.dropPages(groupKey);
    const entry = this.entries.get(groupKey);
    if (!entry) return;
    const applied = entry.board.apply(patch);
    // Deletions emptied the spare: the page is read again on its next read (here only: each
    // instance's window is its own, and a read gives the same page everywhere).
    if (applied === 'refill') this.drop(groupKey);
    else if (applied === 'changed') this.resize(entry, entry.board.bytes);
  }

  /** The group's board changed in a way no patch describes (after commit): read again on its next read, on every instance. */
  invalidate(groupKey: string): void {
    this.forget(groupKey);
    this.tellPeers.forget(groupKey);
  }

  /** Another instance changed that board: drop it here only. */
  forget(groupKey: string): void {
    this.drop(groupKey);
    this.staleFlight(groupKey);
    this.dropPages(groupKey);
  }

  /** Everything: for when changes may have been lost (Redis reconnected after an outage). */
  clearAll(): void {
    this.entries.clear();
    this.pages.clear();
    this.bytes = 0;
    for (const flight of this.flights.values()) flight.stale = true;
    for (const flight of this.pageFlights.values()) flight.stale = true;
  }

  /** Its readers so far still get it; it is not kept, and later readers wait for the next build. */
  private staleFlight(groupKey: string): void {
    const flying = this.flights.get(groupKey);
    if (flying) flying.stale = true;
  }

  private start(groupKey: string, day: string, build: Build): Flight {
    const builtAt = this.elapsedMs();
    const flight: Flight = {
      day,
      stale: false,
      promise: (async () => {
        // One more than the window says whether the board goes on past it.
        const items = await build(day, this.window.pageSize + this.window.spare + 1);
        const board = HeldBoard.of(day, items, this.window, (bytes) => this.grow(groupKey, entry, bytes));
        const entry: Entry = { board, builtAt, bytes: board.bytes };
        return entry;
      })(),
    };
    this.flights.set(groupKey, flight);
    const settle = (entry: Entry | undefined) => {
      // Changed while building: what was read may predate the change, so it served only the
      // readers that asked before.
      if (entry && !flight.stale) this.keep(groupKey, entry);
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

  private startPage(key: string, groupKey: string, day: string, read: ReadPage): PageFlight {
    const builtAt = this.elapsedMs();
    const flight: PageFlight = {
      groupKey,
      stale: false,
      promise: (async () => {
        const { json, nextCursor } = await read();
        const entry: PageEntry = {
          groupKey,
          builtAt,
          bytes: json.length,
          body: new PreparedBoard(day, json, (bytes) => this.growPage(key, entry, bytes), nextCursor),
        };
        return entry;
      })(),
    };
    this.pageFlights.set(key, flight);
    const settle = (entry: PageEntry | undefined) => {
      // Changed while reading: what was read may predate the change.
      if (entry && !flight.stale) this.keepPage(key, entry);
      if (this.pageFlights.get(key) === flight) this.pageFlights.delete(key);
    };
    // Settled before any reader resumes, so a reader's next call sees what was kept.
    flight.promise.then(settle, () => settle(undefined));
    return flight;
  }

  private enqueue(groupKey: string, day: string, build: Build): Queued {
    let start!: () => void;
    const promise = new Promise<HeldBoard>((resolve, reject) => {
      start = () => {
        this.start(groupKey, queued.day, queued.build).promise.then((e) => resolve(e.board), reject);
      };
    });
    const queued: Queued = { day, build, promise, start };
    this.queued.set(groupKey, queued);
    return queued;
  }

  /** A compressed form was made for a board: counted if the board is still held. */
  private grow(groupKey: string, entry: Entry, bytes: number): void {
    if (this.entries.get(groupKey) !== entry) return;
    this.resize(entry, entry.bytes + bytes);
    this.evict();
  }

  private growPage(key: string, entry: PageEntry, bytes: number): void {
    if (this.pages.get(key) !== entry) return;
    this.bytes += bytes;
    entry.bytes += bytes;
    this.evict();
  }

  private keepPage(key: string, entry: PageEntry): void {
    this.dropPage(key);
    this.pages.set(key, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  private dropPage(key: string): void {
    const entry = this.pages.get(key);
    if (!entry) return;
    this.pages.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Every page of the group, and the reads of them under way. */
  private dropPages(groupKey: string): void {
    for (const [key, entry] of this.pages) if (entry.groupKey === groupKey) this.dropPage(key);
    for (const flight of this.pageFlights.values()) if (flight.groupKey === groupKey) flight.stale = true;
  }

  private resize(entry: Entry, bytes: number): void {
    this.bytes += bytes - entry.bytes;
    entry.bytes = bytes;
  }

  private keep(groupKey: string, entry: Entry): void {
    this.drop(groupKey);
    this.entries.set(groupKey, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  private evict(): void {
    // Later pages go first: every reader of the board reads the first page, fewer read on.
    while (this.pages.size > 0 && (this.bytes > this.maxBytes || this.pages.size > this.maxEntries)) {
      this.dropPage(this.pages.keys().next().value!);
    }
    while (this.entries.size > 1 && (this.bytes > this.maxBytes || this.entries.size > this.maxEntries)) {
      this.drop(this.entries.keys().next().value!);
    }
  }

  private drop(groupKey: string): void {
    const entry = this.entries.get(groupKey);
    if (!entry) return;
    this.entries.delete(groupKey);
    this.bytes -= entry.bytes;
  }
}

/** What a board cache tells the other instances. */
interface PeerTold {
  forget(groupKey: string): void;
  patch(groupKey: string, patch: BoardPatch): void;
}

/**
 * The app's board cache, kept coherent across instances through `caches` (its peer channels cross
 * over the Redis adapter when instances are joined; none for a single instance), and rebuilt when
 * the peer channel comes back, since changes told meanwhile are lost.
 */
export function createBoardCache(caches: CacheRegistry = new CacheRegistry(), options: BoardCacheOptions = {}): BoardCache {
  const cache = new BoardCache(options);
  const forget = caches.channel(peerChannels.boardInvalidate, (groupKey) => cache.forget(groupKey));
  const patch = caches.channel(peerChannels.boardPatch, (message) => {
    let parsed: { groupKey: string; patch: BoardPatch };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      // A change that cannot be read is a change lost: no board here can be trusted any more.
      cache.clearAll();
      return;
    }
    cache.applyHere(parsed.groupKey, parsed.patch);
  });
  cache.connect({ forget, patch: (groupKey, p) => patch(JSON.stringify({ groupKey, patch: p })) });
  caches.register('boards', { peersBack: () => cache.clearAll() });
  return cache;
}
