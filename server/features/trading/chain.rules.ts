// The three-way chain rules as pure functions (docs/decisions/0014). findCycles in chain-rings.queries.ts
// is the indexed SQL form of `isCycle`; the chain is re-checked with it whenever it is decided.
import { isCurrent, meets, type MatchableRequest } from './matching.rules.ts';

/** Members per chain: a pairwise swap is a match; four or more crew in a ring is beyond what the search tries. */
export const CHAIN_SIZE = 3;

/**
 * Three requests form a chain, in this order, when they are current trade requests of three
 * different crew of one group and route type, and each one's dates meet the next one's desired
 * dates (the last one's, the first's): each member's trip goes to the next member.
 */
export function isCycle(requests: readonly (MatchableRequest | undefined)[], today: string): boolean {
  if (requests.length !== CHAIN_SIZE) return false;
  const rs = requests.filter((r): r is MatchableRequest => r !== undefined);
  if (rs.length !== CHAIN_SIZE) return false;
  const [first] = rs;
  if (new Set(rs.map((r) => r.userId)).size !== CHAIN_SIZE) return false;
  return rs.every(
    (r, i) =>
      r.type === 'trade' &&
      r.groupKey === first!.groupKey &&
      r.routeType === first!.routeType &&
      isCurrent(r, today) &&
      meets(r.allDates, rs[(i + 1) % CHAIN_SIZE]!.desiredDates),
  );
}

/**
 * One key per cycle, whichever member it was found from: the request ids in cycle order, rotated to
 * start at the lowest. The reverse ring is another cycle (the trips go the other way), another key.
 */
export function cycleKey(requestIds: readonly number[]): string {
  const start = requestIds.indexOf(Math.min(...requestIds));
  return [...requestIds.slice(start), ...requestIds.slice(0, start)].join('>');
}

/** The member whose trip the member at `position` gets: the previous one in the ring. */
export const giverOf = (position: number) => (position + CHAIN_SIZE - 1) % CHAIN_SIZE;
