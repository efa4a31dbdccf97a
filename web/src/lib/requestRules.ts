// What the client must know of the server's request rules to apply a request it already holds the
// answer for, without asking again: whether it is on the board, and which of two copies is newer.
import type { TradeRequestItem } from '#protocol/shapes.ts';

/** Today as an ISO date in UTC: the server decides "past" by the UTC calendar day. */
export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/**
 * On the tradeboard: active, and not every date in the past (the server's isCurrent, which sends
 * 'board:remove' for a request that stops being so). ISO dates compare as text.
 */
export function isOnBoard(request: Pick<TradeRequestItem, 'status' | 'date' | 'additionalDates'>, today = todayUtc()): boolean {
  if (request.status !== 'active') return false;
  return [request.date, ...(request.additionalDates ?? [])].some((d) => d >= today);
}

/** A strictly later save of the same request (its updatedAt moves on every edit). */
export function isNewerRequest(a: Pick<TradeRequestItem, 'updatedAt'>, b: Pick<TradeRequestItem, 'updatedAt'>): boolean {
  const at = Date.parse(a.updatedAt);
  const bt = Date.parse(b.updatedAt);
  return Number.isFinite(at) && Number.isFinite(bt) && at > bt;
}
