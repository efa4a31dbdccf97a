import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChainItem } from '#protocol/shapes.ts';
import type { EventRecorder } from '../../events/event-bus.ts';
import { chainItemsById } from './chain-items.ts';
import type { GroupLock } from './group-lock.ts';
import {
  chainMembers,
  claimChainMembers,
  endChain,
  findCycles,
  insertChain,
  matchableRequests,
  type ChainMemberRow,
} from './chain-rings.queries.ts';
import { cycleKey, isCycle } from './chain.rules.ts';
import { isCurrent, type MatchableRequest } from './matching.rules.ts';

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
  lock: GroupLock,
  events: EventRecorder,
  r: MatchableRequest,
  today: string,
): Promise<number | undefined> {
  const { em } = lock;
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
    await recordChainsChanged(em, events, [{ chainId: id, userIds: members.map((m) => m.userId) }], true);
    return id;
  }
  return undefined;
}

/**
 * Cancels those of the proposed chains `chainIds` that no longer form a ring: a member's request
 * was edited, deleted, completed by another trade or moved to another group, or a member's account
 * is gone. Runs inside the transaction that changed them, under their group's matching lock.
 */
export async function recheckChains(lock: GroupLock, events: EventRecorder, chainIds: readonly number[], today: string): Promise<void> {
  if (chainIds.length === 0) return;
  const { em } = lock;
  const members = await chainMembers(em, chainIds);
  const requests = await matchableRequests(
    em,
    members.flatMap((m) => (m.requestId === null ? [] : [m.requestId])),
  );
  const cancelled: { chainId: number; userIds: number[] }[] = [];
  for (const chainId of chainIds) {
    const mine = members.filter((m) => m.chainId === chainId);
    if (isCycle(ringOf(mine, requests), today)) continue;
    if (await endChain(em, chainId, 'cancelled')) cancelled.push({ chainId, userIds: mine.map((m) => m.userId) });
  }
  await recordChainsChanged(em, events, cancelled, false);
}

/**
 * chain.changed for each chain, carrying the chain as this transaction leaves it (read here, once
 * for all of them), so its notices read nothing after the commit. Returns the items.
 */
export async function recordChainsChanged(
  em: EntityManager,
  events: EventRecorder,
  changed: readonly { chainId: number; userIds: readonly number[] }[],
  proposed: boolean,
): Promise<ChainItem[]> {
  if (changed.length === 0) return [];
  const items = await chainItemsById(
    em,
    changed.map((c) => c.chainId),
  );
  for (const c of changed) {
    const item = items.find((i) => i.id === c.chainId);
    if (item) events.record({ type: 'chain.changed', chainId: c.chainId, userIds: c.userIds, proposed, item });
  }
  return items;
}

export const ringOf = (members: readonly ChainMemberRow[], requests: ReadonlyMap<number, MatchableRequest>) =>
  members.map((m) => (m.requestId === null ? undefined : requests.get(m.requestId)));
