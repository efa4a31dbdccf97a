import { nothingReadableText, ROSTER_MAX_EVENTS, ROSTER_TEXT, type RosterEntry, type RosterSkip } from '#protocol/roster.ts';
import { addDays, pairingOf } from '#protocol/roster-rules.ts';
import { first, readComponents, type Component } from './content-lines.ts';
import { wallDay } from './date-values.ts';
import { decodeRoster } from './decode.ts';
import { readEvent, SkipEvent, type EventModel } from './event-model.ts';
import { expandSeries, TooComplex, type Occurrence, type Window } from './expand.ts';
import { ianaName, isIana, wallIn, ZoneBook, type Zone } from './zones.ts';

/** Events that ended more than this long ago are dropped: the days-in-a-row rule looks back at most a month. */
const KEEP_PAST_DAYS = 31;
/** How far ahead recurring events are expanded: a roster is published a month or two ahead; a year is plenty. */
const EXPAND_AHEAD_DAYS = 366;
const DAY_MS = 86_400_000;
/** Skips reported back, in line order: the first few say enough. */
const SKIPS_KEPT = 20;

export interface ReadOptions {
  now: number;
  /** The crew member's base's zone: floating times of a file that names none are read in it. */
  baseZone: string;
  /** Date.now() past which the file is given up as too complex. */
  deadline: number;
}

export interface ReadRoster {
  entries: RosterEntry[];
  /** The roster's own zone (its X-WR-TIMEZONE, else its timed events' most common zone, else the base's). */
  timeZone: string;
  /** The first few events left out, in line order. */
  skipped: RosterSkip[];
  skippedCount: number;
}

/** A file refused whole: its status and the crew member's text. (No parameter properties: this thread runs without tsx, see parse-worker.ts.) */
export class RosterRefusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

function entryOf(o: Occurrence): RosterEntry {
  const start = new Date(o.start).toISOString();
  const end = new Date(Math.max(o.end, o.start)).toISOString();
  if (o.allDay) {
    const startDay = start.slice(0, 10);
    const lastDay = o.end > o.start ? addDays(end.slice(0, 10), -1) : startDay;
    const endDay = lastDay < startDay ? startDay : lastDay;
    return {
      uid: o.uid,
      title: o.title,
      pairing: pairingOf(o.title),
      allDay: true,
      startDay,
      endDay,
      start,
      end: `${addDays(endDay, 1)}T00:00:00.000Z`,
    };
  }
  // An end at midnight belongs to the day before: 20:00 to 00:00 is one day's duty.
  const last = o.end > o.start ? o.end - 1 : o.start;
  return {
    uid: o.uid,
    title: o.title,
    pairing: pairingOf(o.title),
    allDay: false,
    startDay: wallDay(wallIn(o.start, o.zone)),
    endDay: wallDay(wallIn(last, o.zone)),
    start,
    end,
  };
}

function mostCommon(values: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The events of every calendar in the file, each read with its calendar's floating zone. */
function readEvents(calendars: Component[], book: ZoneBook, base: Zone, skipped: RosterSkip[]) {
  const events: EventModel[] = [];
  let declared: string | undefined;
  for (const calendar of calendars) {
    const wr = first(calendar, 'X-WR-TIMEZONE')?.value.trim();
    const floating = book.zoneOf(wr) ?? base;
    declared ??= ianaName(book.zoneOf(wr));
    for (const c of calendar.children) {
      if (c.name !== 'VEVENT') continue;
      try {
        events.push(readEvent(c, book, floating));
      } catch (err) {
        if (err instanceof SkipEvent) skipped.push(err.skip);
        else throw err;
      }
    }
  }
  return { events, declared };
}

/**
 * Reads a roster file (RFC 5545, leniently, docs/decisions/0040): every calendar in it, every
 * event a duty or time off, recurring ones expanded over the window a roster needs, times as the
 * file means them. An event that cannot be read is skipped and reported by line; the file is
 * refused only when it is not a calendar, holds too many events, takes too long to work out, or
 * has events of which none could be read.
 */
export function readRoster(bytes: Uint8Array, opts: ReadOptions): ReadRoster {
  const text = decodeRoster(bytes);
  if (text.includes('\0')) throw new RosterRefusal(400, ROSTER_TEXT.notIcs);
  const calendars = readComponents(text);
  if (calendars.length === 0) throw new RosterRefusal(400, ROSTER_TEXT.notIcs);
  const vevents = calendars.reduce((n, c) => n + c.children.filter((e) => e.name === 'VEVENT').length, 0);
  if (vevents > ROSTER_MAX_EVENTS) throw new RosterRefusal(400, ROSTER_TEXT.tooManyEvents);

  const book = new ZoneBook(calendars.flatMap((c) => c.children.filter((e) => e.name === 'VTIMEZONE')));
  const baseName = isIana(opts.baseZone) ? opts.baseZone : 'UTC';
  const base: Zone = { kind: 'iana', name: baseName };
  const skipped: RosterSkip[] = [];
  const { events, declared } = readEvents(calendars, book, base, skipped);

  const window: Window = { from: opts.now - KEEP_PAST_DAYS * DAY_MS, to: opts.now + EXPAND_AHEAD_DAYS * DAY_MS, deadline: opts.deadline };
  const overridesOf = new Map<string, EventModel[]>();
  for (const e of events) if (e.recurrenceId) overridesOf.set(e.uid, [...(overridesOf.get(e.uid) ?? []), e]);
  const hasMaster = new Set(events.filter((e) => !e.recurrenceId).map((e) => e.uid));

  const occurrences: Occurrence[] = [];
  try {
    for (const e of events) {
      if (e.recurrenceId) {
        // Overrides without their series (distinct events sharing a UID): each one on its own.
        if (!hasMaster.has(e.uid) && !e.cancelled) occurrences.push(...expandSeries({ ...e, rrule: undefined }, [], window));
        continue;
      }
      if (e.cancelled) continue;
      try {
        occurrences.push(...expandSeries(e, overridesOf.get(e.uid) ?? [], window));
      } catch (err) {
        if (err instanceof SkipEvent) skipped.push(err.skip);
        else throw err;
      }
      if (occurrences.length > ROSTER_MAX_EVENTS) throw new RosterRefusal(400, ROSTER_TEXT.tooManyEvents);
    }
  } catch (err) {
    if (err instanceof TooComplex) throw new RosterRefusal(422, ROSTER_TEXT.tooComplex);
    throw err;
  }
  skipped.sort((a, b) => a.line - b.line);
  if (occurrences.length === 0 && skipped.length > 0) throw new RosterRefusal(400, nothingReadableText(skipped[0]));

  const entries = occurrences.map(entryOf).sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
  const zones = occurrences
    .filter((o) => !o.allDay)
    .map((o) => ianaName(o.zone))
    .filter((z): z is string => !!z);
  const timeZone = declared ?? mostCommon(zones) ?? baseName;
  return { entries, timeZone, skipped: skipped.slice(0, SKIPS_KEPT), skippedCount: skipped.length };
}
