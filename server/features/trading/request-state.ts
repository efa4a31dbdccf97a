import type { EntityManager } from '@mikro-orm/postgresql';
import type { MatchCloseReason, RequestType, RouteType } from '#protocol/enums.ts';
import type { DomainEvent } from '../../events/domain-events.ts';
import type { EventRecorder } from '../../events/event-bus.ts';
import { dayOfGroup } from '../user-kernel/crew-day.ts';
import { endChain, insertChainTrades, proposedChainsOf } from './chain-rings.queries.ts';
import { recheckChains } from './chain-rings.ts';
import { GroupLock } from './group-lock.ts';
import { matchRequest } from './matching.service.ts';
import {
  closeMatchesOfFilled,
  completeRequests,
  closePendingOffersForChain,
  closePendingOffersOn,
  closePendingOffersOnDeleted,
  deleteMatchRow,
  deleteOrphanTrades,
  groupsOfMatch,
  moveOpenMatch,
  moveRequestsToGroup,
  recordTrade,
  reopenMatchOf,
  type ClosedMatch,
} from './request-state.queries.ts';

/** Matches a fill or an edit closed, for the live notices: both users hear which request closed it and why. */
export const closedMatchEvents = (closed: readonly ClosedMatch[], reason: MatchCloseReason): DomainEvent[] =>
  closed.map((m) => ({
    type: 'match.changed',
    matchId: m.id,
    status: 'closed',
    userIds: m.userIds,
    closed: { reason, byRequestId: m.closedByRequestId },
  }));

/** What an accept, a chain or a deletion closed along with it, for the live notices (never a decline: docs/decisions/0042). */
const closedEvents = (closed: readonly { id: number; fromUserId: number; toUserId: number }[]): DomainEvent[] =>
  closed.map((d) => ({ type: 'offer.answered', offerId: d.id, status: 'closed', fromUserId: d.fromUserId, toUserId: d.toUserId }));

/**
 * The trade of an accepted offer: its requests completed, their match approved, one trades row,
 * a chain either was proposed in cancelled, and every other pending offer on them declined.
 */
export async function completeOfferTrade(
  lock: GroupLock,
  events: EventRecorder,
  offerId: number,
  offer: { requestId: number | null; senderRequestId: number | null },
): Promise<void> {
  const { em } = lock;
  const requests = await completeRequests(
    em,
    [offer.requestId, offer.senderRequestId].filter((r): r is number => r !== null),
  );
  // A profile change moved a request to another group since it was read: that group's matching waits too.
  for (const r of requests) await lock.extend(r.groupKey);
  // A chain either request was proposed in loses that trip.
  await recheckChains(
    lock,
    events,
    await proposedChainsOf(
      em,
      requests.map((r) => r.id),
    ),
    dayOfGroup(requests[0]?.groupKey ?? ''),
  );
  const target = requests.find((r) => r.id === offer.requestId);
  const senderRequest = requests.find((r) => r.id === offer.senderRequestId);
  const matchId = await recordTrade(em, target?.id ?? null, senderRequest?.id ?? null);
  const recorded: DomainEvent[] = requests.map((r) => ({
    type: 'request.updated',
    requestId: r.id,
    userId: r.userId,
    groupKey: r.groupKey,
  }));
  if (matchId !== null && target && senderRequest) {
    recorded.push({ type: 'match.changed', matchId, status: 'approved', userIds: [target.userId, senderRequest.userId] });
  }
  // Every other open match of the filled requests ends with them (the approved one is no longer open).
  recorded.push(
    ...closedMatchEvents(
      await closeMatchesOfFilled(
        em,
        requests.map((r) => r.id),
      ),
      'request_filled',
    ),
  );
  if (requests.length) {
    // With each sender's bell entry and an activity log, in the same statement.
    const closed = await closePendingOffersOn(
      em,
      requests.map((r) => r.id),
      offerId,
    );
    recorded.push(...closedEvents(closed));
  }
  events.record(...recorded);
}

/** The match an offer was sent on, trade_requested, is open again once the offer is declined or cancelled. */
export async function reopenOfferMatch(
  lock: GroupLock,
  events: EventRecorder,
  requestId: number,
  senderRequestId: number,
  userIds: number[],
): Promise<void> {
  const matchId = await reopenMatchOf(lock.em, requestId, senderRequestId);
  if (matchId !== undefined) events.record({ type: 'match.changed', matchId, status: 'active', userIds });
}

/**
 * A participant opened Request Trade on a match: pending or active → trade_requested, under the
 * lock of its requests' groups, so it is decided in one order with the fills and edits that close
 * matches (the conditional update decides the race: false when the match was no longer open). Its
 * users hear of it. First in its transaction, as every group lock is (after reads only).
 */
export async function requestTradeOnMatch(em: EntityManager, events: EventRecorder, matchId: number, userIds: number[]): Promise<boolean> {
  await GroupLock.take(em, await groupsOfMatch(em, matchId));
  if (!(await moveOpenMatch(em, matchId, 'trade_requested'))) return false;
  events.record({ type: 'match.changed', matchId, status: 'trade_requested', userIds });
  return true;
}

/** A participant deletes a match (its acknowledgements go with it), under its groups' lock; its users hear of it. */
export async function deleteMatch(em: EntityManager, events: EventRecorder, matchId: number, userIds: number[]): Promise<void> {
  await GroupLock.take(em, await groupsOfMatch(em, matchId));
  await deleteMatchRow(em, matchId);
  events.record({ type: 'match.changed', matchId, status: 'deleted', userIds });
}

/** All three accepted: the chain completed, its requests completed, one trades row per hand-over, other offers on them declined. */
export async function completeChain(lock: GroupLock, events: EventRecorder, chainId: number, requestIds: readonly number[]): Promise<void> {
  const { em } = lock;
  await endChain(em, chainId, 'completed');
  const completed = await completeRequests(em, requestIds);
  await insertChainTrades(em, chainId, requestIds);
  const closed = await closePendingOffersForChain(em, requestIds, chainId);
  const closedMatches = await closeMatchesOfFilled(em, requestIds);
  events.record(
    ...completed.map((r) => ({ type: 'request.updated' as const, requestId: r.id, userId: r.userId, groupKey: r.groupKey })),
    // Their active requests went down: no request event says so to the badges.
    { type: 'badges.stale', userIds: completed.map((r) => r.userId) },
    ...closedEvents(closed),
    ...closedMatchEvents(closedMatches, 'request_filled'),
  );
}

/** Ends a proposed chain (declined or cancelled); false when it had ended already. */
export const endProposedChain = (lock: GroupLock, chainId: number, status: 'declined' | 'cancelled') => endChain(lock.em, chainId, status);

/**
 * The pending offers on a request its owner is deleting, closed in the deleting transaction: an
 * offer left pending on a request that is gone could still be accepted. Their live notices' events,
 * for the caller to record after its own.
 */
export async function closeOffersOnDeletedRequest(lock: GroupLock, requestId: number): Promise<DomainEvent[]> {
  return closedEvents(await closePendingOffersOnDeleted(lock.em, requestId));
}

/**
 * A user's requests follow them to `groupKey` (a profile change), each matched there as an edit
 * would match it. Under the locks of the groups they leave and the one they join.
 */
export async function moveRequestsOfUser(
  lock: GroupLock,
  events: EventRecorder,
  userId: number,
  to: { groupKey: string; aircraftType: string },
  today: string,
): Promise<void> {
  for (const r of await moveRequestsToGroup(lock.em, userId, to.groupKey, to.aircraftType)) {
    // The request columns hold what the request schema let in.
    await matchRequest(lock, events, { ...r, type: r.type as RequestType, routeType: r.routeType as RouteType }, today);
  }
}

/** Trades whose both requests went with a deleted account are deleted with it. */
export const dropOrphanTrades = (lock: GroupLock): Promise<void> => deleteOrphanTrades(lock.em);
