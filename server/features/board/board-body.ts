import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { encodeCursor } from '#protocol/paging.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { isOnBoard } from '#protocol/rules.ts';

// The async forms run in libuv's thread pool: compressing never blocks the event loop.
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export type Coding = 'br' | 'gzip' | 'identity';
export const CODINGS: readonly Coding[] = ['br', 'gzip', 'identity'];

/**
 * Brotli at quality 4: on a board's JSON (100 KB for 200 requests) it takes under a millisecond,
 * a third of quality 5's time, for a body about 15% larger (6 KB instead of 5 KB).
 */
const BROTLI = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};

/** What the cache needs of a board's request to place, replace or drop it (a TradeRequestItem has it). */
export type BoardItem = Pick<TradeRequestItem, 'id' | 'date' | 'additionalDates' | 'status' | 'updatedAt'>;

/**
 * What changed on a board, as the commit's events carry it: requests as stored (created or edited),
 * and requests deleted. Applying one is idempotent and order-free for a request's versions (the newer
 * `updatedAt` wins, a deletion is final), so instances that hear patches in another order agree.
 */
export interface BoardPatch {
  upsert: BoardItem[];
  remove: number[];
}

/**
 * A board's first page as sent, hashed once for its ETags and compressed once per content coding, on
 * the first request for that coding (browsers ask for one: the other is never computed).
 */
export class PreparedBoard {
  readonly etags: Record<Coding, string>;
  private readonly encodings = new Map<Exclude<Coding, 'identity'>, Promise<Buffer>>();

  constructor(
    /** The UTC day it was built for: requests whose last date passed leave the board at midnight. */
    readonly day: string,
    readonly identity: Buffer,
    /** Told each compressed form's size, for the cache's memory bound. */
    private readonly onEncoded: (bytes: number) => void = () => undefined,
    /** The next page's cursor (X-Next-Cursor), null when the board ends on this page. */
    readonly nextCursor: string | null = null,
  ) {
    // The cursor is part of what is sent: a page that gained a next page is another representation.
    const hash = createHash('sha256')
      .update(identity)
      .update(nextCursor ?? '')
      .digest('base64url')
      .slice(0, 32);
    // A coding changes the bytes, so each gets its own strong tag (RFC 9110 8.8.3).
    this.etags = { identity: `"${hash}"`, gzip: `"${hash}-gzip"`, br: `"${hash}-br"` };
  }

  /** The body in that coding; concurrent first readers share one compression. */
  encoded(coding: Coding): Promise<Buffer> {
    if (coding === 'identity') return Promise.resolve(this.identity);
    let encoding = this.encodings.get(coding);
    if (!encoding) {
      encoding = coding === 'gzip' ? gzip(this.identity, { level: 6 }) : brotli(this.identity, BROTLI);
      this.encodings.set(coding, encoding);
      encoding.then(
        (b) => this.onEncoded(b.length),
        // Not kept: the next reader tries again.
        () => this.encodings.delete(coding),
      );
    }
    return encoding;
  }
}

/** One request's place in a board's JSON: its bytes are identity[start, end). */
interface Held {
  id: number;
  date: string;
  /** Its updatedAt: a patch carrying an older one is stale. */
  version: string;
  start: number;
  end: number;
}

/** A request's JSON and what places it. */
interface Part {
  item: Pick<Held, 'id' | 'date' | 'version'>;
  json: Buffer;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** A deleted request's version: above any timestamp, so nothing brings it back. */
const FINAL = '\uffff';

/** Board order, as the board's query sorts: by date, then id. */
const before = (a: Pick<Held, 'date' | 'id'>, b: Pick<Held, 'date' | 'id'>) => a.date < b.date || (a.date === b.date && a.id < b.id);

/** How much of a board is held: the page served, and a spare beyond it that absorbs deletions. */
export interface BoardWindow {
  /** The first page's size (PAGE_SIZE). */
  pageSize: number;
  /** Requests held past the page, so a deletion in the page is filled from memory. */
  spare: number;
}

/** What a patch did to a held board. */
export type Applied = 'unchanged' | 'changed' | 'refill';

/**
 * The start of a board (its first page and a spare beyond it: docs/decisions/0020) as one JSON array
 * held once, with each request's place in it, so a change is applied by splicing bytes rather than
 * by reading the board again. It holds every request of the board up to a boundary (none: the
 * whole board), so a change is placed if it falls within it and ignored past it; and it knows the
 * ids of some requests past it, so it can tell whether the board goes on without reading it.
 */
export class HeldBoard {
  /** Version seen per request changed since the build (a deletion is final): an older patch loses. */
  private readonly versions = new Map<number, string>();
  private prepared: PreparedBoard | undefined;

  private constructor(
    readonly day: string,
    private identity: Buffer,
    private held: Held[],
    private readonly window: BoardWindow,
    /** The held ones are every request up to this one (the last held, or one since gone); null: every request. */
    private boundary: Pick<Held, 'date' | 'id'> | null,
    /** Requests known to lie past the boundary (never empty while there is one). */
    private readonly beyond: Set<number>,
    private readonly onEncoded: (bytes: number) => void,
  ) {}

  /**
   * From the requests as the board's query returns them (in board order, at most the window and
   * one more: that one says the board goes on).
   */
  static of(
    day: string,
    items: readonly BoardItem[],
    window: BoardWindow = { pageSize: Number.MAX_SAFE_INTEGER, spare: 0 },
    onEncoded: (bytes: number) => void = () => undefined,
  ): HeldBoard {
    const capacity = window.pageSize + window.spare;
    const kept = items.slice(0, capacity);
    const parts = kept.map((item) => ({ item: { ...item, version: item.updatedAt }, json: Buffer.from(JSON.stringify(item)) }));
    const past = items.slice(capacity).map((r) => r.id);
    const last = kept[kept.length - 1];
    return new HeldBoard(day, ...HeldBoard.join(parts), window, past.length > 0 && last ? last : null, new Set(past), onEncoded);
  }

  private static join(parts: readonly Part[]): [Buffer, Held[]] {
    const chunks: Buffer[] = [OPEN];
    const held: Held[] = [];
    let at = OPEN.length;
    parts.forEach(({ item, json }, i) => {
      if (i > 0) {
        chunks.push(COMMA);
        at += COMMA.length;
      }
      chunks.push(json);
      held.push({ id: item.id, date: item.date, version: item.version, start: at, end: at + json.length });
      at += json.length;
    });
    chunks.push(CLOSE);
    return [Buffer.concat(chunks, at + CLOSE.length), held];
  }

  /** The JSON's size (the compressed forms are counted by the cache as they are made). */
  get bytes(): number {
    return this.identity.length;
  }

  get size(): number {
    return this.held.length;
  }

  /**
   * The first page as sent, with the next page's cursor when the board goes on; made once per
   * version, on its first read after a change. A page cut from the held window is a copy, told to
   * the cache's memory bound like a compressed form.
   */
  body(): PreparedBoard {
    if (this.prepared) return this.prepared;
    const { pageSize } = this.window;
    const cut = this.held.length > pageSize;
    const last = cut ? this.held[pageSize - 1] : this.held[this.held.length - 1];
    const page = cut && last ? Buffer.concat([this.identity.subarray(0, last.end), CLOSE]) : this.identity;
    if (cut) this.onEncoded(page.length);
    // Requests lie past the held ones: the page's last one starts the next.
    const more = cut || this.boundary !== null;
    this.prepared = new PreparedBoard(this.day, page, this.onEncoded, more && last ? encodeCursor([last.date, last.id]) : null);
    return this.prepared;
  }

  /**
   * Applies a change. 'unchanged' when every part of it was already held (or older than what is,
   * or past what is held); 'refill' when deletions left fewer than a page held of a board that
   * goes on: only a new read can fill the page.
   */
  apply(patch: BoardPatch): Applied {
    const parts = new Map<number, Part>(this.held.map((h) => [h.id, { item: h, json: this.identity.subarray(h.start, h.end) }]));
    const versionOf = (id: number) => this.versions.get(id) ?? parts.get(id)?.item.version;
    let changed = false;
    const hadBeyond = this.beyond.size > 0;
    for (const id of patch.remove) {
      this.versions.set(id, FINAL);
      this.beyond.delete(id);
      changed = parts.delete(id) || changed;
    }
    for (const item of patch.upsert) {
      const seen = versionOf(item.id);
      // An equal version is applied again (harmless for a repeat; two edits in one millisecond stay in arrival order).
      if (seen !== undefined && seen > item.updatedAt) continue;
      this.versions.set(item.id, item.updatedAt);
      this.beyond.delete(item.id);
      changed = parts.delete(item.id) || changed;
      if (!isOnBoard(item, this.day)) continue;
      // Past the held ones it belongs to a later page, which is read from the database.
      if (this.boundary && before(this.boundary, item)) {
        this.beyond.add(item.id);
        continue;
      }
      parts.set(item.id, { item: { ...item, version: item.updatedAt }, json: Buffer.from(JSON.stringify(item)) });
      changed = true;
    }
    // The board went on past the held ones, and no request known to be there is left: whether any
    // other is, only a read can tell.
    if (hadBeyond && this.beyond.size === 0) return 'refill';
    if (!changed) return 'unchanged';
    let sorted = [...parts.values()].sort((a, b) => (before(a.item, b.item) ? -1 : 1));
    const capacity = this.window.pageSize + this.window.spare;
    if (sorted.length > capacity) {
      // The ones pushed past the window go to a later page; an older copy of them must not come back in.
      for (const { item } of sorted.slice(capacity)) {
        if (!this.versions.has(item.id)) this.versions.set(item.id, item.version);
        this.beyond.add(item.id);
      }
      sorted = sorted.slice(0, capacity);
      this.boundary = sorted[sorted.length - 1]!.item;
    }
    [this.identity, this.held] = HeldBoard.join(sorted);
    this.prepared = undefined;
    // Deletions emptied the spare of a board that goes on: only a read can fill the page.
    return this.boundary && this.held.length < this.window.pageSize ? 'refill' : 'changed';
  }
}
