// Request rules server and web both apply, spelled once: the server decides with them (the
// tradeboard, matching, offers) and the web applies an answer it already holds without asking again.
import type { TradeRequestItem } from './shapes.ts';

/** Today as an ISO date in UTC: "past" is decided by the UTC calendar day, on every instance alike. */
export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * Each zone's day as last worked out, for the second it was worked out in: the board asks on every
 * read (thousands a second), formatting a date costs microseconds, and no zone's offset changes
 * within a second.
 */
const lastDays = new Map<string, { second: number; day: string }>();

/**
 * Whether the runtime knows `name` as an IANA time zone (aliases such as Asia/Kolkata included,
 * which Intl.supportedValuesOf may list under their old canonical name).
 */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Today as an ISO date in `timeZone` (an IANA name): the crew member's own day, which the board,
 * the dashboard, expiry, matching and date inputs go by (docs/decisions/0024). A name the runtime
 * does not know counts as UTC.
 */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  const second = Math.floor(now.getTime() / 1000);
  const last = lastDays.get(timeZone);
  if (last?.second === second) return last.day;
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return todayUtc(now);
    }
    dayFormats.set(timeZone, format);
  }
  // en-CA writes the ISO order, YYYY-MM-DD; the parts are read anyway, whatever the locale data says.
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  lastDays.set(timeZone, { second, day });
  return day;
}

/** Still on the tradeboard (and matchable): active, and its last date today or later. ISO dates compare as text. */
export const isCurrent = (r: { status: string; lastDate: string }, today: string) => r.status === 'active' && r.lastDate >= today;

/** isCurrent for a request as the client holds it (its dates, not the server's derived last date). */
export function isOnBoard(request: Pick<TradeRequestItem, 'status' | 'date' | 'additionalDates'>, today = todayUtc()): boolean {
  const lastDate = [request.date, ...(request.additionalDates ?? [])].reduce((a, b) => (b > a ? b : a));
  return isCurrent({ status: request.status, lastDate }, today);
}
