import { describe, expect, it } from 'vitest';
import { dayRange, matchDays, matchesSummary, matchSentence, type MatchSideFacts } from './matchText.ts';

const side = (type: MatchSideFacts['type'], allDates: string[], over: Partial<MatchSideFacts> = {}): MatchSideFacts => ({
  type,
  allDates,
  desiredDates: [],
  route: null,
  reservePeriod: null,
  ...over,
});

describe('what a match is called', () => {
  it('a pickup over six days matching six one-day drops: each names its own day', () => {
    const pickup = side('pickup', ['2026-12-20', '2026-12-21', '2026-12-22', '2026-12-23', '2026-12-24', '2026-12-25']);
    const sentences = pickup.allDates.map((d, i) => matchSentence('Maya Chen', pickup, side('drop', [d], { route: `ATL12${i}` })));
    expect(sentences).toEqual([
      "Maya Chen's drop on Dec 20 (ATL120) matches your pickup",
      "Maya Chen's drop on Dec 21 (ATL121) matches your pickup",
      "Maya Chen's drop on Dec 22 (ATL122) matches your pickup",
      "Maya Chen's drop on Dec 23 (ATL123) matches your pickup",
      "Maya Chen's drop on Dec 24 (ATL124) matches your pickup",
      "Maya Chen's drop on Dec 25 (ATL125) matches your pickup",
    ]);
  });

  it('trades name the colleague’s days the reader wants; ranges read short', () => {
    const mine = side('trade', ['2026-12-01'], { desiredDates: ['2026-12-08', '2026-12-09'] });
    const theirs = side('trade', ['2026-12-07', '2026-12-08', '2026-12-09'], { desiredDates: ['2026-12-01'], reservePeriod: 'R2' });
    expect(matchDays(mine, theirs)).toEqual(['2026-12-08', '2026-12-09']);
    expect(matchSentence('Liam', mine, theirs)).toBe("Liam's trade on Dec 8-9 (R2) matches your trade");
    expect(dayRange(['2026-12-30', '2027-01-02'])).toBe('Dec 30-Jan 2');
    expect(matchesSummary(3, { type: 'pickup' }, ['2026-12-22', '2026-12-20', '2026-12-21'])).toBe('3 new matches for your pickup, Dec 20-22');
  });
});
