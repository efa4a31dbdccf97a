import { SKIP_REASON, type RosterSkip } from '#protocol/roster.ts';
import { all, first, textValue, type Component, type Property } from './content-lines.ts';
import { parseDuration, parseWallTime, type WallTime } from './date-values.ts';
import { instantOf, type Zone, type ZoneBook } from './zones.ts';

const TITLE_MAX = 200;

/** A date or date-time of the file, placed in time: its wall clock, its zone and the instant they name. */
export interface Moment {
  wall: WallTime;
  zone: Zone;
  instant: number;
  /** An RDATE PERIOD's own length (start/end or start/duration). */
  periodMs?: number;
}

/** One VEVENT, read: what the expansion and the duty need, or the reason it cannot be used. */
export interface EventModel {
  uid: string;
  title: string;
  start: Moment;
  /** ms from start to end (an all-day event's whole days). */
  durationMs: number;
  cancelled: boolean;
  /** SEQUENCE (RFC 5545 3.8.7.4): of two versions of one occurrence, the higher is the current one. */
  sequence: number;
  rrule?: { value: string; line: number };
  exrules: { value: string; line: number }[];
  rdates: Moment[];
  exdates: Moment[];
  /** The original start this one replaces (an override of one occurrence). */
  recurrenceId?: Moment;
}

export class SkipEvent extends Error {
  readonly skip: RosterSkip;
  constructor(skip: RosterSkip) {
    super(skip.reason);
    this.skip = skip;
  }
}
const skip = (line: number, reason: string) => new SkipEvent({ line, reason });

/**
 * The moments of a date property (several for an EXDATE or RDATE list). Floating values (no Z, no
 * or blank TZID) and TZIDs nothing explains are read in the calendar's floating zone.
 */
function momentsOf(p: Property, book: ZoneBook, floating: Zone): Moment[] {
  const zone = book.zoneOf(p.params.TZID) ?? floating;
  return p.value.split(',').map((raw) => {
    // An RDATE may be a PERIOD (start/end): its start is the date.
    const wall = parseWallTime(raw.split('/')[0]!);
    if (!wall) throw skip(p.line, SKIP_REASON.date);
    // A DATE value is a day, not an instant: midnight UTC stands for it, as iCalendar's own DATEs do.
    const instant = wall.isDate ? instantOf({ ...wall, utc: true }, zone) : instantOf(wall, zone);
    const tail = raw.split('/')[1];
    const endWall = tail ? parseWallTime(tail) : null;
    const periodMs = tail === undefined ? undefined : endWall ? instantOf(endWall, zone) - instant : (parseDuration(tail) ?? undefined);
    return { wall, zone, instant, ...(periodMs !== undefined && periodMs >= 0 ? { periodMs } : {}) };
  });
}

function oneMoment(c: Component, name: string, book: ZoneBook, floating: Zone): Moment | undefined {
  const props = all(c, name);
  if (props.length === 0) return undefined;
  if (props.length > 1 && name === 'DTSTART') throw skip(props[1]!.line, SKIP_REASON.twoStarts);
  return momentsOf(props[0]!, book, floating)[0];
}

function titleOf(c: Component): string {
  const raw = textValue(first(c, 'SUMMARY')?.value ?? '');
  const title = raw.replace(/\s+/g, ' ').trim();
  return [...title].slice(0, TITLE_MAX).join('') || 'Duty';
}

/** Reads one VEVENT; throws SkipEvent with the line and the reason when it cannot be used. */
export function readEvent(c: Component, book: ZoneBook, floating: Zone): EventModel {
  // A line that is no property (most often a long DESCRIPTION an exporter broke without folding) is
  // ignored: the event's own dates are what matter, and they are checked one by one below.
  const start = oneMoment(c, 'DTSTART', book, floating);
  if (!start) throw skip(c.line, SKIP_REASON.noStart);
  const end = oneMoment(c, 'DTEND', book, floating);
  let durationMs: number;
  if (end) {
    durationMs = Math.max(0, end.instant - start.instant);
  } else {
    const duration = first(c, 'DURATION');
    const parsed = duration ? parseDuration(duration.value) : null;
    if (duration && parsed === null) throw skip(duration.line, SKIP_REASON.date);
    // No end: an all-day event is that one day (RFC 5545 3.6.1), a timed one an instant.
    durationMs = parsed !== null ? Math.max(0, parsed) : start.wall.isDate ? 86_400_000 : 0;
  }
  const rrule = first(c, 'RRULE');
  const recurrenceId = oneMoment(c, 'RECURRENCE-ID', book, floating);
  const title = titleOf(c);
  return {
    uid: (first(c, 'UID')?.value.trim() || `${title}@${start.instant}`).slice(0, 300),
    title,
    start,
    durationMs,
    sequence: Number.parseInt(first(c, 'SEQUENCE')?.value ?? '', 10) || 0,
    cancelled: (first(c, 'STATUS')?.value.trim().toUpperCase() ?? '') === 'CANCELLED',
    ...(rrule ? { rrule: { value: rrule.value, line: rrule.line } } : {}),
    exrules: all(c, 'EXRULE').map((p) => ({ value: p.value, line: p.line })),
    rdates: all(c, 'RDATE').flatMap((p) => momentsOf(p, book, floating)),
    exdates: all(c, 'EXDATE').flatMap((p) => momentsOf(p, book, floating)),
    ...(recurrenceId ? { recurrenceId } : {}),
  };
}
