import { describe, expect, it } from 'vitest';
import { todayUtc } from '#protocol/rules.ts';
import { dayOfGroup, dayOfUser, timeZoneOf, zoneOfBase } from './crew-day.ts';

// Both sides of UTC midnight between June 10 and 11, 2026.
const BEFORE = new Date('2026-06-10T23:30:00Z');
const AFTER = new Date('2026-06-11T00:30:00Z');
// Just past midnight in Tokyo, still June 10 in UTC.
const TOKYO_MIDNIGHT = new Date('2026-06-10T15:30:00Z');

describe("the crew member's own day", () => {
  it('reads the base time zone from the airport table', () => {
    expect(zoneOfBase('ATL')).toBe('America/New_York');
    expect(zoneOfBase('nrt')).toBe('Asia/Tokyo');
    expect(zoneOfBase('QQQ')).toBeNull();
    expect(zoneOfBase(null)).toBeNull();
  });

  it('a base in the Americas: still June 10 after UTC midnight', () => {
    const atl = { base: 'ATL', timeZone: null };
    expect([todayUtc(BEFORE), dayOfUser(atl, BEFORE)]).toEqual(['2026-06-10', '2026-06-10']);
    expect([todayUtc(AFTER), dayOfUser(atl, AFTER)]).toEqual(['2026-06-11', '2026-06-10']);
    expect(dayOfGroup('Delta|ATL|captain|737', AFTER)).toBe('2026-06-10');
    expect(dayOfUser(atl, new Date('2026-06-11T04:30:00Z'))).toBe('2026-06-11');
  });

  it('turns over at the base’s midnight to the second, however often it was just asked', () => {
    const justBefore = new Date('2026-06-10T14:59:59.999Z');
    const midnight = new Date('2026-06-10T15:00:00.000Z');
    for (let i = 0; i < 3; i++) expect(dayOfGroup('Delta|NRT|captain|737', justBefore)).toBe('2026-06-10');
    expect(dayOfGroup('Delta|NRT|captain|737', midnight)).toBe('2026-06-11');
    // Back to an earlier instant (tests and replays do): worked out again, not the last answer.
    expect(dayOfGroup('Delta|NRT|captain|737', justBefore)).toBe('2026-06-10');
  });

  it('a base in Asia: June 11 before UTC midnight', () => {
    const nrt = { base: 'NRT', timeZone: null };
    expect([todayUtc(BEFORE), dayOfUser(nrt, BEFORE)]).toEqual(['2026-06-10', '2026-06-11']);
    expect([todayUtc(AFTER), dayOfUser(nrt, AFTER)]).toEqual(['2026-06-11', '2026-06-11']);
    expect([todayUtc(TOKYO_MIDNIGHT), dayOfGroup('Delta|NRT|captain|737', TOKYO_MIDNIGHT)]).toEqual(['2026-06-10', '2026-06-11']);
  });

  it('a base the table does not know: the picked zone, else UTC; a known base wins over a pick', () => {
    expect(timeZoneOf({ base: 'QQQ', timeZone: null })).toBe('UTC');
    expect(dayOfUser({ base: 'QQQ', timeZone: 'Asia/Tokyo' }, BEFORE)).toBe('2026-06-11');
    expect(dayOfUser({ base: 'QQQ', timeZone: 'Not/AZone' }, BEFORE)).toBe('2026-06-10');
    expect(timeZoneOf({ base: 'ATL', timeZone: 'Asia/Tokyo' })).toBe('America/New_York');
    expect(dayOfGroup('Delta|QQQ|captain|737', BEFORE)).toBe('2026-06-10');
  });
});
