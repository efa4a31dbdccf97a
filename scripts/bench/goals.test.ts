import { describe, expect, it } from 'vitest';
import { atMost, formatGoals, within } from './goals.ts';

describe('bench goals', () => {
  it('judges a ratio budget with its allowance', () => {
    expect(within('creates p99', 35, 10, 3, 5).met).toBe(true);
    expect(within('creates p99', 35.1, 10, 3, 5).met).toBe(false);
    expect(within('board p99', 4, 1, 2, 2).met).toBe(true);
  });

  it('judges a ceiling', () => {
    expect(atMost('stall', 20, 20, 'ms').met).toBe(true);
    expect(atMost('stall', 20.5, 20, 'ms').met).toBe(false);
  });

  it('prints each goal with its yardstick, ratio and verdict, and how many held', () => {
    const table = formatGoals([within('creates p99', 46.8, 10, 3, 5), atMost('/login JS', 60, 70, 'KB')]);
    expect(table).toContain('| creates p99 | 46.8 ms | 10 ms | 4.68x | <= 3x + 5 ms | **no** |');
    expect(table).toContain('| /login JS | 60 KB |  |  | <= 70 KB | yes |');
    expect(table).toContain('1 of 2 met.');
  });
});
