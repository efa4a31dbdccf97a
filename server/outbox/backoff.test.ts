import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelayMs } from './backoff.ts';

describe('retry backoff', () => {
  it('doubles from 5 s, is capped at 15 minutes, and gives up after the last attempt', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(9)).toBe(15 * 60_000);
    expect(retryDelayMs(MAX_ATTEMPTS - 1)).toBe(15 * 60_000);
    expect(retryDelayMs(MAX_ATTEMPTS)).toBeUndefined();
    // About an hour of retries in all before a notification is given up.
    const total = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1)!).reduce((a, b) => a + b, 0);
    expect(total / 60_000).toBeGreaterThan(45);
    expect(total / 60_000).toBeLessThan(90);
  });
});
