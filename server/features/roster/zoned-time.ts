import { ianaInstant } from './ics/iana-time.ts';
import { wallMs } from './ics/date-values.ts';

/** The instant a wall-clock time (YYYY-MM-DD, HH:MM) names in an IANA zone (the roster reader's arithmetic, ics/iana-time.ts). */
export function zonedInstant(day: string, time: string, tz: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return new Date(ianaInstant(wallMs({ year: year!, month: month!, day: date!, hour: hour!, minute: minute!, second: 0 }), tz));
}
