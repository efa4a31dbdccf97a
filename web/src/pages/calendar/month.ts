// My Month's calendar arithmetic (issue 43): which month a URL opens, the weeks of a month starting
// on the crew member's locale's first day, and the words of days and months. Days are ISO dates
// (YYYY-MM-DD) worked out with UTC arithmetic, so no device's time zone moves them. Pure, for its tests.
import { DATE_MAX, DATE_MIN } from '#protocol/limits.ts';
import { addDays } from '#protocol/roster-rules.ts';
import { timedDutyText } from '../../lib/dutyTimes.ts';

/** A month as the URL writes it: "2026-12". */
export type Month = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const FIRST_MONTH = DATE_MIN.slice(0, 7);
const LAST_MONTH = DATE_MAX.slice(0, 7);

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The month `?month=` names when it is a month the app's dates can hold, else the one `today` is in. */
export function monthOf(param: string | null | undefined, today: string): Month {
  if (param && MONTH.test(param) && param >= FIRST_MONTH && param <= LAST_MONTH) return param;
  return today.slice(0, 7);
}

/** The month `n` months after `month` (before, for a negative n), kept within the app's dates. */
export function shiftMonth(month: Month, n: number): Month {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y!, m! - 1 + n, 1));
  const shifted = d.toISOString().slice(0, 7);
  return shifted < FIRST_MONTH ? FIRST_MONTH : shifted > LAST_MONTH ? LAST_MONTH : shifted;
}

export const canShift = (month: Month, n: number) => shiftMonth(month, n) !== month;

/** The first and last days of a month. */
export function monthBounds(month: Month): { first: string; last: string } {
  const [y, m] = month.split('-').map(Number);
  // Day 0 of the next month is this month's last.
  return { first: `${month}-01`, last: new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10) };
}

/** 0 for Sunday to 6 for Saturday. */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

interface WeekInfo {
  firstDay: number;
}
type LocaleWithWeek = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/**
 * The day a week starts on in `locale` (0 Sunday, 1 Monday... 6 Saturday): Intl.Locale's week
 * information where the browser has it (getWeekInfo(), or the older weekInfo), else Sunday for the
 * United States and Monday elsewhere (ISO 8601's week).
 */
export function firstDayOfWeek(locale: string | undefined): number {
  let loc: LocaleWithWeek;
  try {
    loc = new Intl.Locale(locale || 'en-US') as LocaleWithWeek;
  } catch {
    return 0;
  }
  try {
    const info = typeof loc.getWeekInfo === 'function' ? loc.getWeekInfo() : loc.weekInfo;
    // Intl counts 1 Monday to 7 Sunday.
    if (info && Number.isInteger(info.firstDay) && info.firstDay >= 1 && info.firstDay <= 7) return info.firstDay % 7;
  } catch {
    // A locale without week data: the fallback below.
  }
  let region = loc.region;
  try {
    region ??= loc.maximize().region;
  } catch {
    // No likely region known: as written.
  }
  return region === 'US' ? 0 : 1;
}

/** The weekdays in the order the grid's columns show them, from the week's first day. */
export const weekdayOrder = (weekStart: number) => Array.from({ length: 7 }, (_, i) => (weekStart + i) % 7);

/**
 * The month's weeks, each seven cells from the week's first day: a day of the month, or null for a
 * cell before its first day or after its last.
 */
export function monthWeeks(month: Month, weekStart: number): (string | null)[][] {
  const { first, last } = monthBounds(month);
  const lead = (weekdayOf(first) - weekStart + 7) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = first; day <= last; day = addDays(day, 1)) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** "December 2026". */
export const monthTitle = (month: Month) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** "Thursday, December 10". */
export const longDay = (day: string) =>
  `${WEEKDAY_NAMES[weekdayOf(day)]}, ${MONTH_NAMES[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;

/** "Thu, Dec 10". */
export const shortDayName = (day: string) =>
  `${WEEKDAY_NAMES[weekdayOf(day)]!.slice(0, 3)}, ${MONTH_NAMES[Number(day.slice(5, 7)) - 1]!.slice(0, 3)} ${Number(day.slice(8, 10))}`;

/** The days of a trip from `first`, `days` long (1 to 30; anything else one day). */
export function tripDaysFrom(first: string, days: number | null | undefined): string[] {
  const n = Number.isInteger(days) && days! >= 1 && days! <= 30 ? days! : 1;
  return Array.from({ length: n }, (_, i) => addDays(first, i));
}

/**
 * When a duty is, as read at the crew member's base (`timeZone`): "All day" for a one-day all-day
 * entry, "Dec 10 – Dec 12" for a longer one (its own days); "Thu, Dec 10, 8:00 AM – 2:00 PM EST" for
 * a timed one, with the end's day when it ends on a later day at the base.
 */
export function dutyTimes(
  duty: { allDay: boolean; start: string; end: string; startDay: string; endDay: string },
  timeZone: string,
): string {
  if (duty.allDay) {
    if (duty.endDay <= duty.startDay) return 'All day';
    const short = (d: string) => shortDayName(d).slice(5);
    return `${short(duty.startDay)} – ${short(duty.endDay)}, all day`;
  }
  return timedDutyText(duty.start, duty.end, timeZone);
}
