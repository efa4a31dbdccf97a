import { describe, expect, it } from 'vitest';
import { lastDateOf, type MatchableRequest } from './matching.rules.ts';
import { cycleKey, giverOf, isCycle } from './chain.rules.ts';

const TODAY = '2026-06-10';
let nextId = 1;
const trade = (userId: number, dates: string[], desired: string[], over: Partial<MatchableRequest> = {}): MatchableRequest => ({
  id: nextId++,
  userId,
  groupKey: 'Delta|ATL|captain|737',
  type: 'trade',
  routeType: 'pairing',
  status: 'active',
  allDates: dates,
  desiredDates: desired,
  lastDate: lastDateOf(dates),
  ...over,
});

/** A wants C's date, B wants A's, C wants B's: A's trip goes to B, B's to C, C's to A. */
const ring = () => [
  trade(1, ['2026-06-20'], ['2026-06-22']),
  trade(2, ['2026-06-21'], ['2026-06-20']),
  trade(3, ['2026-06-22'], ['2026-06-21']),
];

describe('isCycle', () => {
  it('holds when each request’s dates meet the next one’s desired dates, the last meeting the first', () => {
    expect(isCycle(ring(), TODAY)).toBe(true);
  });

  it('is directed: the same three the other way round are not a ring', () => {
    expect(isCycle(ring().reverse(), TODAY)).toBe(false);
  });

  it('fails when one hand-over does not meet', () => {
    const [a, b, c] = ring();
    expect(isCycle([a, b, { ...c!, desiredDates: ['2026-07-01'] }], TODAY)).toBe(false);
    expect(isCycle([{ ...a!, allDates: ['2026-06-30'], lastDate: '2026-06-30' }, b, c], TODAY)).toBe(false);
  });

  it('needs three different crew', () => {
    const [a, b, c] = ring();
    expect(isCycle([a, b, { ...c!, userId: 1 }], TODAY)).toBe(false);
  });

  it('needs one group and one route type', () => {
    const [a, b, c] = ring();
    expect(isCycle([a, b, { ...c!, groupKey: 'Delta|JFK|captain|737' }], TODAY)).toBe(false);
    expect(isCycle([a, b, { ...c!, routeType: 'reserve_period' }], TODAY)).toBe(false);
  });

  it('needs three current, active trade requests', () => {
    const [a, b, c] = ring();
    expect(isCycle([a, b, { ...c!, status: 'completed' }], TODAY)).toBe(false);
    expect(isCycle([a, b, { ...c!, type: 'drop' }], TODAY)).toBe(false);
    expect(isCycle([a, b, c], '2026-06-21')).toBe(false);
  });

  it('fails when a member’s request is gone or a member is missing', () => {
    const [a, b] = ring();
    expect(isCycle([a, b, undefined], TODAY)).toBe(false);
    expect(isCycle([a, b], TODAY)).toBe(false);
  });
});

describe('cycleKey', () => {
  it('is the same from whichever member the ring was found', () => {
    expect(cycleKey([12, 40, 33])).toBe('12>40>33');
    expect(cycleKey([40, 33, 12])).toBe('12>40>33');
    expect(cycleKey([33, 12, 40])).toBe('12>40>33');
  });

  it('tells the two directions of the same three requests apart', () => {
    expect(cycleKey([12, 33, 40])).not.toBe(cycleKey([12, 40, 33]));
  });
});

describe('giverOf', () => {
  it('is the previous member: the first gets the last one’s trip', () => {
    expect([0, 1, 2].map(giverOf)).toEqual([2, 0, 1]);
  });
});
