import type { EntityManager } from '@mikro-orm/postgresql';
import { CHAINS_LISTED } from '#protocol/limits.ts';
import { MSG } from '#protocol/messages.ts';
import type { ChainItem } from '#protocol/shapes.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../http/errors.ts';
import {
  chainItemsById,
  chainItemsOf,
  chainMembers,
  completeChain,
  endProposedChain,
  isCycle,
  lockGroups,
  matchableRequests,
  recordChainsChanged,
  ringOf,
} from '../trading/trading-core.ts';
import { dayOfGroup } from '../user-kernel/crew-day.ts';
import type { UserRecord } from '../user-kernel/user.presenter.ts';
import { chainOfMember, chainsOfUser, completedChainsOfUser, decide, lockChain, markMemberView } from './chains.queries.ts';

type Outcome = 'answered' | 'unchanged' | 'cancelled';
/** What an answer's transaction did, and the chain as it left it when it changed it. */
type Answered = { outcome: Outcome; item?: ChainItem };

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
    const { outcome, item } = await this.deps.events.transaction(this.em, async (em, events): Promise<Answered> => {
      const lock = await lockGroups(em, [head.groupKey]);
      const chain = await lockChain(em, id);
      if (!chain) throw notFound(MSG.chainNotFound);
      const members = await chainMembers(em, [id]);
      const me = members.find((m) => m.userId === user.id);
      if (!me) throw notFound(MSG.chainNotFound);
      if (chain.status !== 'proposed') throw conflict(MSG.chainClosed);
      if (me.decision === decision) return { outcome: 'unchanged' };
      const userIds = members.map((m) => m.userId);
      const today = dayOfGroup(chain.groupKey);
      const requests = await matchableRequests(
        em,
        members.flatMap((m) => (m.requestId === null ? [] : [m.requestId])),
      );
      if (!isCycle(ringOf(members, requests), today)) {
        await endProposedChain(lock, id, 'cancelled');
        await recordChainsChanged(em, events, [{ chainId: id, userIds }], false);
        return { outcome: 'cancelled' };
      }
      await decide(em, id, user.id, decision, decision === 'accepted' ? ['pending'] : ['pending', 'accepted']);
      if (decision === 'declined') await endProposedChain(lock, id, 'declined');
      else if (members.every((m) => m.userId === user.id || m.decision === 'accepted')) {
        await completeChain(
          lock,
          events,
          id,
          members.map((m) => m.requestId!),
        );
      }
      // The answer and the members' notices share the chain as this transaction leaves it.
      const [answered] = await recordChainsChanged(em, events, [{ chainId: id, userIds }], false);
      return { outcome: 'answered', item: answered };
    });
    // The cancellation is committed; the answer the caller asked for did not happen.
    if (outcome === 'cancelled') throw conflict(MSG.chainClosed);
    return item ?? this.loadOne(id);
  }

  private async loadOne(id: number): Promise<ChainItem> {
    const [item] = await chainItemsById(this.em, [id]);
    if (!item) throw notFound(MSG.chainNotFound);
    return item;
  }
}
