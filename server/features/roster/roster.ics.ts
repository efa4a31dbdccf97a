import ical, { type DateWithTimeZone, type VEvent } from 'node-ical';
import { ROSTER_MAX_EVENTS, ROSTER_TEXT, type RosterDuty } from '#protocol/roster.ts';
import { addDays, pairingOf } from '#protocol/roster-rules.ts';
import { invalid } from '../../http/errors.ts';

/** Events that ended more than this long ago are dropped: the days-in-a-row rule looks back at most a month. */
const KEEP_PAST_DAYS = 31;
/** How far ahead a recurring event is expanded (crew rosters are published a month or two ahead). */
const EXPAND_AHEAD_DAYS = 400;
const TITLE_MAX = 200;
const DAY_MS = 86_400_000;

export interface ParsedRoster {
  duties: RosterDuty[];
  /** The roster's own zone (X-WR-TIMEZONE, else its timed events' most common TZID): trip times given to the check are read in it. */
  timeZone: string;
}

/** One formatter per zone (en-CA writes YYYY-MM-DD): building one costs more than using it, thousands of times a roster. */
const formatters = new Map<string, Intl.DateTimeFormat | null>();
function formatterOf(tz: string): Intl.DateTimeFormat | null {
  let f = formatters.get(tz);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone: tz });
    } catch {
      f = null;
    }
    // Zone names come from uploaded files: a few hundred real ones, but no end of made-up ones.
    if (formatters.size < 1000) formatters.set(tz, f);
  }
  return f;
}
const validZone = (tz: string | undefined): tz is string => !!tz && formatterOf(tz) !== null;

/** The calendar day of an instant in a time zone. */
const dayIn = (instant: Date, tz: string) => formatterOf(tz)!.format(instant);
/** The day of a Date node-ical built from the server's local clock (a DATE value, or a floating time). */
const localDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const isDate = (d: unknown): d is Date => d instanceof Date && !Number.isNaN(d.getTime());

function titleOf(event: VEvent): string {
  const raw = typeof event.summary === 'string' ? event.summary : (event.summary as { val?: string } | undefined)?.val;
  const title = (raw ?? '').replace(/\s+/g, ' ').trim();
  return [...title].slice(0, TITLE_MAX).join('') || 'Duty';
}

/** One occurrence as a duty, its days read in its own time zone. */
function dutyOf(title: string, start: Date, endOrNull: Date | undefined, allDay: boolean, tz: string | undefined): RosterDuty {
  const pairing = pairingOf(title);
  if (allDay) {
    const startDay = localDay(start);
    // DTEND of a DATE event is the day after the last one (RFC 5545 3.6.1).
    const endDay = endOrNull && endOrNull > start ? addDays(localDay(endOrNull), -1) : startDay;
    return {
      title,
      pairing,
      allDay,
      startDay,
      endDay: endDay < startDay ? startDay : endDay,
      start: `${startDay}T00:00:00.000Z`,
      end: `${addDays(endDay < startDay ? startDay : endDay, 1)}T00:00:00.000Z`,
    };
  }
  const end = endOrNull && endOrNull >= start ? endOrNull : start;
  const day = (d: Date) => (validZone(tz) ? dayIn(d, tz) : localDay(d));
  // An end at midnight belongs to the day before: 20:00 to 00:00 is one day's duty.
  const last = end > start ? new Date(end.getTime() - 1) : end;
  return { title, pairing, allDay, startDay: day(start), endDay: day(last), start: start.toISOString(), end: end.toISOString() };
}

function mostCommon(values: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * Reads an iCalendar roster (RFC 5545, parsed by node-ical): each event a duty, recurring ones
 * expanded, cancelled ones left out, those long past dropped. Refuses text that is not a calendar
 * and a calendar of more than ROSTER_MAX_EVENTS events, with a message saying which.
 */
export function parseRoster(text: string, now: Date = new Date()): ParsedRoster {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (!/^BEGIN:VCALENDAR\r?\n/i.test(body) || body.includes('\0')) throw invalid(ROSTER_TEXT.notIcs, 'file');
  if ((body.match(/^BEGIN:VEVENT\r?$/gim) ?? []).length > ROSTER_MAX_EVENTS) throw invalid(ROSTER_TEXT.tooManyEvents, 'file');
  let parsed: ReturnType<typeof ical.sync.parseICS>;
  try {
    parsed = ical.sync.parseICS(body);
  } catch {
    throw invalid(ROSTER_TEXT.notIcs, 'file');
  }
  if (!parsed.vcalendar) throw invalid(ROSTER_TEXT.notIcs, 'file');

  const from = new Date(now.getTime() - KEEP_PAST_DAYS * DAY_MS);
  const to = new Date(now.getTime() + EXPAND_AHEAD_DAYS * DAY_MS);
  const duties: RosterDuty[] = [];
  const zones: string[] = [];
  for (const component of Object.values(parsed)) {
    if (component?.type !== 'VEVENT') continue;
    const event = component as VEvent;
    if (event.status === 'CANCELLED' || !isDate(event.start)) continue;
    const start = event.start as DateWithTimeZone;
    const tz = start.tz && validZone(start.tz) ? start.tz : undefined;
    const allDay = event.datetype === 'date' || start.dateOnly === true;
    if (tz && !allDay) zones.push(tz);
    const title = titleOf(event);
    const occurrences = event.rrule
      ? ical.expandRecurringEvent(event, { from, to, expandOngoing: true }).map((i) => ({ start: i.start, end: i.end }))
      : [{ start, end: isDate(event.end) ? event.end : undefined }];
    for (const o of occurrences) {
      if (!isDate(o.start)) continue;
      const duty = dutyOf(title, o.start, isDate(o.end) ? o.end : undefined, allDay, tz);
      if (Date.parse(duty.end) < from.getTime()) continue;
      duties.push(duty);
      if (duties.length > ROSTER_MAX_EVENTS) throw invalid(ROSTER_TEXT.tooManyEvents, 'file');
    }
  }
  duties.sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
  const declared = parsed.vcalendar['WR-TIMEZONE'];
  const timeZone = validZone(declared) ? declared : (mostCommon(zones) ?? 'UTC');
  return { duties, timeZone };
}
