// My Month's calendar arithmetic: the month a URL opens, weeks from the locale's first day, the words.
import { afterEach, describe, expect, it } from 'vitest';
import { dutyTimes, firstDayOfWeek, longDay, monthBounds, monthOf, monthTitle, monthWeeks, shiftMonth, weekdayOrder } from './month.ts';

describe('the month a URL opens', () => {
  it('takes a real month, else today’s', () => {
    expect(monthOf('2026-12', '2027-03-04')).toBe('2026-12');
    for (const bad of [null, '', '2026-13', '2026-1', '26-12', '2026-12-01', '1999-12', '2101-01', 'soon'])
      expect(monthOf(bad, '2027-03-04')).toBe('2027-03');
  });

  it('moves by months across years, never past the app’s dates', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-05', 12)).toBe('2027-05');
    expect(shiftMonth('2000-01', -1)).toBe('2000-01');
    expect(shiftMonth('2100-12', 1)).toBe('2100-12');
  });

  it('knows each month’s last day', () => {
    expect(monthBounds('2024-02')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(monthBounds('2026-02').last).toBe('2026-02-28');
    expect(monthBounds('2026-12').last).toBe('2026-12-31');
    expect(monthBounds('2026-04').last).toBe('2026-04-30');
  });
});

describe('weeks start on the locale’s first day', () => {
  const proto = Intl.Locale.prototype as unknown as Record<string, unknown>;
  const saved = ['getWeekInfo', 'weekInfo'].map((k) => [k, Object.getOwnPropertyDescriptor(proto, k)] as const);
  afterEach(() => {
    for (const [k, d] of saved) if (d) Object.defineProperty(proto, k, d);
  });

  it('reads Intl.Locale’s week information', () => {
    expect(firstDayOfWeek('en-US')).toBe(0);
    expect(firstDayOfWeek('de-DE')).toBe(1);
    expect(firstDayOfWeek('en-GB')).toBe(1);
    expect(firstDayOfWeek('not a locale!')).toBe(0);
  });

  it('without it: Sunday in the United States, Monday elsewhere', () => {
    for (const [k] of saved) delete proto[k];
    expect(firstDayOfWeek('en-US')).toBe(0);
    expect(firstDayOfWeek('en')).toBe(0);
    expect(firstDayOfWeek('fr-FR')).toBe(1);
    expect(firstDayOfWeek('en-GB')).toBe(1);
  });

  it('lays a month out in whole weeks', () => {
    // December 1, 2026 is a Tuesday.
    const sunday = monthWeeks('2026-12', 0);
    expect(sunday[0]).toEqual([null, null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(sunday).toHaveLength(5);
    expect(sunday[4]).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null]);
    const monday = monthWeeks('2026-12', 1);
    expect(monday[0]).toEqual([null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    // February 2026 starts on a Sunday: four whole weeks.
    expect(monthWeeks('2026-02', 0)).toHaveLength(4);
    expect(weekdayOrder(1)).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });
});

describe('words', () => {
  it('names months and days', () => {
    expect(monthTitle('2026-12')).toBe('December 2026');
    expect(longDay('2026-12-10')).toBe('Thursday, December 10');
  });

  it('writes a duty’s times at the base', () => {
    const timed = { allDay: false, startDay: '2026-12-10', endDay: '2026-12-10' };
    expect(dutyTimes({ ...timed, start: '2026-12-10T13:00:00Z', end: '2026-12-10T19:00:00Z' }, 'America/New_York')).toBe(
      'Thu, Dec 10, 8:00 AM – 2:00 PM EST',
    );
    expect(dutyTimes({ ...timed, start: '2026-12-11T03:00:00Z', end: '2026-12-11T08:30:00Z' }, 'America/New_York')).toBe(
      'Thu, Dec 10, 10:00 PM – Fri, Dec 11, 3:30 AM EST',
    );
    expect(dutyTimes({ ...timed, start: '2026-12-10T13:00:00Z', end: '2026-12-10T19:00:00Z' }, 'UTC')).toBe(
      'Thu, Dec 10, 1:00 PM – 7:00 PM UTC',
    );
    const allDay = { allDay: true, start: '2026-12-10T00:00:00Z', end: '2026-12-11T00:00:00Z' };
    expect(dutyTimes({ ...allDay, startDay: '2026-12-10', endDay: '2026-12-10' }, 'UTC')).toBe('All day');
    expect(dutyTimes({ ...allDay, startDay: '2026-12-10', endDay: '2026-12-12' }, 'UTC')).toBe('Dec 10 – Dec 12, all day');
  });
});
