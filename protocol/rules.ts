// Request rules server and web both apply, spelled once: the server decides with them (the
// tradeboard, matching, offers) and the web applies an answer it already holds without asking again.
import type { TradeRequestItem } from './shapes.ts';

/** Today as an ISO date in UTC: "past" is decided by the UTC calendar day, on every instance alike. */
export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** Still on the tradeboard (and matchable): active, and its last date today or later. ISO dates compare as text. */
export const isCurrent = (r: { status: string; lastDate: string }, today: string) => r.status === 'active' && r.lastDate >= today;

/** isCurrent for a request as the client holds it (its dates, not the server's derived last date). */
export function isOnBoard(request: Pick<TradeRequestItem, 'status' | 'date' | 'additionalDates'>, today = todayUtc()): boolean {
  const lastDate = [request.date, ...(request.additionalDates ?? [])].reduce((a, b) => (b > a ? b : a));
  return isCurrent({ status: request.status, lastDate }, today);
}
