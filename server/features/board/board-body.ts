import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
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
 * A board's JSON as sent, hashed once for its ETags and compressed once per content coding, on the
 * first request for that coding (browsers ask for one: the other is never computed).
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
  ) {
    const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 32);
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

/** Board order, as the board's query sorts: by date, then id. */
/** A deleted request's version: above any timestamp, so nothing brings it back. */
const FINAL = '\uffff';

const before = (a: Pick<Held, 'date' | 'id'>, b: Pick<Held, 'date' | 'id'>) => a.date < b.date || (a.date === b.date && a.id < b.id);

/**
 * A board's requests as one JSON array held once, with each request's place in it, so a change is
 * applied by splicing bytes rather than by reading the board again.
 */
export class HeldBoard {
  /** Version seen per request changed since the build (a deletion is final): an older patch loses. */
  private readonly versions = new Map<number, string>();
  private prepared: PreparedBoard | undefined;

  private constructor(
    readonly day: string,
    private identity: Buffer,
    private held: Held[],
    private readonly onEncoded: (bytes: number) => void,
  ) {}

  /** From the requests as the board's query returns them (in board order). */
  static of(day: string, items: readonly BoardItem[], onEncoded: (bytes: number) => void = () => undefined): HeldBoard {
    const parts = items.map((item) => ({ item: { ...item, version: item.updatedAt }, json: Buffer.from(JSON.stringify(item)) }));
    return new HeldBoard(day, ...HeldBoard.join(parts), onEncoded);
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

  /** The board as sent; made once per version, on its first read after a change. */
  body(): PreparedBoard {
    this.prepared ??= new PreparedBoard(this.day, this.identity, this.onEncoded);
    return this.prepared;
  }

  /** Applies a change; false when every part of it was already held (or older than what is). */
  apply(patch: BoardPatch): boolean {
    const parts = new Map<number, Part>(this.held.map((h) => [h.id, { item: h, json: this.identity.subarray(h.start, h.end) }]));
    const versionOf = (id: number) => this.versions.get(id) ?? parts.get(id)?.item.version;
    let changed = false;
    for (const id of patch.remove) {
      this.versions.set(id, FINAL);
      changed = parts.delete(id) || changed;
    }
    for (const item of patch.upsert) {
      const seen = versionOf(item.id);
      // An equal version is applied again (harmless for a repeat; two edits in one millisecond stay in arrival order).
      if (seen !== undefined && seen > item.updatedAt) continue;
      this.versions.set(item.id, item.updatedAt);
      parts.delete(item.id);
      if (isOnBoard(item, this.day)) parts.set(item.id, { item: { ...item, version: item.updatedAt }, json: Buffer.from(JSON.stringify(item)) });
      changed = true;
    }
    if (!changed) return false;
    [this.identity, this.held] = HeldBoard.join([...parts.values()].sort((a, b) => (before(a.item, b.item) ? -1 : 1)));
    this.prepared = undefined;
    return true;
  }
}
