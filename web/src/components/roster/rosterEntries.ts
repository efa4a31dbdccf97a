// How the roster card writes an entry's day and times (docs/decisions/0023, 0040). Pure, for its tests.
import { format } from 'date-fns';
import type { RosterDuty } from '#protocol/roster.ts';
import { timedDutyText } from '../../lib/dutyTimes.ts';
import { parseLocalDate } from '../../lib/format.ts';

/** Entries the card lists before "Show all": about the next two weeks of a busy line. */
export const ENTRIES_SHOWN = 8;

const DAY = 'EEE, MMM d';

/**
 * "Mon, Dec 16" for a one-day all-day entry, "Mon, Dec 16 – Thu, Dec 19" for a longer one (its own
 * days, as written); a timed one as read at the crew member's base, as My Month reads it
 * ("Mon, Dec 16, 6:00 AM – 2:30 PM EST", lib/dutyTimes.ts).
 */
export function whenText(duty: Pick<RosterDuty, 'allDay' | 'start' | 'end' | 'startDay' | 'endDay'>, timeZone: string): string {
  if (duty.allDay) {
    const first = format(parseLocalDate(duty.startDay), DAY);
    return duty.endDay > duty.startDay ? `${first} – ${format(parseLocalDate(duty.endDay), DAY)}` : first;
  }
  return timedDutyText(duty.start, duty.end, timeZone);
}

/** "Dec 16": the day an entry's kind menu names (its first day). */
export const dayName = (duty: Pick<RosterDuty, 'startDay'>) => format(parseLocalDate(duty.startDay), 'MMM d');
