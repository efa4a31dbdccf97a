// How the roster card writes an entry's day and times.
import { describe, expect, it } from 'vitest';
import { dayName, whenText } from './rosterEntries.ts';

/** An instant at a local wall-clock time (the card reads timed entries on the device's clock). */
/** A wall time in New York (January: UTC-5) as an instant. */
const local = (day: string, time: string) => new Date(new Date(`${day}T${time}:00Z`).getTime() + 5 * 3_600_000).toISOString();
const NY = 'America/New_York';

describe('an entry’s day and times', () => {
  it('an all-day entry: its day, or its first and last days', () => {
    const allDay = { allDay: true, start: '2030-01-07T00:00:00.000Z', end: '2030-01-08T00:00:00.000Z' };
    expect(whenText({ ...allDay, startDay: '2030-01-07', endDay: '2030-01-07' }, NY)).toBe('Mon, Jan 7');
    expect(whenText({ ...allDay, startDay: '2030-01-07', endDay: '2030-01-10' }, NY)).toBe('Mon, Jan 7 – Thu, Jan 10');
  });

  it('a timed entry: its day and times, the end’s day only when it ends on a later one', () => {
    const timed = { allDay: false, startDay: '2030-01-07', endDay: '2030-01-07' };
    expect(whenText({ ...timed, start: local('2030-01-07', '06:00'), end: local('2030-01-07', '14:30') }, NY)).toBe(
      'Mon, Jan 7, 6:00 AM – 2:30 PM EST',
    );
    expect(whenText({ ...timed, start: local('2030-01-07', '22:00'), end: local('2030-01-08', '03:30') }, NY)).toBe(
      'Mon, Jan 7, 10:00 PM – Tue, Jan 8, 3:30 AM EST',
    );
    // An end at midnight belongs to the day before.
    expect(whenText({ ...timed, start: local('2030-01-07', '18:00'), end: local('2030-01-08', '00:00') }, NY)).toBe(
      'Mon, Jan 7, 6:00 PM – 12:00 AM EST',
    );
  });

  it('the day its kind menu names', () => {
    expect(dayName({ startDay: '2030-01-07' })).toBe('Jan 7');
  });
});
