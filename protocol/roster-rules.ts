// Conflicts and legality of flying a trip, given the crew member's roster (docs/decisions/0023). Each rule is a
// pure function of the roster's duties and the trip; the server answers GET /api/roster/check with
// them, and the web marks tradeboard cards and ranks matches with the same functions.
import { isWorkingKind } from './roster-kinds.ts';
import type { RosterDuty, RosterLimits } from './roster.ts';

/**
 * The trip being considered: its calendar days (in the roster's time zone), and, when known, the
 * instants its first duty starts and its last one ends (the rest rule needs times on both sides).
 */
export interface Trip {
  firstDay: string;
  lastDay: string;
  start?: string;
  end?: string;
}

export type RuleName = 'overlap' | 'consecutive' | 'rest';

/** A broken rule: which, the duty it collides with, and the sentence that says so. */
export interface Violation {
  rule: RuleName;
  duty: RosterDuty;
  reason: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** YYYY-MM-DD plus n days (UTC arithmetic on a calendar date: no time zone is involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + n)).toISOString().slice(0, 10);
}

/** "Dec 16". */
export const shortDay = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;

/** How a reason names a duty: its pairing code, else its title. */
export const dutyName = (duty: Pick<RosterDuty, 'pairing' | 'title'>) => duty.pairing ?? duty.title;

/** A trip of `days` days from `date`. */
export const tripOf = (date: string, days: number, times: { start?: string; end?: string } = {}): Trip => ({
  firstDay: date,
  lastDay: addDays(date, Math.max(1, days) - 1),
  ...times,
});

/** Hours, cut (never rounded up to the limit) to a tenth: "8", "9.5". */
const hoursText = (ms: number) => String(Math.floor((ms / HOUR_MS) * 10) / 10);

/**
 * Overlap: a duty on any day of the trip, on its first shared day. A flight is flown ("You already
 * fly ATL1234 on Dec 16."); a reserve or a training is had ("You already have SIM LPC on Dec 16.").
 */
export function overlaps(duties: readonly RosterDuty[], trip: Trip): Violation[] {
  const found: Violation[] = [];
  for (const duty of duties) {
    if (duty.endDay < trip.firstDay || duty.startDay > trip.lastDay) continue;
    const day = duty.startDay > trip.firstDay ? duty.startDay : trip.firstDay;
    found.push({
      rule: 'overlap',
      duty,
      reason: `You already ${duty.kind === 'flight' ? 'fly' : 'have'} ${dutyName(duty)} on ${shortDay(day)}.`,
    });
  }
  return found;
}

/**
 * Consecutive days: the run of duty days the trip would sit in, roster and trip together, longer
 * than the limit. A trip longer than the limit on its own is the airline's own pairing, not a
 * conflict with the roster: only a run the roster lengthens counts. Names the roster duty next to
 * the trip (or on it).
 */
export function consecutiveDays(duties: readonly RosterDuty[], trip: Trip, limit: number): Violation | null {
  const busy = new Map<string, RosterDuty>();
  for (const duty of duties) {
    // A duty of years (a leave, say) would only lengthen this loop: the run never needs more than limit + trip days.
    for (let day = duty.startDay, n = 0; day <= duty.endDay && n < 400; day = addDays(day, 1), n++) {
      if (!busy.has(day)) busy.set(day, duty);
    }
  }
  let first = trip.firstDay;
  let last = trip.lastDay;
  while (busy.has(addDays(first, -1))) first = addDays(first, -1);
  while (busy.has(addDays(last, 1))) last = addDays(last, 1);
  const length = Math.round((Date.parse(last) - Date.parse(first)) / DAY_MS) + 1;
  const tripLength = Math.round((Date.parse(trip.lastDay) - Date.parse(trip.firstDay)) / DAY_MS) + 1;
  if (length <= limit || length === tripLength) return null;
  const neighbour = busy.get(addDays(trip.firstDay, -1)) ?? busy.get(addDays(trip.lastDay, 1)) ?? busy.get(trip.firstDay);
  const duty = neighbour ?? [...busy.values()][0]!;
  return { rule: 'consecutive', duty, reason: `This would make ${length} duty days in a row (your airline's limit is ${limit}).` };
}

/**
 * Rest: less than the limit between a timed duty and the trip, before it or after it. Only where
 * both have times: an all-day duty, or a trip known only by its dates, has no rest to measure.
 */
export function rest(duties: readonly RosterDuty[], trip: Trip, minRestHours: number): Violation[] {
  if (!trip.start || !trip.end) return [];
  const tripStart = Date.parse(trip.start);
  const tripEnd = Date.parse(trip.end);
  const limitMs = minRestHours * HOUR_MS;
  const found: Violation[] = [];
  for (const duty of duties) {
    if (duty.allDay) continue;
    const before = tripStart - Date.parse(duty.end);
    const after = Date.parse(duty.start) - tripEnd;
    if (before >= 0 && before < limitMs) {
      found.push({
        rule: 'rest',
        duty,
        reason: `Only ${hoursText(before)} h of rest after ${dutyName(duty)} (limit ${minRestHours} h).`,
      });
    } else if (after >= 0 && after < limitMs) {
      found.push({
        rule: 'rest',
        duty,
        reason: `Only ${hoursText(after)} h of rest before ${dutyName(duty)} (limit ${minRestHours} h).`,
      });
    }
  }
  return found;
}

/** Of one time off, the days counted: a leave written to run for years is a long leave, not years of them. */
const OFF_DAYS_COUNTED = 400;

/**
 * Duties (flight, reserve, training) by event, and days off or leave by day: a week's leave is seven
 * days off, and a day two entries share counts once. The upload's answer and the roster card count
 * alike. Spans are merged in time order, never walked day by day: the server counts on the event
 * loop every request waits for.
 */
export function countByWork(duties: readonly Pick<RosterDuty, 'kind' | 'startDay' | 'endDay'>[]): { working: number; off: number } {
  let working = 0;
  const spans: (readonly [number, number])[] = [];
  for (const d of duties) {
    if (isWorkingKind(d.kind)) {
      working++;
      continue;
    }
    const first = Date.parse(d.startDay);
    spans.push([first, Math.min(Date.parse(d.endDay), first + (OFF_DAYS_COUNTED - 1) * DAY_MS)]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  let off = 0;
  let counted = -Infinity;
  for (const [first, last] of spans) {
    if (last <= counted) continue;
    off += (last - Math.max(first, counted + DAY_MS)) / DAY_MS + 1;
    counted = last;
  }
  return { working, off };
}

/** The roster's work: days off and leave neither conflict, nor count in a row, nor end a rest. */
export const workingDuties = (duties: readonly RosterDuty[]) => duties.filter((d) => isWorkingKind(d.kind));

/** Every broken rule, overlaps first, then days in a row, then rest; only duties count, never time off. */
export function checkTrip(roster: readonly RosterDuty[], trip: Trip, limits: RosterLimits): Violation[] {
  const duties = workingDuties(roster);
  const days = consecutiveDays(duties, trip, limits.maxConsecutiveDays);
  return [...overlaps(duties, trip), ...(days ? [days] : []), ...rest(duties, trip, limits.minRestHours)];
}

/**
 * The trip a request would have the crew member fly: a drop's or a trade's trip is taken over; a
 * pickup asks for a trip and gives none, so there is nothing to check. The first date with tripDays.
 */
export function tripToTake(request: { type: string; date: string; tripDays: number | null }): Trip | null {
  if (request.type === 'pickup') return null;
  return tripOf(request.date.slice(0, 10), request.tripDays ?? 1);
}

/**
 * The pairing code a duty's title carries: capitals then digits ("ATL1234", "DL455"), or a number
 * after "pairing", "trip" or "seq" ("Trip #4455").
 */
export function pairingOf(title: string): string | null {
  const code = /\b[A-Z]{1,4}\d{2,6}\b/.exec(title);
  if (code) return code[0];
  const numbered = /\b(?:pairing|trip|seq(?:uence)?)\s*#?\s*(\d{2,6})\b/i.exec(title);
  return numbered ? numbered[1]! : null;
}
