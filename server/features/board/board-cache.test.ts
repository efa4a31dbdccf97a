import { EventEmitter } from 'node:events';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CacheRegistry, type PeerBus } from '../../caches/cache-registry.ts';
import { peerChannels } from '../../caches/peer-channels.ts';
import fc from 'fast-check';
import { decodeCursor, dayIdCursor } from '#protocol/paging.ts';
import { HeldBoard, type BoardItem, type BoardWindow, type PreparedBoard } from './board-body.ts';
import { BoardCache, createBoardCache } from './board-cache.ts';
import { boardsChangedByProfile } from './profile-changes.ts';

/** A cache on clocks the test moves: wall time (the UTC day) and elapsed time (ages). */
function cacheWithClocks(options: { maxAgeMs?: number; maxEntries?: number; maxBytes?: number; window?: BoardWindow } = {}) {
  const clock = { wall: new Date('2031-03-10T23:59:00Z'), elapsed: 0 };
  const cache = new BoardCache({ ...options, now: () => clock.wall, elapsedMs: () => clock.elapsed });
  return { cache, clock };
}

/** A request on the board of 2031-03-10 (the clocks' day), with what else a test wants it to hold. */
const item = (id: number, more: Record<string, unknown> = {}): BoardItem => ({
  id,
  date: '2031-03-20',
  additionalDates: [],
  status: 'active',
  updatedAt: '2031-03-10T10:00:00.000Z',
  ...more,
});

/** A builder that counts its calls and answers what `data` holds at the time of the call. */
function counting(data: { items: BoardItem[] } = { items: [item(1)] }) {
  const calls: string[] = [];
  const build = (day: string) => {
    calls.push(day);
    return Promise.resolve(structuredClone(data.items));
  };
  return { build, calls, data };
}

/** A build that reads `data` when it starts and ends when the test calls release(). */
function slowBuild(data: { items: BoardItem[] }) {
  let done!: () => void;
  const slow = async () => {
    const read = structuredClone(data.items);
    await new Promise<void>((r) => (done = r));
    return read;
  };
  return { slow, release: () => done() };
}

/** The JSON a board sends. */
const json = (body: PreparedBoard) => JSON.parse(body.identity.toString()) as unknown;
/** The ids a board sends, in order. */
const ids = (body: PreparedBoard) => (json(body) as BoardItem[]).map((r) => r.id);

/** Two instances' buses joined like the Redis adapter: an emit reaches the others, never the sender. */
function joinedBuses(): [PeerBus, PeerBus] {
  const local = [new EventEmitter(), new EventEmitter()] as const;
  const bus = (self: EventEmitter, other: EventEmitter): PeerBus => ({
    on: (event, listener) => self.on(event, listener),
    serverSideEmit: (event, ...args) => other.emit(event, ...args),
  });
  return [bus(local[0], local[1]), bus(local[1], local[0])];
}

describe('board cache', () => {
  it('serialises once and serves identical bytes, compressing each coding once, on its first read', async () => {
    const { cache } = cacheWithClocks();
    const { build, calls } = counting({ items: [item(1, { notes: 'é ✈' })] });
    const first = await cache.get('Delta|JFK|captain|737', build);
    const second = await cache.get('Delta|JFK|captain|737', build);
    expect(calls).toHaveLength(1);
    expect(second).toBe(first);
    expect(json(first)).toEqual([item(1, { notes: 'é ✈' })]);
    const held = cache.storedBytes;
    expect(held).toBe(first.identity.length);
    const [gz, br] = await Promise.all([first.encoded('gzip'), first.encoded('br')]);
    expect(gunzipSync(gz).equals(first.identity)).toBe(true);
    expect(brotliDecompressSync(br).equals(first.identity)).toBe(true);
    // Each coding once: a second reader gets the same bytes, and the memory bound counts them.
    expect(await first.encoded('gzip')).toBe(gz);
    expect(await first.encoded('identity')).toBe(first.identity);
    expect(cache.storedBytes).toBe(held + gz.length + br.length);
    // Strong tags (no W/), one per coding.
    expect(new Set(Object.values(first.etags)).size).toBe(3);
    for (const tag of Object.values(first.etags)) expect(tag).toMatch(/^"[\w-]+"$/);
  });

  it('builds once for readers who miss at the same time', async () => {
    const { cache } = cacheWithClocks();
    let release!: () => void;
    let calls = 0;
    const build = async () => {
      calls++;
      await new Promise<void>((r) => (release = r));
      return [item(1)];
    };
    const readers = Array.from({ length: 20 }, () => cache.get('g', build));
    await Promise.resolve();
    release();
    const bodies = await Promise.all(readers);
    expect(calls).toBe(1);
    expect(new Set(bodies).size).toBe(1);
  });

  it('rebuilds after an invalidation, and the ETag follows the contents', async () => {
    const { cache } = cacheWithClocks();
    const { build, calls, data } = counting();
    const before = await cache.get('g', build);
    data.items = [item(1), item(2)];
    expect(await cache.get('g', build)).toBe(before);
    cache.invalidate('g');
    const after = await cache.get('g', build);
    expect(calls).toHaveLength(2);
    expect(ids(after)).toEqual([1, 2]);
    expect(after.etags.identity).not.toBe(before.etags.identity);
  });

  // A change that lands while a read of the board is out: that read serves the readers who came
  // before, and is not kept; later readers wait for a read of their own.
  it.each([
    ['an invalidation', (cache: BoardCache) => cache.invalidate('g')],
    ['clearAll (Redis reconnected)', (cache: BoardCache) => cache.clearAll()],
    ['a patch', (cache: BoardCache) => cache.patch('g', { upsert: [item(2)], remove: [] })],
  ])('does not keep a board read before %s that arrived while it was being built', async (_change, change) => {
    const { cache } = cacheWithClocks();
    const data = { items: [item(1)] };
    const { slow, release } = slowBuild(data);
    const early = cache.get('g', slow);
    await Promise.resolve();
    // A write commits while the first build is still out.
    data.items = [item(1), item(2)];
    change(cache);
    const { build, calls } = counting(data);
    const late = cache.get('g', build);
    release();
    expect(ids(await early)).toEqual([1]);
    expect(ids(await late)).toEqual([1, 2]);
    expect(calls).toHaveLength(1);
    // The later read is kept.
    expect(ids(await cache.get('g', build))).toEqual([1, 2]);
    expect(calls).toHaveLength(1);
  });

  it('coalesces a burst of changes: one build under way and one after, never more, and no reader gets a board read before a change it followed', async () => {
    const { cache } = cacheWithClocks();
    const data = { version: 0 };
    // Each build reads the data when it starts and ends when the test releases it.
    const releases: (() => void)[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const build = async () => {
      const read = data.version;
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise<void>((r) => releases.push(r));
      running--;
      return [item(1, { version: read })];
    };
    const version = async (body: Promise<PreparedBoard>) => (json(await body) as { version: number }[])[0]!.version;
    const tick = () => new Promise((r) => setImmediate(r));

    const first = cache.get('g', build);
    await tick();
    // Ten changes commit while the first build is under way; a reader comes after each.
    const afterChanges: Promise<PreparedBoard>[] = [];
    for (let i = 1; i <= 10; i++) {
      data.version = i;
      cache.invalidate('g');
      afterChanges.push(cache.get('g', build));
    }
    await tick();
    expect(releases).toHaveLength(1);
    releases[0]!();
    expect(await version(first)).toBe(0);
    await tick();
    // The second build started once the first ended, having read every change.
    expect(releases).toHaveLength(2);
    // One more change and reader while it runs: they wait for a third.
    data.version = 11;
    cache.invalidate('g');
    const last = cache.get('g', build);
    releases[1]!();
    for (const body of afterChanges) expect(await version(body)).toBe(10);
    await tick();
    releases[2]!();
    expect(await version(last)).toBe(11);
    expect(releases).toHaveLength(3);
    expect(mostAtOnce).toBe(1);
    // The third was not invalidated: it is kept.
    expect(await version(cache.get('g', build))).toBe(11);
    expect(releases).toHaveLength(3);
  });

  it('the readers waiting for the next build get it even when the build under way fails', async () => {
    const { cache } = cacheWithClocks();
    let release!: (fail: boolean) => void;
    const failing = () =>
      new Promise<BoardItem[]>((resolve, reject) => (release = (fail) => (fail ? reject(new Error('database down')) : resolve([]))));
    const first = cache.get('g', failing);
    await Promise.resolve();
    cache.invalidate('g');
    const { build, calls } = counting();
    const next = cache.get('g', build);
    release(true);
    await expect(first).rejects.toThrow('database down');
    expect(ids(await next)).toEqual([1]);
    expect(calls).toHaveLength(1);
  });

  it('keys a board by its UTC day: after midnight it is built again, for the new day', async () => {
    const { cache, clock } = cacheWithClocks();
    const { build, calls } = counting();
    expect((await cache.get('g', build)).day).toBe('2031-03-10');
    clock.wall = new Date('2031-03-11T00:00:01Z');
    // Two minutes of elapsed time: far inside the age limit, so only the day tells it apart.
    clock.elapsed += 120_000;
    expect((await cache.get('g', build)).day).toBe('2031-03-11');
    expect(calls).toEqual(['2031-03-10', '2031-03-11']);
  });

  it('reads a board again past its maximum age (invalidations lost while Redis was down), serving the held one meanwhile', async () => {
    const { cache, clock } = cacheWithClocks({ maxAgeMs: 30_000 });
    const { build, calls, data } = counting();
    await cache.get('g', build);
    clock.elapsed += 30_000;
    await cache.get('g', build);
    expect(calls).toHaveLength(1);
    // A change whose invalidation was lost: only a new read shows it.
    data.items = [item(1), item(2)];
    clock.elapsed += 1;
    // This reader does not wait for the read it started; the next one gets its result.
    expect(ids(await cache.get('g', build))).toEqual([1]);
    expect(calls).toHaveLength(2);
    await new Promise((r) => setImmediate(r));
    expect(ids(await cache.get('g', build))).toEqual([1, 2]);
    expect(calls).toHaveLength(2);
  });

  it('makes readers wait for a new read once a board is past twice its maximum age', async () => {
    const { cache, clock } = cacheWithClocks({ maxAgeMs: 30_000 });
    const { build, calls, data } = counting();
    await cache.get('g', build);
    data.items = [item(1), item(2)];
    clock.elapsed += 60_001;
    expect(ids(await cache.get('g', build))).toEqual([1, 2]);
    expect(calls).toHaveLength(2);
  });

  it('starts one background read at a time, and a failed one leaves the held board to be read again', async () => {
    const { cache, clock } = cacheWithClocks({ maxAgeMs: 30_000 });
    const { build, data } = counting();
    await cache.get('g', build);
    clock.elapsed += 30_001;
    let failures = 0;
    const failing = () => {
      failures++;
      return Promise.reject(new Error('database away'));
    };
    expect(ids(await cache.get('g', failing))).toEqual([1]);
    expect(ids(await cache.get('g', failing))).toEqual([1]);
    expect(failures).toBe(1);
    await new Promise((r) => setImmediate(r));
    data.items = [item(3)];
    expect(ids(await cache.get('g', build))).toEqual([1]);
    await new Promise((r) => setImmediate(r));
    expect(ids(await cache.get('g', build))).toEqual([3]);
  });

  it('stays bounded: the least recently read group goes first', async () => {
    const { cache } = cacheWithClocks({ maxEntries: 2 });
    const { build, calls } = counting();
    await cache.get('a', build);
    await cache.get('b', build);
    await cache.get('a', build); // a is now the most recent
    await cache.get('c', build); // evicts b
    expect(cache.size).toBe(2);
    expect(calls).toHaveLength(3);
    await cache.get('a', build);
    expect(calls).toHaveLength(3);
    await cache.get('b', build);
    expect(calls).toHaveLength(4);
  });

  it('stays within its byte budget, whatever the number of groups', async () => {
    const { cache } = cacheWithClocks({ maxBytes: 200_000 });
    const big = { items: Array.from({ length: 500 }, (_, i) => item(i, { notes: `request ${i} `.repeat(5) })) };
    const { build } = counting(big);
    for (let g = 0; g < 50; g++) await cache.get(`group-${g}`, build);
    expect(cache.storedBytes).toBeLessThanOrEqual(200_000);
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThan(50);
  });

  it('keeps nothing after a failed build, and the next reader tries again', async () => {
    const { cache } = cacheWithClocks();
    await expect(cache.get('g', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    const { build, calls } = counting();
    await cache.get('g', build);
    expect(calls).toHaveLength(1);
  });

  it('clearAll drops every board', async () => {
    const { cache } = cacheWithClocks();
    const { build, calls } = counting();
    await cache.get('a', build);
    await cache.get('b', build);
    cache.clearAll();
    expect(cache.size).toBe(0);
    expect(cache.storedBytes).toBe(0);
    await cache.get('a', build);
    expect(calls).toHaveLength(3);
  });
});

describe('patches', () => {
  const at = (minute: number) => `2031-03-10T10:${String(minute).padStart(2, '0')}:00.000Z`;

  it('place a created or edited request in board order, drop a deleted one, and read nothing', async () => {
    const { cache } = cacheWithClocks();
    const { build, calls } = counting({ items: [item(1, { date: '2031-03-12' }), item(2, { date: '2031-03-15' })] });
    const before = await cache.get('g', build);
    cache.patch('g', { upsert: [item(3, { date: '2031-03-13' }), item(4, { date: '2031-03-15' })], remove: [] });
    expect(ids(await cache.get('g', build))).toEqual([1, 3, 2, 4]);
    // An edit moves it; a deletion drops it.
    cache.patch('g', { upsert: [item(1, { date: '2031-03-20', updatedAt: at(5) })], remove: [2] });
    const after = await cache.get('g', build);
    expect(ids(after)).toEqual([3, 4, 1]);
    expect(calls).toHaveLength(1);
    expect(after.etags.identity).not.toBe(before.etags.identity);
    // The memory bound follows the new JSON.
    expect(cache.storedBytes).toBe(after.identity.length);
  });

  it('drop a request an edit takes off the board (every date past, or no longer active)', async () => {
    const { cache } = cacheWithClocks();
    const { build } = counting({ items: [item(1), item(2)] });
    await cache.get('g', build);
    cache.patch('g', {
      upsert: [item(1, { date: '2031-03-09', updatedAt: at(1) }), item(2, { status: 'completed', updatedAt: at(1) })],
      remove: [],
    });
    expect(ids(await cache.get('g', build))).toEqual([]);
  });

  it('are idempotent and agree in any order: an older version never replaces a newer one, and a deletion is final', async () => {
    const { cache } = cacheWithClocks();
    const { build } = counting({ items: [item(1, { route: 'v2', updatedAt: at(2) })] });
    await cache.get('g', build);
    const newer = { upsert: [item(1, { route: 'v3', updatedAt: at(3) })], remove: [] };
    cache.patch('g', newer);
    cache.patch('g', newer);
    // Heard late: the build's own version, then an edit before it.
    cache.patch('g', { upsert: [item(1, { route: 'v1', updatedAt: at(1) })], remove: [] });
    expect(json(await cache.get('g', build))).toEqual([item(1, { route: 'v3', updatedAt: at(3) })]);
    // Taken off the board by a newer edit, an older one does not bring it back.
    cache.patch('g', { upsert: [item(1, { status: 'completed', updatedAt: at(5) })], remove: [] });
    cache.patch('g', { upsert: [item(1, { route: 'v4', updatedAt: at(4) })], remove: [] });
    expect(ids(await cache.get('g', build))).toEqual([]);
    // A create heard after its deletion stays deleted.
    cache.patch('g', { upsert: [], remove: [7] });
    cache.patch('g', { upsert: [item(7)], remove: [] });
    expect(ids(await cache.get('g', build))).toEqual([]);
  });

  it('keep the same bytes when nothing changed, so the ETag holds', async () => {
    const { cache } = cacheWithClocks();
    const { build } = counting({ items: [item(1, { updatedAt: at(2) })] });
    const before = await cache.get('g', build);
    cache.patch('g', { upsert: [item(1, { updatedAt: at(1) })], remove: [9] });
    expect(await cache.get('g', build)).toBe(before);
  });

  it('do not make a board younger: it is still read again at its maximum age', async () => {
    const { cache, clock } = cacheWithClocks({ maxAgeMs: 30_000 });
    const { build, calls } = counting();
    await cache.get('g', build);
    clock.elapsed += 20_000;
    cache.patch('g', { upsert: [item(2)], remove: [] });
    clock.elapsed += 10_001;
    await cache.get('g', build);
    expect(calls).toHaveLength(2);
  });
});

describe('a board held as its first page and a spare (docs/decisions/0020)', () => {
  const window: BoardWindow = { pageSize: 3, spare: 2 };
  const at = (minute: number) => `2031-03-10T10:${String(minute).padStart(2, '0')}:00.000Z`;
  const day = (d: number) => `2031-03-${String(d).padStart(2, '0')}`;
  const boardOrder = (a: BoardItem, b: BoardItem) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id);
  /** A builder that honours the limit, as the board's query does, and counts its calls. */
  function limited(data: { items: BoardItem[] }) {
    const limits: number[] = [];
    const build = (_day: string, limit: number) => {
      limits.push(limit);
      return Promise.resolve(structuredClone([...data.items].sort(boardOrder).slice(0, limit)));
    };
    return { build, limits, data };
  }
  const cursorOf = (body: PreparedBoard) => body.nextCursor && decodeCursor(body.nextCursor, dayIdCursor);
  const many = (n: number) => Array.from({ length: n }, (_, i) => item(i + 1, { date: day(11 + i) }));

  it('reads the page, the spare and one more; serves the page with the cursor of its last request', async () => {
    const { cache } = cacheWithClocks({ window });
    const { build, limits } = limited({ items: many(9) });
    const body = await cache.get('g', build);
    expect(limits).toEqual([6]);
    expect(ids(body)).toEqual([1, 2, 3]);
    expect(cursorOf(body)).toEqual([day(13), 3]);
  });

  it('a board that fits its page has no cursor, and a create that makes it overflow gives it one', async () => {
    const { cache } = cacheWithClocks({ window });
    const { build, limits } = limited({ items: many(3) });
    const before = await cache.get('g', build);
    expect(before.nextCursor).toBeNull();
    cache.patch('g', { upsert: [item(10, { date: day(30) })], remove: [] });
    const after = await cache.get('g', build);
    expect(ids(after)).toEqual([1, 2, 3]);
    expect(cursorOf(after)).toEqual([day(13), 3]);
    // The same bytes, another representation: the ETag says so.
    expect(after.identity.equals(before.identity)).toBe(true);
    expect(after.etags.identity).not.toBe(before.etags.identity);
    expect(limits).toHaveLength(1);
  });

  it('places a create within the held requests and ignores one past them (it belongs to a later page)', async () => {
    const { cache } = cacheWithClocks({ window });
    const { build, limits } = limited({ items: many(9) });
    const before = await cache.get('g', build);
    // Past the fifth (the last held): a later page's, nothing changes.
    cache.patch('g', { upsert: [item(20, { date: day(28) })], remove: [] });
    expect(await cache.get('g', build)).toBe(before);
    cache.patch('g', { upsert: [item(21, { date: day(10) })], remove: [] });
    const after = await cache.get('g', build);
    expect(ids(after)).toEqual([21, 1, 2]);
    expect(cursorOf(after)).toEqual([day(12), 2]);
    expect(limits).toHaveLength(1);
  });

  it('fills a deletion in the page from the spare without a read, and reads again once the spare is gone', async () => {
    const { cache } = cacheWithClocks({ window });
    const { build, limits, data } = limited({ items: many(9) });
    await cache.get('g', build);
    data.items = data.items.filter((r) => r.id !== 1 && r.id !== 2);
    cache.patch('g', { upsert: [], remove: [1, 2] });
    expect(ids(await cache.get('g', build))).toEqual([3, 4, 5]);
    expect(limits).toHaveLength(1);
    // A third deletion leaves two held of a board that goes on: read again.
    data.items = data.items.filter((r) => r.id !== 3);
    cache.patch('g', { upsert: [], remove: [3] });
    const refilled = await cache.get('g', build);
    expect(ids(refilled)).toEqual([4, 5, 6]);
    expect(cursorOf(refilled)).toEqual([day(16), 6]);
    expect(limits).toHaveLength(2);
  });

  it('an edit that moves a held request past the held ones takes it out of the page', async () => {
    const { cache } = cacheWithClocks({ window });
    const { build } = limited({ items: many(9) });
    await cache.get('g', build);
    cache.patch('g', { upsert: [item(1, { date: day(29), updatedAt: at(5) })], remove: [] });
    expect(ids(await cache.get('g', build))).toEqual([2, 3, 4]);
  });

  it('a request pushed out of the window does not come back with an older copy', async () => {
    const { cache } = cacheWithClocks({ window });
    const { build } = limited({ items: many(5) });
    await cache.get('g', build);
    // Two creates before everything push 4 and 5 out of the window.
    cache.patch('g', { upsert: [item(30, { date: day(10) }), item(31, { date: day(10) })], remove: [] });
    expect(ids(await cache.get('g', build))).toEqual([30, 31, 1]);
    // A late copy of 5 from before the version the build read, dated early: not placed.
    cache.patch('g', { upsert: [item(5, { date: day(10), updatedAt: '2031-03-10T09:00:00.000Z' })], remove: [] });
    expect(ids(await cache.get('g', build))).toEqual([30, 31, 1]);
  });

  it('whatever the changes, serves what a fresh read would give, or reads again', async () => {
    type Op = { kind: 'create'; d: number } | { kind: 'edit'; pick: number; d: number } | { kind: 'delete'; pick: number };
    const op = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), d: fc.integer({ min: 11, max: 28 }) }),
      fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), d: fc.integer({ min: 11, max: 28 }) }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 9 }), fc.array(op, { maxLength: 25 }), async (start, ops: Op[]) => {
        const { cache } = cacheWithClocks({ window });
        const { build, data } = limited({ items: many(start) });
        await cache.get('g', build);
        let nextId = 100;
        let minute = 1;
        for (const o of ops) {
          if (o.kind === 'create') {
            const created = item(nextId++, { date: day(o.d) });
            data.items.push(created);
            cache.patch('g', { upsert: [created], remove: [] });
          } else if (data.items.length > 0) {
            const target = data.items[o.pick % data.items.length]!;
            if (o.kind === 'delete') {
              data.items = data.items.filter((r) => r.id !== target.id);
              cache.patch('g', { upsert: [], remove: [target.id] });
            } else {
              const edited = { ...target, date: day(o.d), updatedAt: at(minute++) };
              data.items = data.items.map((r) => (r.id === target.id ? edited : r));
              cache.patch('g', { upsert: [edited], remove: [] });
            }
          }
          const served = await cache.get('g', build);
          const fresh = HeldBoard.of('2031-03-10', [...data.items].sort(boardOrder).slice(0, 6), window).body();
          expect(served.identity.equals(fresh.identity)).toBe(true);
          expect(served.nextCursor).toBe(fresh.nextCursor);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('invalidation across instances', () => {
  it('an invalidation on one instance drops the board on the other, and a peer’s does not echo back', async () => {
    const [busOne, busTwo] = joinedBuses();
    const one = createBoardCache(new CacheRegistry([], busOne));
    const two = createBoardCache(new CacheRegistry([], busTwo));
    const { build, calls } = counting();
    await one.get('g', build);
    await two.get('g', build);
    await two.get('other', build);
    one.invalidate('g');
    expect(one.size).toBe(0);
    expect(two.size).toBe(1);
    await two.get('g', build);
    await two.get('other', build);
    expect(calls).toHaveLength(4);
  });

  it('a patch on one instance applies on the other without a read, to the same bytes and ETag', async () => {
    const [busOne, busTwo] = joinedBuses();
    const one = createBoardCache(new CacheRegistry([], busOne));
    const two = createBoardCache(new CacheRegistry([], busTwo));
    const { build, calls } = counting({ items: [item(1), item(2, { date: '2031-03-25' })] });
    await one.get('g', build);
    await two.get('g', build);
    one.patch('g', { upsert: [item(3, { date: '2031-03-22', notes: 'é ✈' })], remove: [1] });
    const [a, b] = [await one.get('g', build), await two.get('g', build)];
    expect(ids(b)).toEqual([3, 2]);
    expect(b.identity.equals(a.identity)).toBe(true);
    expect(b.etags).toEqual(a.etags);
    expect(calls).toHaveLength(2);
  });

  it('a patch that cannot be read drops every board rather than keep one that may be stale', async () => {
    const [busOne, busTwo] = joinedBuses();
    createBoardCache(new CacheRegistry([], busOne));
    const two = createBoardCache(new CacheRegistry([], busTwo));
    const { build } = counting();
    await two.get('g', build);
    await two.get('other', build);
    expect(() => busOne.serverSideEmit(peerChannels.boardPatch, '{not json')).not.toThrow();
    expect(two.size).toBe(0);
  });

  it('without a bus (one instance, no Redis) invalidation stays local and does not throw', () => {
    const tell = new CacheRegistry().channel(peerChannels.boardInvalidate, () => undefined);
    expect(() => tell('g')).not.toThrow();
  });
});

describe('later and filtered pages (docs/decisions/0031)', () => {
  /** A page read that counts its calls and answers what `data` holds when it starts; `hold` keeps it open until release(). */
  function pageReads(data: { ids: number[] } = { ids: [201, 202] }) {
    const calls: number[] = [];
    let hold: Promise<void> | undefined;
    let release = () => undefined as void;
    const read = async () => {
      calls.push(calls.length);
      const json = Buffer.from(JSON.stringify(data.ids.map((id) => item(id))));
      if (hold) await hold;
      return { json, nextCursor: 'next' };
    };
    const holdNext = () => {
      hold = new Promise<void>((r) => (release = r));
      return () => {
        hold = undefined;
        release();
      };
    };
    return { read, calls, data, holdNext };
  }

  it('reads a page once and serves the same bytes, ETag and cursor after', async () => {
    const { cache } = cacheWithClocks();
    const { read, calls } = pageReads();
    const a = await cache.page('g', '2031-03-10', 'c1', read);
    const b = await cache.page('g', '2031-03-10', 'c1', read);
    expect(b).toBe(a);
    expect(a.nextCursor).toBe('next');
    expect(ids(a)).toEqual([201, 202]);
    expect(calls).toHaveLength(1);
    // Another cursor, day or group is another page.
    await cache.page('g', '2031-03-10', 'c2', read);
    await cache.page('g', '2031-03-11', 'c1', read);
    await cache.page('h', '2031-03-10', 'c1', read);
    expect(calls).toHaveLength(4);
    expect(cache.storedBytes).toBe(a.identity.length * 4);
  });

  it('any patch or invalidation of the group drops its pages, not other groups’', async () => {
    const { cache } = cacheWithClocks();
    const { read, calls, data } = pageReads();
    await cache.page('g', '2031-03-10', 'c1', read);
    await cache.page('h', '2031-03-10', 'c1', read);
    data.ids = [203];
    // Nothing of the group held but its pages: still dropped.
    cache.patch('g', { upsert: [item(203, { date: '2031-05-01' })], remove: [] });
    expect(ids(await cache.page('g', '2031-03-10', 'c1', read))).toEqual([203]);
    expect(ids(await cache.page('h', '2031-03-10', 'c1', read))).toEqual([201, 202]);
    expect(calls).toHaveLength(3);
    cache.invalidate('g');
    await cache.page('g', '2031-03-10', 'c1', read);
    expect(calls).toHaveLength(4);
    cache.clearAll();
    expect(cache.pageCount).toBe(0);
    expect(cache.storedBytes).toBe(0);
  });

  it('a read under way when the group changes serves its readers so far, is not kept, and later readers read again', async () => {
    const { cache } = cacheWithClocks();
    const { read, calls, data, holdNext } = pageReads();
    const release = holdNext();
    const early = cache.page('g', '2031-03-10', 'c1', read);
    const alsoEarly = cache.page('g', '2031-03-10', 'c1', read);
    cache.patch('g', { upsert: [], remove: [201] });
    data.ids = [202];
    const late = cache.page('g', '2031-03-10', 'c1', read);
    release();
    expect(ids(await early)).toEqual([201, 202]);
    expect(await alsoEarly).toBe(await early);
    expect(ids(await late)).toEqual([202]);
    expect(ids(await cache.page('g', '2031-03-10', 'c1', read))).toEqual([202]);
    expect(calls).toHaveLength(2);
  });

  it('reads a page again past the boards’ maximum age', async () => {
    const { cache, clock } = cacheWithClocks({ maxAgeMs: 1_000 });
    const { read, calls } = pageReads();
    await cache.page('g', '2031-03-10', 'c1', read);
    clock.elapsed = 1_000;
    await cache.page('g', '2031-03-10', 'c1', read);
    expect(calls).toHaveLength(1);
    clock.elapsed = 1_001;
    await cache.page('g', '2031-03-10', 'c1', read);
    expect(calls).toHaveLength(2);
  });

  it('pages go before boards when the memory bound is reached, and a failed read keeps nothing', async () => {
    const { cache } = cacheWithClocks({ maxEntries: 2 });
    const { build } = counting();
    const { read } = pageReads();
    await cache.get('g', build);
    await cache.page('g', '2031-03-10', 'c1', read);
    await cache.page('g', '2031-03-10', 'c2', read);
    await cache.page('g', '2031-03-10', 'c3', read);
    expect(cache.pageCount).toBe(2);
    expect(cache.size).toBe(1);
    await expect(cache.page('g', '2031-03-10', 'bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.pageCount).toBe(2);
  });

  it('a patch on one instance drops the group’s pages on the other', async () => {
    const [busOne, busTwo] = joinedBuses();
    const one = createBoardCache(new CacheRegistry([], busOne));
    const two = createBoardCache(new CacheRegistry([], busTwo));
    const { read, calls } = pageReads();
    await one.page('g', '2031-03-10', 'c1', read);
    await two.page('g', '2031-03-10', 'c1', read);
    one.patch('g', { upsert: [], remove: [999] });
    expect(two.pageCount).toBe(0);
    await two.page('g', '2031-03-10', 'c1', read);
    one.invalidate('g');
    expect(two.pageCount).toBe(0);
    expect(calls).toHaveLength(3);
  });
});

describe('boards changed by a profile change', () => {
  const crew = {
    id: 7,
    firstName: 'Ana',
    lastName: 'Lee',
    employeeNumber: 'E7',
    airline: 'Delta',
    position: 'captain',
    profileImageUrl: null,
    base: 'JFK',
    aircraftType: '737',
  };

  it('none when nothing the board shows changed', () => {
    expect(boardsChangedByProfile(crew, { ...crew })).toEqual([]);
  });

  it('the group’s board when the owner summary changed', () => {
    expect(boardsChangedByProfile(crew, { ...crew, lastName: 'Park' })).toEqual(['Delta|JFK|captain|737']);
    expect(boardsChangedByProfile(crew, { ...crew, employeeNumber: 'E8' })).toEqual(['Delta|JFK|captain|737']);
    expect(boardsChangedByProfile(crew, { ...crew, profileImageUrl: '/uploads/a.png' })).toEqual(['Delta|JFK|captain|737']);
  });

  it('both boards when the requests move to another group', () => {
    expect(boardsChangedByProfile(crew, { ...crew, base: 'ATL' })).toEqual(['Delta|JFK|captain|737', 'Delta|ATL|captain|737']);
  });

  it('only the new board when the user had no group before', () => {
    expect(boardsChangedByProfile({ ...crew, base: null }, crew)).toEqual(['Delta|JFK|captain|737']);
  });
});
