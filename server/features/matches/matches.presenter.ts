import type { EntityManager } from '@mikro-orm/postgresql';
import type { MatchStatus } from '../../../protocol/enums.ts';
import type { MatchItem } from '../../../protocol/shapes.ts';
import { loadRequestsById } from '../requests/requests.presenter.ts';

/** A match seen from one user's side: `mine` is that user's request, `other` the colleague's. */
export interface MatchSide {
  id: number;
  status: MatchStatus;
  createdAt: Date | string;
  mine: number;
  other: number;
}

/**
 * MatchItems oriented for the viewer (request = theirs, matchedRequest = the colleague's), with
 * both requests, their owners and images loaded in two queries for the whole list.
 */
export async function presentMatches(em: EntityManager, sides: readonly MatchSide[]): Promise<MatchItem[]> {
  const requests = await loadRequestsById(
    em,
    sides.flatMap((s) => [s.mine, s.other]),
  );
  return sides.flatMap((s) => {
    const mine = requests.get(s.mine);
    const other = requests.get(s.other);
    if (!mine || !other) return [];
    return [{ id: s.id, status: s.status, request: mine.item, matchedRequest: other.item, createdAt: new Date(s.createdAt).toISOString() }];
  });
}
