// The matching rules as pure functions (docs/ARCHITECTURE.md section 4, docs/decisions/0001). The SQL of
// matching.queries.ts is the indexed form of `isMatch`; the unit tests pin the rules down here.
import type { RequestType, RouteType } from '#protocol/enums.ts';
import { isCurrent } from '#protocol/rules.ts';

// "Still on the board" is shared with the web (protocol/rules.ts).
export { isCurrent, todayUtc } from '#protocol/rules.ts';

export interface MatchableRequest {
  id: number;
  userId: number;
  groupKey: string;
  type: RequestType;
  routeType: RouteType;
  status: string;
  allDates: readonly string[];
  desiredDates: readonly string[];
  lastDate: string;
}

/** date plus additionalDates, without duplicates, in date order (ISO dates sort as text). */
export const allDatesOf = (date: string, additionalDates: readonly string[]) => [...new Set([date, ...additionalDates])].sort();

export const lastDateOf = (allDates: readonly string[]) => allDates[allDates.length - 1]!;

/** The request type a request can be matched with: a drop needs a pickup, and the other way round. */
export const counterpartType = (type: RequestType): RequestType => (type === 'drop' ? 'pickup' : type === 'pickup' ? 'drop' : 'trade');

/** Whether two date lists share a date. */
export const meets = (a: readonly string[], b: readonly string[]) => a.some((d) => b.includes(d));

/**
 * Two requests match when they belong to different users of the same group, share the route type,
 * are both current, and their dates line up: drop ↔ pickup on a common date; trade ↔ trade when
 * each one's dates meet the other's desired dates.
 */
export function isMatch(a: MatchableRequest, b: MatchableRequest, today: string): boolean {
  if (a.userId === b.userId || a.groupKey !== b.groupKey || a.routeType !== b.routeType) return false;
  if (!isCurrent(a, today) || !isCurrent(b, today)) return false;
  if (b.type !== counterpartType(a.type)) return false;
  if (a.type === 'trade') return meets(a.allDates, b.desiredDates) && meets(b.allDates, a.desiredDates);
  return meets(a.allDates, b.allDates);
}

/** One row per unordered pair: the lower request id is stored first (the unique index relies on it). */
export const orderedPair = (a: number, b: number): [number, number] => (a < b ? [a, b] : [b, a]);
