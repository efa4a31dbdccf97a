import { describe, expect, it } from 'vitest';
import { allDatesOf, counterpartType, isMatch, lastDateOf, orderedPair, todayUtc, type MatchableRequest } from './matching.rules.ts';

const TODAY = '2026-06-10';
let nextId = 1;
const req = (over: Partial<MatchableRequest> = {}): MatchableRequest => {
  const allDates = over.allDates ?? ['2026-06-20'];
  return {
    id: nextId++,
    userId: 1,
    groupKey: 'Delta|ATL|captain|737',
    type: 'drop',
    routeType: 'pairing',
    status: 'active',
    desiredDates: [],
    ...over,
    allDates,
    lastDate: over.lastDate ?? lastDateOf(allDates),
  };
};

describe('derived dates', () => {
  it('joins date and additional dates, without duplicates, in order', () => {
    expect(allDatesOf('2026-06-20', ['2026-06-22', '2026-06-18', '2026-06-20'])).toEqual(['2026-06-18', '2026-06-20', '2026-06-22']);
    expect(lastDateOf(['2026-06-18', '2026-06-22'])).toBe('2026-06-22');
  });

  it('takes today from the UTC calendar', () => {
    expect(todayUtc(new Date('2026-06-10T23:30:00-05:00'))).toBe('2026-06-11');
  });
});

describe('isMatch', () => {
  it('matches a drop with a pickup of another user on a shared date, both ways', () => {
    const drop = req({ type: 'drop', allDates: ['2026-06-20', '2026-06-21'] });
    const pickup = req({ type: 'pickup', userId: 2, allDates: ['2026-06-21'] });
    expect(isMatch(drop, pickup, TODAY)).toBe(true);
    expect(isMatch(pickup, drop, TODAY)).toBe(true);
  });

  it('needs a shared date, the counterpart type and another user', () => {
    const drop = req({ type: 'drop' });
    expect(isMatch(drop, req({ type: 'pickup', userId: 2, allDates: ['2026-06-21'] }), TODAY)).toBe(false);
    expect(isMatch(drop, req({ type: 'drop', userId: 2 }), TODAY)).toBe(false);
    expect(isMatch(drop, req({ type: 'pickup', userId: 1 }), TODAY)).toBe(false);
  });

  it('stays inside the group and the route type', () => {
    const drop = req({ type: 'drop' });
    expect(isMatch(drop, req({ type: 'pickup', userId: 2, groupKey: 'Delta|JFK|captain|737' }), TODAY)).toBe(false);
    expect(isMatch(drop, req({ type: 'pickup', userId: 2, routeType: 'reserve_period' }), TODAY)).toBe(false);
  });

  it('ignores past and inactive requests', () => {
    const drop = req({ type: 'drop', allDates: ['2026-06-01'] });
    expect(isMatch(drop, req({ type: 'pickup', userId: 2, allDates: ['2026-06-01'] }), TODAY)).toBe(false);
    expect(isMatch(req({ type: 'drop' }), req({ type: 'pickup', userId: 2, status: 'completed' }), TODAY)).toBe(false);
  });

  it('counts a request whose last date is today as current', () => {
    const drop = req({ type: 'drop', allDates: [TODAY] });
    expect(isMatch(drop, req({ type: 'pickup', userId: 2, allDates: [TODAY] }), TODAY)).toBe(true);
  });

  it('matches trades only when each one’s dates meet the other’s desired dates', () => {
    const a = req({ type: 'trade', allDates: ['2026-06-20'], desiredDates: ['2026-06-25'] });
    const b = req({ type: 'trade', userId: 2, allDates: ['2026-06-25'], desiredDates: ['2026-06-20'] });
    const oneWay = req({ type: 'trade', userId: 2, allDates: ['2026-06-25'], desiredDates: ['2026-06-30'] });
    expect(isMatch(a, b, TODAY)).toBe(true);
    expect(isMatch(b, a, TODAY)).toBe(true);
    expect(isMatch(a, oneWay, TODAY)).toBe(false);
    expect(isMatch(a, req({ type: 'pickup', userId: 2, allDates: ['2026-06-20'] }), TODAY)).toBe(false);
  });
});

describe('helpers', () => {
  it('orders a pair lower id first', () => {
    expect(orderedPair(9, 3)).toEqual([3, 9]);
    expect(orderedPair(3, 9)).toEqual([3, 9]);
  });

  it('names the counterpart type', () => {
    expect([counterpartType('drop'), counterpartType('pickup'), counterpartType('trade')]).toEqual(['pickup', 'drop', 'trade']);
  });
});
