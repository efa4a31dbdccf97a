// The crew member's roster (docs/decisions/0023): its shapes, limits and texts, spelled once for server and web.
import type { Airline } from './enums.ts';

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
  start: string;
  end: string;
  title: string;
  /** The pairing code the title carries ("ATL1234"), else null. */
  pairing: string | null;
  allDay: boolean;
  startDay: string;
  endDay: string;
}

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

/** POST /api/roster. */
export interface RosterSaved {
  duties: number;
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
}

export const ROSTER_TEXT = {
  notIcs: 'That file is not an iCalendar (.ics) roster.',
  tooLarge: 'That roster is over 1 MB.',
  tooManyEvents: 'That roster has more than 2,000 events.',
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

/** "Conflicts with your ATL1234": the quiet line on a tradeboard card. */
export const conflictLine = (name: string) => `Conflicts with your ${name}`;
