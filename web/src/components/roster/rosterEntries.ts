// How the roster card writes an entry's day and times (docs/decisions/0023, 0040). Pure, for its tests.
import { format } from 'date-fns';
import type { RosterDuty } from '#protocol/roster.ts';
import { parseLocalDate } from '../../lib/format.ts';

/** Entries the card lists before "Show all": about the next two weeks of a busy line. */
export const ENTRIES_SHOWN = 8;

const DAY = 'EEE, MMM d';
const DAY_TIME = "EEE, MMM d',' h:mm a";
const TIME = 'h:mm a';

/**
 * "Mon, Dec 16" for a one-day all-day entry, "Mon, Dec 16 – Thu, Dec 19" for a longer one (its own
 * days, as written); "Mon, Dec 16, 6:00 AM – 2:30 PM" for a timed one, read on this device's clock,
 * and "Mon, Dec 16, 10:00 PM – Tue, Dec 17, 3:30 AM" when it ends on a later day. An end at
 * midnight belongs to the day before (as the rules count it), so it writes no second date.
 */
export function whenText(duty: Pick<RosterDuty, 'allDay' | 'start' | 'end' | 'startDay' | 'endDay'>): string {
  if (duty.allDay) {
    const first = format(parseLocalDate(duty.startDay), DAY);
    return duty.endDay > duty.startDay ? `${first} – ${format(parseLocalDate(duty.endDay), DAY)}` : first;
  }
  const start = new Date(duty.start);
  const end = new Date(duty.end);
  const lastInstant = new Date(Math.max(end.getTime() - 1, start.getTime()));
  const sameDay = lastInstant.toDateString() === start.toDateString();
  if (end.getTime() <= start.getTime()) return format(start, DAY_TIME);
  return `${format(start, DAY_TIME)} – ${format(end, sameDay ? TIME : DAY_TIME)}`;
}

/** "Dec 16": the day an entry's kind menu names (its first day). */
export const dayName = (duty: Pick<RosterDuty, 'startDay'>) => format(parseLocalDate(duty.startDay), 'MMM d');
