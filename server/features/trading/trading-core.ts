// The trading core's public API, its one door (docs/decisions/0027, amended 2026-11-28): the one
// module that changes a request's state (created, completed, declined offers on it, trades, a
// match's status, chains) and takes a group's matching lock. Requests, matches, offers, chains,
// admin deletion and profile moves call it; outside features/trading/ only this file is imported
// (eslint.config.js, tradingDoor). It exports the core only: the reads of requests and matches that
// others show stay in requests/ and matches/, which the core may read but which import nothing of it
// but this file. Its writes ask for a GroupLock, which only taking the group's lock hands out
// (lockGroups, or a create's insertRequest), and taking it after a row lock is refused: one lock
// order, groups first, then rows.

// The lock as a type only: outside the core, a GroupLock comes from lockGroups or insertRequest.
export { type GroupLock, type NewRequest, LockOrderError } from './group-lock.ts';
export { matchRequest } from './matching.service.ts';
export { recheckChains, recordChainsChanged, ringOf } from './chain-rings.ts';
export { chainItemsById, chainItemsOf } from './chain-items.ts';
export {
  completeChain,
  completeOfferTrade,
  closeOffersOnDeletedRequest,
  deleteMatch,
  dropOrphanTrades,
  endProposedChain,
  moveRequestsOfUser,
  reopenOfferMatch,
  requestTradeOnMatch,
} from './request-state.ts';
export { chainMembers, matchableRequests, proposedChainsOf, proposedChainsOfUser, type ChainMemberRow } from './chain-rings.queries.ts';
export { cycleKey, giverOf, isCycle } from './chain.rules.ts';
export { matchableColumns } from './matching.queries.ts';
export { allDatesOf, isCurrent, lastDateOf, orderedPair, todayUtc, type MatchableRequest } from './matching.rules.ts';

import type { EntityManager } from '@mikro-orm/postgresql';
import { GroupLock, type NewRequest } from './group-lock.ts';

/**
 * The matching lock of each named group (nulls skipped), sorted, exclusively: the first thing a
 * write that edits, removes, completes or moves a group's requests does in its transaction. A
 * create takes the finer locks of insertRequest instead (docs/decisions/0015, 0017).
 */
export const lockGroups = (em: EntityManager, groupKeys: Iterable<string | null | undefined>): Promise<GroupLock> =>
  GroupLock.take(em, groupKeys);

/**
 * A create's row: in one statement (docs/decisions/0033) the count of the owner's requests on the
 * board, then, below the cap, the create's locks (the group's shared, its dates') and the insert.
 * Run under the owner's account lock (the create takes it with its BEGIN: accountLockOpening,
 * db/account-lock.ts). The stored row and the lock that matching it needs; nothing when nothing was inserted (the owner at the cap, or a client key used before).
 */
export const insertRequest = (em: EntityManager, request: NewRequest) => GroupLock.forCreate(em, request);
