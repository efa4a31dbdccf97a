import { describe, expect, it } from 'vitest';
import type { InsightsReport } from '#protocol/shapes.ts';
import { InsightsCache } from './insights-cache.ts';

const report = (n: number): InsightsReport => ({ countedAt: `t${n}`, weeks: [], activeRequests: [] });

/** A count the test finishes by hand. */
function deferred() {
  let finish!: (r: InsightsReport) => void;
  const promise = new Promise<InsightsReport>((resolve) => (finish = resolve));
  return { promise, finish };
}

describe('InsightsCache', () => {
  it('serves one count for a minute, then counts again', async () => {
    let clock = 0;
    let counts = 0;
    const cache = new InsightsCache({ maxAgeMs: 60_000, elapsedMs: () => clock });
    const count = () => Promise.resolve(report(++counts));
    expect((await cache.get(count)).countedAt).toBe('t1');
    clock = 59_999;
    expect((await cache.get(count)).countedAt).toBe('t1');
    clock = 60_000;
    expect((await cache.get(count)).countedAt).toBe('t2');
  });

  it('readers while a count is under way share it; a failed count is not kept', async () => {
    const cache = new InsightsCache({ elapsedMs: () => 0 });
    const first = deferred();
    let counts = 0;
    const count = () => (++counts === 1 ? first.promise : Promise.resolve(report(counts)));
    const a = cache.get(count);
    const b = cache.get(count);
    first.finish(report(1));
    expect([await a, await b]).toEqual([report(1), report(1)]);
    expect(counts).toBe(1);

    cache.clear();
    await expect(cache.get(() => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect((await cache.get(count)).countedAt).toBe('t2');
  });

  it('a count that began before clear() answers its readers but is not kept', async () => {
    const cache = new InsightsCache({ elapsedMs: () => 0 });
    const early = deferred();
    const pending = cache.get(() => early.promise);
    cache.clear();
    early.finish(report(1));
    expect(await pending).toEqual(report(1));
    expect(await cache.get(() => Promise.resolve(report(2)))).toEqual(report(2));
  });
});
