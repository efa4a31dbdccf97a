import { describe, expect, it } from 'vitest';
import { FeedCache } from './calendar-cache.ts';
import { feedWindow, shareOut } from './calendar.window.ts';

/** A build that ends when told to. */
function held(text: string) {
  let finish!: () => void;
  const ended = new Promise<void>((resolve) => (finish = resolve));
  let calls = 0;
  return {
    build: async () => {
      calls++;
      await ended;
      return text;
    },
    finish,
    get calls() {
      return calls;
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('shareOut', () => {
  it('under the bound, every event is kept', () => {
    expect(shareOut({ trades: 3, chains: 1, matches: 40, requests: 12 }, 300)).toEqual({ trades: 3, chains: 1, matches: 40, requests: 12 });
  });

  it('over it, each kind keeps its share and what one leaves goes to the others in order: trades, chains, matches, requests', () => {
    expect(shareOut({ trades: 200, chains: 0, matches: 6000, requests: 462 }, 300)).toEqual({
      trades: 150,
      chains: 0,
      matches: 75,
      requests: 75,
    });
    expect(shareOut({ trades: 10, chains: 2, matches: 6000, requests: 462 }, 300)).toEqual({
      trades: 10,
      chains: 2,
      matches: 213,
      requests: 75,
    });
    expect(shareOut({ trades: 0, chains: 0, matches: 0, requests: 3000 }, 300)).toEqual({
      trades: 0,
      chains: 0,
      matches: 0,
      requests: 300,
    });
    expect(shareOut({ trades: 300, chains: 300, matches: 300, requests: 300 }, 300)).toEqual({
      trades: 75,
      chains: 75,
      matches: 75,
      requests: 75,
    });
  });
});

describe('feedWindow', () => {
  it('is the day and the 90 after it, across months and years', () => {
    expect(feedWindow('2026-11-28')).toEqual({ first: '2026-11-28', last: '2027-02-26' });
  });
});

describe('FeedCache', () => {
  it('readers at once share one build; later readers within the age get what it made; after it, a new build', async () => {
    let now = 0;
    const cache = new FeedCache({ maxAgeMs: 60_000, elapsedMs: () => now });
    const first = held('one');
    const readers = Array.from({ length: 10 }, () => cache.get(7, first.build));
    first.finish();
    expect((await Promise.all(readers)).map(String)).toEqual(Array(10).fill('one'));
    expect(first.calls).toBe(1);
    now = 59_999;
    const second = held('two');
    second.finish();
    expect(String(await cache.get(7, second.build))).toBe('one');
    now = 60_000;
    expect(String(await cache.get(7, second.build))).toBe('two');
    expect(second.calls).toBe(1);
  });

  it('builds at most buildsAtOnce feeds at once; the rest wait their turn in order', async () => {
    const cache = new FeedCache({ buildsAtOnce: 2 });
    const builds = [1, 2, 3, 4].map((n) => held(`feed ${n}`));
    const reads = builds.map((b, i) => cache.get(i + 1, b.build));
    await tick();
    expect(builds.map((b) => b.calls)).toEqual([1, 1, 0, 0]);
    expect(cache.size).toMatchObject({ building: 2, waiting: 2 });
    builds[1]!.finish();
    await reads[1];
    await tick();
    expect(builds.map((b) => b.calls)).toEqual([1, 1, 1, 0]);
    for (const b of builds) b.finish();
    expect((await Promise.all(reads)).map(String)).toEqual(['feed 1', 'feed 2', 'feed 3', 'feed 4']);
    expect(cache.size).toMatchObject({ feeds: 4, building: 0, waiting: 0 });
  });

  it('a failed build fails its readers, holds nothing and frees its place', async () => {
    const cache = new FeedCache({ buildsAtOnce: 1 });
    await expect(cache.get(1, () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(String(await cache.get(1, async () => 'later'))).toBe('later');
  });

  it('holds at most maxBytes, the oldest going first', async () => {
    const cache = new FeedCache({ maxBytes: 25 });
    for (const id of [1, 2, 3]) await cache.get(id, async () => 'x'.repeat(10));
    expect(cache.size).toMatchObject({ feeds: 2, bytes: 20 });
    let rebuilt = 0;
    await cache.get(1, async () => {
      rebuilt++;
      return 'y';
    });
    expect(rebuilt).toBe(1);
    cache.clear();
    expect(cache.size).toMatchObject({ feeds: 0, bytes: 0 });
  });
});
