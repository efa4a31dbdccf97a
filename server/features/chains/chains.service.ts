import type { EntityManager } from '@mikro-orm/postgresql';
import { CHAINS_LISTED } from '#protocol/limits.ts';
import { MSG } from '#protocol/messages.ts';
import type { ChainItem } from '#protocol/shapes.ts';
import type { Deps } from '../../deps.ts';
import type { DomainEvent } from '../../events/domain-events.ts';
import type { EventRecorder } from '../../events/event-bus.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { lockGroupForMatching } from '../matching/matching.queries.ts';
import { isCurrent, type MatchableRequest } from '../matching/matching.rules.ts';
import { dayOfGroup } from '../users/crew-day.ts';
import { completeRequests, declinePendingOffersForChain } from '../offers/offers.queries.ts';
import { requestsById } from '../requests/requests.queries.ts';
import type { UserRecord } from '../users/user.presenter.ts';
import { presentChains } from './chains.presenter.ts';
import {
  chainMembers,
  chainOfMember,
  chainsOfUser,
  claimChainMembers,
  completedChainsOfUser,
  decide,
  endChain,
  findCycles,
  insertChain,
  insertChainTrades,
  lockChain,
  markMemberView,
  matchableRequests,
  type ChainMemberRow,
  type ChainRow,
} from './chains.queries.ts';
import { cycleKey, isCycle } from './chains.rules.ts';

/**
 * Rings tried per search before giving up: a cycle proposed before (declined, say) is skipped, so a
 * few are read; past 20 the group has bigger problems than one more proposal (docs/decisions/0014).
 */
const CYCLES_TRIED = 20;

/**
 * Runs inside the transaction that created or edited `r`, after pairwise matching, under the
 * group's matching locks (its dates' for a create, the group's for an edit), with a claim on the
 * ring's requests (claimChainMembers): when r is a current trade request with no open pairwise match and in no
 * proposed chain, proposes the first ring of three it closes that was never proposed before. The
 * three members hear of it after the commit.
 */
export async function proposeChainFor(
  em: EntityManager,
  events: EventRecorder,
  r: MatchableRequest,
  today: string,
): Promise<number | undefined> {
  if (r.type !== 'trade' || r.status !== 'active' || !isCurrent(r, today)) return undefined;
  const { cycles, firstClaimed } = await findCycles(em, r, today, CYCLES_TRIED);
  for (const [i, c] of cycles.entries()) {
    const members = [
      { userId: r.userId, requestId: r.id },
      { userId: c.bUserId, requestId: c.bId },
      { userId: c.cUserId, requestId: c.cId },
    ];
    // Another transaction is proposing with one of them right now: its chain will hold the request.
    const claimed =
      i === 0
        ? firstClaimed
        : await claimChainMembers(
            em,
            members.map((m) => m.requestId),
          );
    if (!claimed) continue;
    const key = cycleKey(members.map((m) => m.requestId));
    const id = await insertChain(em, { groupKey: r.groupKey, routeType: r.routeType, cycleKey: key, members });
    if (id === undefined) continue;
    events.record({ type: 'chain.changed', chainId: id, userIds: members.map((m) => m.userId), proposed: true });
    return id;
  }
  return undefined;
}

/**
 * Cancels those of the proposed chains `chainIds` that no longer form a ring: a member's request
 * was edited, deleted, completed by another trade or moved to another group, or a member's account
 * is gone. Runs inside the transaction that changed them, under their group's matching lock.
 */
export async function recheckChains(em: EntityManager, events: EventRecorder, chainIds: readonly number[], today: string): Promise<void> {
  if (chainIds.length === 0) return;
  const members = await chainMembers(em, chainIds);
  const requests = await matchableRequests(
    em,
    members.flatMap((m) => (m.requestId === null ? [] : [m.requestId])),
  );
  for (const chainId of chainIds) {
    const mine = members.filter((m) => m.chainId === chainId);
    if (isCycle(ringOf(mine, requests), today)) continue;
    if (await endChain(em, chainId, 'cancelled')) {
      events.record({ type: 'chain.changed', chainId, userIds: mine.map((m) => m.userId), proposed: false });
    }
  }
}

const ringOf = (members: readonly ChainMemberRow[], requests: ReadonlyMap<number, MatchableRequest>) =>
  members.map((m) => (m.requestId === null ? undefined : requests.get(m.requestId)));

/** ChainItems for chain rows, members and requests loaded in one query each. */
export async function chainItemsOf(em: EntityManager, chains: readonly ChainRow[]): Promise<ChainItem[]> {
  if (chains.length === 0) return [];
  return withRequests(
    em,
    chains,
    await chainMembers(
      em,
      chains.map((c) => c.id),
    ),
  );
}

/** ChainItems of the chains `ids` (those that exist), in id order: two queries, the chains read with their members. */
export async function chainItemsById(em: EntityManager, ids: readonly number[]): Promise<ChainItem[]> {
  if (ids.length === 0) return [];
  const members = await chainMembers(em, ids);
  const chains = new Map<number, ChainRow>();
  for (const m of members) {
    if (!chains.has(m.chainId))
      chains.set(m.chainId, { id: m.chainId, status: m.chainStatus, createdAt: m.chainCreatedAt, updatedAt: m.chainUpdatedAt });
  }
  return withRequests(em, [...chains.values()], members);
}

async function withRequests(em: EntityManager, chains: readonly ChainRow[], members: readonly ChainMemberRow[]): Promise<ChainItem[]> {
  const requests = await requestsById(
    em,
    members.flatMap((m) => (m.requestId === null ? [] : [m.requestId])),
  );
  return presentChains(chains, members, requests);
}

type Outcome = 'answered' | 'unchanged' | 'cancelled';

export class ChainsService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: Pick<Deps, 'events'>,
  ) {}

  /** The caller's open chains, then their newest ended ones of the last 7 days not dismissed (CHAINS_LISTED in all). */
  async list(user: UserRecord): Promise<ChainItem[]> {
    return chainItemsOf(this.em, await chainsOfUser(this.em, user.id, CHAINS_LISTED));
  }

  /** The caller's completed chains as trades on the Completed tab (docs/decisions/0025), newest first. */
  async completed(user: UserRecord): Promise<ChainItem[]> {
    return chainItemsOf(this.em, await completedChainsOfUser(this.em, user.id, CHAINS_LISTED));
  }

  /** An ended chain leaves the caller's /matches; an open one waits for an answer instead. Idempotent. */
  async dismiss(user: UserRecord, id: number): Promise<void> {
    const status = await markMemberView(this.em, id, user.id, 'dismissed_at', ['completed', 'declined', 'cancelled']);
    if (status === undefined) throw notFound(MSG.chainNotFound);
    if (status === 'proposed') throw conflict(MSG.chainStillOpen);
  }

  /** A completed chain leaves the caller's Completed tab and count (the others keep it). Idempotent. */
  async hide(user: UserRecord, id: number): Promise<void> {
    await this.deps.events.transaction(this.em, async (em, events) => {
      const status = await markMemberView(em, id, user.id, 'hidden_at', ['completed']);
      if (status === undefined) throw notFound(MSG.chainNotFound);
      if (status !== 'completed') throw conflict(MSG.chainNotCompleted);
      // The caller's Completed Trades count went down.
      events.record({ type: 'badges.stale', userIds: [user.id] });
    });
  }

  /**
   * A member answers. Accepting as the last of the three completes the chain in the same
   * transaction: the three requests completed, three trades rows, every pending offer on them
   * declined. Declining (also after accepting, while the chain is open) ends it for all three.
   * The group's matching lock and the chain's row lock serialise answers, and the ring is checked
   * again first: a chain whose requests changed meanwhile is cancelled, never completed. Repeating
   * one's answer changes nothing.
   */
  async answer(user: UserRecord, id: number, decision: 'accepted' | 'declined'): Promise<ChainItem> {
    const head = await chainOfMember(this.em, id, user.id);
    if (!head) throw notFound(MSG.chainNotFound);
    const outcome = await this.deps.events.transaction(this.em, async (em, events): Promise<Outcome> => {
      await lockGroupForMatching(em, head.groupKey);
      const chain = await lockChain(em, id);
      if (!chain) throw notFound(MSG.chainNotFound);
      const members = await chainMembers(em, [id]);
      const me = members.find((m) => m.userId === user.id);
      if (!me) throw notFound(MSG.chainNotFound);
      if (chain.status !== 'proposed') throw conflict(MSG.chainClosed);
      if (me.decision === decision) return 'unchanged';
      const userIds = members.map((m) => m.userId);
      const today = dayOfGroup(chain.groupKey);
      const requests = await matchableRequests(
        em,
        members.flatMap((m) => (m.requestId === null ? [] : [m.requestId])),
      );
      if (!isCycle(ringOf(members, requests), today)) {
        await endChain(em, id, 'cancelled');
        events.record({ type: 'chain.changed', chainId: id, userIds, proposed: false });
        return 'cancelled';
      }
      await decide(em, id, user.id, decision, decision === 'accepted' ? ['pending'] : ['pending', 'accepted']);
      if (decision === 'declined') await endChain(em, id, 'declined');
      else if (members.every((m) => m.userId === user.id || m.decision === 'accepted')) {
        await this.complete(
          em,
          events,
          id,
          members.map((m) => m.requestId!),
        );
      }
      events.record({ type: 'chain.changed', chainId: id, userIds, proposed: false });
      return 'answered';
    });
    // The cancellation is committed; the answer the caller asked for did not happen.
    if (outcome === 'cancelled') throw conflict(MSG.chainClosed);
    return this.loadOne(id);
  }

  /** All three accepted: requests completed, one trades row per hand-over, other offers on them declined. */
  private async complete(em: EntityManager, events: EventRecorder, chainId: number, requestIds: readonly number[]): Promise<void> {
    await endChain(em, chainId, 'completed');
    const completed = await completeRequests(em, requestIds);
    await insertChainTrades(em, chainId, requestIds);
    const declined = await declinePendingOffersForChain(em, requestIds, chainId);
    const recorded: DomainEvent[] = [
      ...completed.map((r) => ({ type: 'request.updated' as const, requestId: r.id, userId: r.userId, groupKey: r.groupKey })),
      // Their active requests went down: no request event says so to the badges.
      { type: 'badges.stale', userIds: completed.map((r) => r.userId) },
      ...declined.map((d) => ({
        type: 'offer.answered' as const,
        offerId: d.id,
        status: 'declined' as const,
        fromUserId: d.fromUserId,
        toUserId: d.toUserId,
      })),
    ];
    events.record(...recorded);
  }

  private async loadOne(id: number): Promise<ChainItem> {
    const [item] = await chainItemsById(this.em, [id]);
    if (!item) throw notFound(MSG.chainNotFound);
    return item;
  }
}
