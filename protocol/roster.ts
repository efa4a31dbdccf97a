// The crew member's roster (docs/decisions/0023): its shapes, limits and texts, spelled once for server and web.
import type { Airline } from './enums.ts';
import type { DutyKind, KindPattern } from './roster-kinds.ts';

/** An uploaded roster file, and what a subscription may answer. */
export const ROSTER_MAX_BYTES = 1024 * 1024;
/** Events in one roster (a month of a busy line is about 60). */
export const ROSTER_MAX_EVENTS = 2000;
/** GET /api/roster lists the duties of this many coming days. */
export const ROSTER_SHOWN_DAYS = 90;
/** A subscription is read again this often. */
export const ROSTER_REFRESH_MINUTES = 30;
/** A subscription that takes longer than this to answer is given up. */
export const ROSTER_FETCH_TIMEOUT_MS = 5_000;
/** Redirects a subscription may take, each one's address checked again. */
export const ROSTER_MAX_REDIRECTS = 3;
/** The longest subscription address kept. */
export const ROSTER_URL_MAX = 2048;

/** Per-airline limits, as an admin sets them (Administrator Settings). */
export interface RosterLimits {
  /** Duty days in a row a crew member may fly. */
  maxConsecutiveDays: number;
  /** Hours of rest between two duties. */
  minRestHours: number;
}
export const DEFAULT_ROSTER_LIMITS: RosterLimits = { maxConsecutiveDays: 6, minRestHours: 10 };
export const ROSTER_LIMIT_RANGES = { maxConsecutiveDays: { min: 1, max: 31 }, minRestHours: { min: 1, max: 48 } } as const;

/**
 * One event of the roster. start and end are ISO instants (an all-day duty's are midnight UTC of its
 * first day and of the day after its last, as iCalendar writes them). startDay and endDay are the
 * first and last calendar days it touches in its own time zone: the day rules read those, so a duty
 * from 22:00 to 03:30 in New York is on Dec 16 and Dec 17 wherever the server or the browser is.
 */
export interface RosterDuty {
  /** The event's UID (one series shares it); a crew member's own kind for it is kept by this. */
  uid: string;
  /** Duty or time off (roster-kinds.ts): only flight, reserve and training conflict with trips. */
  kind: DutyKind;
  /** True when the crew member set the kind by hand. */
  kindByYou?: true;
  start: string;
  end: string;
  title: string;
  /** The pairing code the title carries ("ATL1234"), else null. */
  pairing: string | null;
  allDay: boolean;
  startDay: string;
  endDay: string;
}

/** A duty as the file gives it, before its kind is read (rosters.duties keeps these). */
export type RosterEntry = Omit<RosterDuty, 'kind' | 'kindByYou'>;

/** GET /api/roster. */
export interface RosterInfo {
  /** The duties of the coming ROSTER_SHOWN_DAYS days, in time order. */
  duties: RosterDuty[];
  /** A subscription's address, shortened (the full one is a secret); absent for an uploaded file. */
  url?: string;
  /** When the roster was last read successfully; null when there is none. */
  updatedAt: string | null;
  /** A subscription that could not be read since then: since when, and why. */
  failingSince?: string;
  failure?: string;
  /** The limits of the caller's airline, for the marks the web computes itself. */
  limits: RosterLimits;
}

/** An event the reader had to leave out, and why (shown after an upload, at most a few). */
export interface RosterSkip {
  line: number;
  reason: string;
}

/** POST /api/roster. */
export interface RosterSaved {
  /** Entries kept: duties and time off. */
  duties: number;
  /** Events left out because they could not be read. */
  skipped: number;
  /** "Roster saved: 352 duties, 2 events skipped (line 1043: unreadable date)". */
  message: string;
}

/** PUT /api/roster/kinds: one event's kind set by hand (null: read it from the title again). */
export interface RosterKindBody {
  uid: string;
  kind: DutyKind | null;
}

/** GET /api/roster/check. */
export interface RosterCheck {
  ok: boolean;
  reasons: string[];
  /** The duty each reason names, for a short line ("Conflicts with your ATL1234"). */
  conflicts: string[];
}

/** GET /api/admin/roster-rules: every airline with its limits (the defaults where none were set). */
export interface AirlineRosterRules extends RosterLimits {
  airline: Airline;
  /** The airline's own codes for kinds of events ("FRD" is a day off), tried before the defaults. */
  kindPatterns: KindPattern[];
}

export const ROSTER_TEXT = {
  notIcs: 'That file is not an iCalendar (.ics) roster.',
  tooLarge: 'That roster is over 1 MB.',
  tooManyEvents: 'That roster has more than 2,000 events.',
  tooComplex: 'That roster is too complex to read: its repeating events would take too long to work out.',
  nothingReadable: 'No event in that roster could be read.',
  busy: 'Many rosters are being read right now. Please try again in a minute.',
  kindUnknown: 'Choose a kind: flight duty, reserve / standby, training / office, day off or leave.',
  kindEventUnknown: 'That event is not on your roster.',
  kindSaved: 'Kind saved',
  kindTooMany: 'You have set the kind of 500 events by hand; set some back to automatic first.',
  patternInvalid: 'Each code is 1 to 60 characters, with a kind: flight, reserve, training, off or leave.',
  patternsTooMany: 'An airline has at most 100 codes.',
  fileOrUrl: 'Send a roster file (field "file") or a subscription address ({"url": "https://..."}).',
  urlInvalid: 'That is not a web address.',
  urlNotHttps: 'A roster subscription address must start with https://.',
  urlPrivate: 'That address is on a private network; Crewtrade reads only public https addresses.',
  urlSlow: 'The roster address did not answer within 5 seconds.',
  urlTooLarge: 'The roster at that address is over 1 MB.',
  urlRedirects: 'The roster address redirected more than 3 times.',
  urlUnreachable: 'The roster address could not be reached.',
  /** Followed by the HTTP status. */
  urlStatus: 'The roster address answered with an error:',
  checkDate: 'Give the trip’s first day as YYYY-MM-DD.',
  checkDays: 'Give the trip’s length in days, from 1 to 30.',
  checkTime: 'Give times as HH:MM.',
  removed: 'Roster removed',
  limitsSaved: 'Roster rules saved',
  limitDays: 'Days in a row must be a whole number from 1 to 31.',
  limitRest: 'Rest must be a whole number of hours from 1 to 48.',
  airlineUnknown: 'Unknown airline',
} as const;

/** Why one event was left out: the reader's words for what it could not read. */
export const SKIP_REASON = {
  date: 'unreadable date',
  noStart: 'no start date',
  twoStarts: 'more than one start date',
  rule: 'a repeat rule that cannot be followed',
  tooOften: 'repeats more often than once an hour',
  tooMany: 'repeats more than 2,000 times',
  line: 'unreadable line',
  zone: 'unreadable time zone',
} as const;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The answer to an upload: what was kept, what was left out, and the first reason by its line. */
export function rosterSavedText(
  kept: { duties: number; off: number },
  skipped: readonly RosterSkip[],
  skippedCount = skipped.length,
): string {
  const parts = [plural(kept.duties, 'duty', 'duties')];
  if (kept.off > 0) parts.push(`${plural(kept.off, 'day', 'days')} off or leave`);
  const first = skipped[0];
  if (first) parts.push(`${plural(skippedCount, 'event', 'events')} skipped (line ${first.line}: ${first.reason})`);
  return `Roster saved: ${parts.join(', ')}`;
}

/** Why a roster with nothing readable was refused: the first reason by its line. */
export const nothingReadableText = (first: RosterSkip | undefined) =>
  first ? `${ROSTER_TEXT.nothingReadable} Line ${first.line}: ${first.reason}.` : ROSTER_TEXT.nothingReadable;

/** "Conflicts with your ATL1234": the quiet line on a tradeboard card. */
export const conflictLine = (name: string) => `Conflicts with your ${name}`;
