// What the client must know of the server's request rules to apply a request it already holds the
// answer for, without asking again: whether it is on the board, and which of two copies is newer.
import type { TradeRequestItem } from '#protocol/shapes.ts';

// Whether a request is on the board is the server's rule, shared through the protocol.
export { isOnBoard, todayUtc } from '#protocol/rules.ts';

/** A strictly later save of the same request (its updatedAt moves on every edit). */
export function isNewerRequest(a: Pick<TradeRequestItem, 'updatedAt'>, b: Pick<TradeRequestItem, 'updatedAt'>): boolean {
  const at = Date.parse(a.updatedAt);
  const bt = Date.parse(b.updatedAt);
  return Number.isFinite(at) && Number.isFinite(bt) && at > bt;
}
