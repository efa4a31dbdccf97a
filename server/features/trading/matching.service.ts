import type { CreatedMatch } from '../../events/domain-events.ts';
import type { EventRecorder } from '../../events/event-bus.ts';
import { proposedChainsOf } from './chain-rings.queries.ts';
import { proposeChainFor, recheckChains } from './chain-rings.ts';
import type { GroupLock } from './group-lock.ts';
import { insertMatches } from './matching.queries.ts';
import { isCurrent, type MatchableRequest } from './matching.rules.ts';

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
  // A request created in this transaction is in no chain yet: one round trip less on the hot path.
  if (!options.created) await recheckChains(lock, events, await proposedChainsOf(em, [r.id]), today);
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
