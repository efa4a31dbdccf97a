import ICAL from 'ical.js';
import { ROSTER_MAX_EVENTS, SKIP_REASON } from '#protocol/roster.ts';
import { parseWallTime, wallDay, type WallTime } from './date-values.ts';
import { SkipEvent, type EventModel, type Moment } from './event-model.ts';
import { instantOf, wallIn, type Zone } from './zones.ts';

/** One occurrence of an event, placed in time. */
export interface Occurrence {
  uid: string;
  title: string;
  allDay: boolean;
  start: number;
  end: number;
  /** The zone its days are read in (an all-day one's are its dates as written). */
  zone: Zone;
}

/** The part of time a roster needs, and the work a whole file may cost (shared by all its events). */
export interface Window {
  from: number;
  to: number;
  /** Date.now() past which the file is given up as too complex. */
  deadline: number;
}

export class TooComplex extends Error {}

/** Steps one event's rule may take from its first date to the window's end (about 135 years of days). */
const MAX_STEPS = 50_000;

/** RRULE as Exchange writes it too ("BYDAY=MO, TU"): spaces are not part of any rule value. */
const normalised = (rule: string) => rule.replace(/\s+/g, '').replace(/;+$/, '');

/** The day an occurrence's moment falls on, in its zone: what an all-day EXDATE or RECURRENCE-ID matches. */
const dayKey = (instant: number, zone: Zone, allDay: boolean) =>
  allDay ? new Date(instant).toISOString().slice(0, 10) : wallDay(wallIn(instant, zone));

/** Keys a moment is matched by: its instant, and for a DATE value its day. */
function matcher(moments: readonly Moment[]) {
  const instants = new Set(moments.filter((m) => !m.wall.isDate).map((m) => m.instant));
  const days = new Set(moments.filter((m) => m.wall.isDate).map((m) => wallDay(m.wall)));
  return (instant: number, zone: Zone, allDay: boolean) =>
    instants.has(instant) || (days.size > 0 && days.has(dayKey(instant, zone, allDay)));
}

/** The starts RRULE gives, from the first date until the window's end (wall-clock recurrence, RFC 5545 3.3.10). */
function ruleStarts(master: EventModel, window: Window): number[] {
  const rule = master.rrule!;
  let recur: ICAL.Recur;
  try {
    recur = ICAL.Recur.fromString(normalised(rule.value));
  } catch {
    throw new SkipEvent({ line: rule.line, reason: SKIP_REASON.rule });
  }
  if (recur.freq === 'SECONDLY' || recur.freq === 'MINUTELY') throw new SkipEvent({ line: rule.line, reason: SKIP_REASON.tooOften });
  // ical.js 2.2.1 walks a MONTHLY rule's BYMONTH list from its first entry rather than from DTSTART's
  // month, meets DTSTART twice and spends a COUNT on it (BYMONTH=1,9,10 from September loses one).
  // The months and the count are applied here instead.
  let months: Set<number> | undefined;
  let count: number | undefined;
  if (recur.freq === 'MONTHLY' && recur.parts.BYMONTH) {
    months = new Set(recur.parts.BYMONTH.map(Number));
    delete recur.parts.BYMONTH;
    count = recur.count ?? undefined;
    recur.count = null;
  }
  let counted = 0;
  const { wall, zone } = master.start;
  // The rule runs on the series' wall clock; an UNTIL in UTC (as RFC 5545 asks of zoned series) is moved onto it.
  const untilUtc = /UNTIL=(\d{8}T\d{6})Z/i.exec(rule.value)?.[1];
  if (untilUtc && recur.until && !wall.utc) {
    const until = parseWallTime(`${untilUtc}Z`);
    if (until) {
      const local = wallIn(Date.UTC(until.year, until.month - 1, until.day, until.hour, until.minute, until.second), zone);
      recur.until = ICAL.Time.fromData({ ...local, isDate: false });
    }
  }
  const asWall = (t: ICAL.Time): WallTime => ({
    ...wall,
    year: t.year,
    month: t.month,
    day: t.day,
    hour: t.hour,
    minute: t.minute,
    second: t.second,
  });
  const starts: number[] = [];
  let iterator: ICAL.RecurIterator;
  try {
    iterator = recur.iterator(ICAL.Time.fromData({ ...wall, isDate: wall.isDate }));
  } catch {
    throw new SkipEvent({ line: rule.line, reason: SKIP_REASON.rule });
  }
  for (let steps = 0; ; steps++) {
    if ((steps & 255) === 0 && Date.now() > window.deadline) throw new TooComplex();
    if (steps > MAX_STEPS) throw new SkipEvent({ line: rule.line, reason: SKIP_REASON.tooMany });
    let next: ICAL.Time | null;
    try {
      next = iterator.next();
    } catch {
      throw new SkipEvent({ line: rule.line, reason: SKIP_REASON.rule });
    }
    if (!next) break;
    if (months && steps > 0 && !months.has(next.month)) continue;
    if (count !== undefined && ++counted > count) break;
    // Steps well before the window need no zone arithmetic (ical.js's wall clock is enough).
    if (
      Date.UTC(next.year, next.month - 1, next.day, next.hour, next.minute, next.second) + master.durationMs + 2 * 86_400_000 <
      window.from
    )
      continue;
    const instant = wall.isDate ? Date.UTC(next.year, next.month - 1, next.day) : instantOf(asWall(next), zone);
    if (instant > window.to) break;
    if (instant + master.durationMs >= window.from) starts.push(instant);
    if (starts.length > ROSTER_MAX_EVENTS) throw new SkipEvent({ line: rule.line, reason: SKIP_REASON.tooMany });
  }
  return starts;
}

const occurrenceOf = (e: EventModel, start: number, zone: Zone): Occurrence => ({
  uid: e.uid,
  title: e.title,
  allDay: e.start.wall.isDate,
  start,
  end: start + e.durationMs,
  zone,
});

/**
 * Every occurrence of one series within the window: RRULE and RDATE starts, less the EXDATEs, each
 * replaced by the override whose RECURRENCE-ID names it (its own title and times) or removed when
 * that override is cancelled. Throws SkipEvent when the series cannot be followed.
 */
export function expandSeries(master: EventModel, overrides: readonly EventModel[], window: Window): Occurrence[] {
  const allDay = master.start.wall.isDate;
  const zone = master.start.zone;
  const starts = master.rrule ? ruleStarts(master, window) : [master.start.instant];
  const seen = new Set(starts);
  const periodOf = new Map<number, number>();
  for (const r of master.rdates) {
    if (r.periodMs !== undefined) periodOf.set(r.instant, r.periodMs);
    if (seen.has(r.instant)) continue;
    starts.push(r.instant);
    seen.add(r.instant);
  }
  const exruled = new Set(master.rrule ? master.exrules.flatMap((x) => ruleStarts({ ...master, rrule: x }, window)) : []);
  const isExdate = matcher(master.exdates);
  const excluded = (instant: number, z: Zone, a: boolean) => exruled.has(instant) || isExdate(instant, z, a);
  const overridden = new Map<number, EventModel>();
  const overrideDays = new Map<string, EventModel>();
  const used = new Set<EventModel>();
  for (const o of overrides) {
    // An all-day series' occurrence is a day: a DATE-TIME RECURRENCE-ID (Exchange's local midnight) names its wall day.
    const byDay = o.recurrenceId!.wall.isDate || allDay;
    const map: Map<number | string, EventModel> = byDay ? overrideDays : overridden;
    const key = byDay ? wallDay(o.recurrenceId!.wall) : o.recurrenceId!.instant;
    const prev = map.get(key);
    // Two versions of one occurrence: the lower SEQUENCE is superseded, not a second occurrence.
    if (prev && prev.sequence > o.sequence) {
      used.add(o);
      continue;
    }
    if (prev) used.add(prev);
    map.set(key, o);
  }
  const out: Occurrence[] = [];
  for (const start of starts) {
    if (excluded(start, zone, allDay)) continue;
    const o = overridden.get(start) ?? (overrideDays.size > 0 ? overrideDays.get(dayKey(start, zone, allDay)) : undefined);
    if (o) {
      used.add(o);
      if (!o.cancelled) out.push(occurrenceOf(o, o.start.instant, o.start.zone));
    } else {
      out.push(occurrenceOf(periodOf.has(start) ? { ...master, durationMs: periodOf.get(start)! } : master, start, zone));
    }
  }
  // An override of a date the rule does not give still happened: it was moved there.
  for (const o of overrides) if (!used.has(o) && !o.cancelled) out.push(occurrenceOf(o, o.start.instant, o.start.zone));
  // The window's end bounds only what a rule generates: a single event a year ahead is still the crew member's.
  return out.filter((o) => o.end >= window.from);
}
