import { EventEmitter } from 'node:events';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { peerInvalidation, type PeerBus } from '../../lib/peer-invalidation.ts';
import { BoardCache, createBoardCache, identityOf, type PreparedBody } from './board-cache.ts';
import { boardsChangedByProfile } from './profile-changes.ts';

/** A cache on clocks the test moves: wall time (the UTC day) and elapsed time (ages). */
function cacheWithClocks(options: { maxAgeMs?: number; maxEntries?: number; maxBytes?: number } = {}) {
  const clock = { wall: new Date('2031-03-10T23:59:00Z'), elapsed: 0 };
  const cache = new BoardCache({ ...options, now: () => clock.wall, elapsedMs: () => clock.elapsed });
  return { cache, clock };
}

/** A builder that counts its calls and answers what `data` holds at the time of the call. */
function counting(data: { items: unknown[] } = { items: [{ id: 1 }] }) {
  const calls: string[] = [];
  const build = (day: string) => {
    calls.push(day);
    return Promise.resolve(structuredClone(data.items));
  };
  return { build, calls, data };
}

/** The JSON a board decodes to (it holds only its compressed forms). */
const json = (body: PreparedBody) => JSON.parse(gunzipSync(body.bodies.gzip).toString()) as unknown;

describe('board cache', () => {
  it('serialises once and serves identical bytes, with gzip and brotli that decode to the same JSON', async () => {
    const { cache } = cacheWithClocks();
    const { build, calls } = counting({ items: [{ id: 1, notes: 'é ✈' }] });
    const first = await cache.get('Delta|JFK|captain|737', build);
    const second = await cache.get('Delta|JFK|captain|737', build);
    expect(calls).toHaveLength(1);
    expect(second).toBe(first);
    const identity = identityOf(first);
    expect(JSON.parse(identity.toString())).toEqual([{ id: 1, notes: 'é ✈' }]);
    expect(gunzipSync(first.bodies.gzip).equals(identity)).toBe(true);
    expect(brotliDecompressSync(first.bodies.br).equals(identity)).toBe(true);
    // Only the compressed forms are held.
    expect(first.bytes).toBe(first.bodies.gzip.length + first.bodies.br.length);
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
      return [{ id: 1 }];
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
    data.items = [{ id: 1 }, { id: 2 }];
    expect(await cache.get('g', build)).toBe(before);
    cache.invalidate('g');
    const after = await cache.get('g', build);
    expect(calls).toHaveLength(2);
    expect(json(after)).toEqual([{ id: 1 }, { id: 2 }]);
    expect(after.etags.identity).not.toBe(before.etags.identity);
  });

  it('does not keep a board read before an invalidation that arrived while it was being built', async () => {
    const { cache } = cacheWithClocks();
    const data = { items: [{ id: 1 }] as unknown[] };
    let release!: () => void;
    const slow = async () => {
      const read = structuredClone(data.items);
      await new Promise<void>((r) => (release = r));
      return read;
    };
    const early = cache.get('g', slow);
    await Promise.resolve();
    // A write commits and invalidates while the first build is still out.
    data.items = [{ id: 1 }, { id: 2 }];
    cache.invalidate('g');
    release();
    expect(json(await early)).toEqual([{ id: 1 }]);
    const { build, calls } = counting(data);
    expect(json(await cache.get('g', build))).toEqual([{ id: 1 }, { id: 2 }]);
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
      return [{ version: read }];
    };
    const version = async (body: Promise<PreparedBody>) => (json(await body) as { version: number }[])[0]!.version;
    const tick = () => new Promise((r) => setImmediate(r));

    const first = cache.get('g', build);
    await tick();
    // Ten changes commit while the first build is under way; a reader comes after each.
    const afterChanges: Promise<PreparedBody>[] = [];
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
      new Promise<unknown[]>((resolve, reject) => (release = (fail) => (fail ? reject(new Error('database down')) : resolve([]))));
    const first = cache.get('g', failing);
    await Promise.resolve();
    cache.invalidate('g');
    const { build, calls } = counting();
    const next = cache.get('g', build);
    release(true);
    await expect(first).rejects.toThrow('database down');
    expect(json(await next)).toEqual([{ id: 1 }]);
    expect(calls).toHaveLength(1);
  });

  it('after clearAll, readers wait for a new build rather than the one under way', async () => {
    const { cache } = cacheWithClocks();
    const data = { items: [{ id: 1 }] as unknown[] };
    let release!: () => void;
    const slow = async () => {
      const read = structuredClone(data.items);
      await new Promise<void>((r) => (release = r));
      return read;
    };
    const early = cache.get('g', slow);
    await Promise.resolve();
    data.items = [{ id: 2 }];
    cache.clearAll();
    const { build, calls } = counting(data);
    const late = cache.get('g', build);
    release();
    expect(json(await early)).toEqual([{ id: 1 }]);
    expect(json(await late)).toEqual([{ id: 2 }]);
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

  it('serves no board older than its maximum age (invalidations lost while Redis was down)', async () => {
    const { cache, clock } = cacheWithClocks({ maxAgeMs: 30_000 });
    const { build, calls } = counting();
    await cache.get('g', build);
    clock.elapsed += 30_000;
    await cache.get('g', build);
    expect(calls).toHaveLength(1);
    clock.elapsed += 1;
    await cache.get('g', build);
    expect(calls).toHaveLength(2);
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
    const big = { items: Array.from({ length: 500 }, (_, i) => ({ id: i, notes: `request ${i} `.repeat(5) })) };
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

describe('invalidation across instances', () => {
  /** Two instances' buses joined like the Redis adapter: an emit reaches the others, never the sender. */
  function joinedBuses(): [PeerBus, PeerBus] {
    const local = [new EventEmitter(), new EventEmitter()] as const;
    const bus = (self: EventEmitter, other: EventEmitter): PeerBus => ({
      on: (event, listener) => self.on(event, listener),
      serverSideEmit: (event, ...args) => other.emit(event, ...args),
    });
    return [bus(local[0], local[1]), bus(local[1], local[0])];
  }

  it('an invalidation on one instance drops the board on the other, and a peer’s does not echo back', async () => {
    const [busOne, busTwo] = joinedBuses();
    const one = createBoardCache(busOne);
    const two = createBoardCache(busTwo);
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

  it('without a bus (one instance, no Redis) invalidation stays local and does not throw', () => {
    const tell = peerInvalidation(undefined, 'board:invalidate', () => undefined);
    expect(() => tell('g')).not.toThrow();
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
