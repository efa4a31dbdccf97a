import { format, isToday as fnsIsToday, isYesterday as fnsIsYesterday, subDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { clockTime, isToday, isYesterday, monthDay, monthDayYear } from './dates.ts';

// Every month, every hour (midnight and noon included), minutes with and without a leading zero,
// a year under 1000 and one over 9999 (a slip the forms refuse, but a stored date prints as it is).
const samples: Date[] = [];
for (let month = 0; month < 12; month++)
  for (const [hour, minute] of [
    [0, 0],
    [0, 5],
    [11, 59],
    [12, 0],
    [12, 30],
    [13, 7],
    [23, 59],
    [month, month * 5],
  ] as const)
    samples.push(new Date(2026, month, 1 + month * 2, hour, minute));
samples.push(new Date(202, 4, 9, 8, 3), new Date(20266, 10, 30, 18, 45));

describe('the first screen’s date texts', () => {
  it('read as date-fns’s "MMM d", "MMM d, yyyy" and "h:mm a"', () => {
    for (const d of samples) {
      expect(monthDay(d)).toBe(format(d, 'MMM d'));
      expect(monthDayYear(d)).toBe(format(d, 'MMM d, yyyy'));
      expect(clockTime(d)).toBe(format(d, 'h:mm a'));
    }
  });

  it('tell today and yesterday as date-fns does, across a month and a year boundary', () => {
    const now = new Date();
    for (const d of [now, subDays(now, 1), subDays(now, 2), new Date(now.getFullYear(), now.getMonth(), 1), new Date(2026, 0, 1)]) {
      expect(isToday(d)).toBe(fnsIsToday(d));
      expect(isYesterday(d)).toBe(fnsIsYesterday(d));
    }
    expect(isYesterday(new Date(2025, 11, 31, 23, 0), new Date(2026, 0, 1, 0, 30))).toBe(true);
    expect(isYesterday(new Date(2026, 1, 28, 9), new Date(2026, 2, 1, 9))).toBe(true);
    expect(isToday(new Date(2026, 2, 1, 0, 0), new Date(2026, 2, 1, 23, 59))).toBe(true);
  });
});
