import type { CreatedMatch } from '../../events/domain-events.ts';
import type { EventRecorder } from '../../events/event-bus.ts';
import { proposedChainsOf } from './chain-rings.queries.ts';
import { proposeChainFor, recheckChains } from './chain-rings.ts';
import type { GroupLock } from './group-lock.ts';
import { insertMatches } from './matching.queries.ts';
import { isCurrent, isMatch, type MatchableRequest } from './matching.rules.ts';
import { closeMatchesOfChanged, openMatchPartners } from './request-state.queries.ts';
import { closedMatchEvents } from './request-state.ts';

/**
 * Runs inside the transaction that created or edited `r` (under its group lock: the group's, or a create's): one match
 * per new partner, match_created logged for both users, and a match.created event each (both
 * users hear of it after the commit). A request that is no longer current matches nothing.
 * Three-way chains follow pairwise matching: a chain r was in is cancelled when the edit broke its
 * ring, and a trade request that found no partner may close a new ring (docs/decisions/0014).
 */
export async function matchRequest(
  lock: GroupLock,
  events: EventRecorder,
  r: MatchableRequest,
  today: string,
  options: { created?: boolean } = {},
): Promise<CreatedMatch[]> {
  const { em } = lock;
  // A request created in this transaction is in no chain yet, and has no match: two round trips less on the hot path.
  if (!options.created) {
    await recheckChains(lock, events, await proposedChainsOf(em, [r.id]), today);
    await closeBrokenMatches(lock, events, r, today);
  }
  if (!isCurrent(r, today)) return [];
  const matches = (await insertMatches(em, r, today)).map((m): CreatedMatch => ({
    id: m.id,
    requestId: m.requestId,
    matchedRequestId: m.matchedRequestId,
    createdAt: m.createdAt,
    userIds: m.requestId === r.id ? [r.userId, m.otherUserId] : [m.otherUserId, r.userId],
  }));
  events.record(...matches.map((match) => ({ type: 'match.created' as const, match })));
  if (matches.length === 0) await proposeChainFor(lock, events, r, today);
  return matches;
}

/**
 * An edited (or moved) request's open matches that no longer meet it close with "request_changed"
 * (docs/decisions/0042): both users see why, and neither can act on a match that is no longer true.
 * A pair that meets again later matches anew (insertMatches reopens the closed row).
 */
async function closeBrokenMatches(lock: GroupLock, events: EventRecorder, r: MatchableRequest, today: string): Promise<void> {
  const open = await openMatchPartners(lock.em, r.id);
  const broken = open.filter(
    (p) =>
      !isMatch(
        r,
        {
          ...p,
          type: p.type as MatchableRequest['type'],
          routeType: p.routeType as MatchableRequest['routeType'],
          desiredDates: p.desiredDates ?? [],
        },
        today,
      ),
  );
  const closed = await closeMatchesOfChanged(
    lock.em,
    r.id,
    broken.map((p) => p.matchId),
  );
  events.record(...closedMatchEvents(closed, 'request_changed'));
}
