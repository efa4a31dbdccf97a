import { instantOf } from './ics/zones.ts';

/** The instant a wall-clock time (YYYY-MM-DD, HH:MM) names in an IANA zone (the roster reader's arithmetic, ics/zones.ts). */
export function zonedInstant(day: string, time: string, tz: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return new Date(
    instantOf(
      { year: year!, month: month!, day: date!, hour: hour!, minute: minute!, second: 0, isDate: false, utc: false },
      { kind: 'iana', name: tz },
    ),
  );
}
