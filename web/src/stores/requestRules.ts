// What the client must know of the server's request rules to apply a request it already holds the
// answer for, without asking again: whether it is on the board, and which of two copies is newer.
import type { TradeRequestItem } from '#protocol/shapes.ts';

import { isOnBoard as onBoardOn } from '#protocol/rules.ts';
import { crewToday } from './crewDay.ts';

export { todayUtc } from '#protocol/rules.ts';

/** Whether a request is on the board: the server's rule (shared through the protocol), on the crew member's own day. */
export const isOnBoard = (request: Parameters<typeof onBoardOn>[0], today: string = crewToday()) => onBoardOn(request, today);

/** A strictly later save of the same request (its updatedAt moves on every edit). */
export function isNewerRequest(a: Pick<TradeRequestItem, 'updatedAt'>, b: Pick<TradeRequestItem, 'updatedAt'>): boolean {
  const at = Date.parse(a.updatedAt);
  const bt = Date.parse(b.updatedAt);
  return Number.isFinite(at) && Number.isFinite(bt) && at > bt;
}
