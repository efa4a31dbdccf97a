import type { MatchCloseReason, MatchStatus } from '#protocol/enums.ts';
import type { MatchItem } from '#protocol/shapes.ts';
import { presentRequest } from '../requests/requests.presenter.ts';
import type { RequestItemRow } from '../requests/requests.queries.ts';

/** A match seen from one user's side: `mine` is that user's request, `other` the colleague's. */
export interface MatchSide {
  id: number;
  status: string;
  closedReason?: string | null;
  closedByRequestId?: number | null;
  createdAt: Date | string;
  mine: number;
  other: number;
}

/**
 * MatchItems oriented for the viewer (request = theirs, matchedRequest = the colleague's), from the
 * rows of both requests. A side whose request is gone (deleted meanwhile) is left out.
 */
export function presentMatches(sides: readonly MatchSide[], requests: ReadonlyMap<number, RequestItemRow>): MatchItem[] {
  return sides.flatMap((s) => {
    const mine = requests.get(s.mine);
    const other = requests.get(s.other);
    if (!mine || !other) return [];
    return [
      {
        id: s.id,
        status: s.status as MatchStatus,
        closedReason: (s.closedReason as MatchCloseReason | null | undefined) ?? null,
        closedByRequestId: s.closedByRequestId ?? null,
        request: presentRequest(mine),
        matchedRequest: presentRequest(other),
        createdAt: new Date(s.createdAt).toISOString(),
      },
    ];
  });
}
