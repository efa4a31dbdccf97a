import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { ChainDecision } from '#protocol/enums.ts';
import { kysely } from '../../db/kysely.ts';

/** The chain's group and status, the row locked until the transaction ends (answers queue here). */
export function lockChain(em: EntityManager, chainId: number) {
  return kysely(em)
    .selectFrom('trade_chains')
    .select(['id', 'group_key as groupKey', 'status'])
    .where('id', '=', chainId)
    .forUpdate()
    .executeTakeFirst();
}

/** Whether the user is a member of the chain, with the chain's group (read before its lock is taken). */
export function chainOfMember(em: EntityManager, chainId: number, userId: number) {
  return kysely(em)
    .selectFrom('trade_chains as t')
    .innerJoin('trade_chain_members as m', 'm.chain_id', 't.id')
    .select(['t.id', 't.group_key as groupKey'])
    .where('t.id', '=', chainId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}

const chainColumns = ['t.id', 't.status', 't.created_at as createdAt', 't.updated_at as updatedAt'] as const;

/** How long an ended chain stays on /matches after it ended, unless its member dismisses it first (docs/decisions/0025). */
export const ENDED_CHAIN_SHOWN = '7 days';

/**
 * The chains a user is in as /matches lists them: open ones first, then the newest ended ones
 * that ended within ENDED_CHAIN_SHOWN and that the user has not dismissed, at most `limit`.
 */
export function chainsOfUser(em: EntityManager, userId: number, limit: number) {
  return kysely(em)
    .selectFrom('trade_chains as t')
    .innerJoin('trade_chain_members as m', 'm.chain_id', 't.id')
    .select(chainColumns)
    .where('m.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('t.status', '=', 'proposed'),
        eb.and([eb('m.dismissed_at', 'is', null), eb('t.updated_at', '>', sql<string>`now() - ${ENDED_CHAIN_SHOWN}::interval`)]),
      ]),
    )
    .orderBy((eb) => eb('t.status', '=', 'proposed'), 'desc')
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
}

/** The user's completed chains they have not removed from the Trades screen's Completed tab, newest first. */
export function completedChainsOfUser(em: EntityManager, userId: number, limit: number) {
  return kysely(em)
    .selectFrom('trade_chains as t')
    .innerJoin('trade_chain_members as m', 'm.chain_id', 't.id')
    .select(chainColumns)
    .where('m.user_id', '=', userId)
    .where('t.status', '=', 'completed')
    .where('m.hidden_at', 'is', null)
    .orderBy('t.updated_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Marks the member's own view of a chain (dismissed from /matches, removed from the Completed
 * tab) once; the chain's status, or undefined when the user is not a member.
 */
export async function markMemberView(
  em: EntityManager,
  chainId: number,
  userId: number,
  column: 'dismissed_at' | 'hidden_at',
  statuses: readonly string[],
) {
  const chain = await kysely(em)
    .selectFrom('trade_chains as t')
    .innerJoin('trade_chain_members as m', 'm.chain_id', 't.id')
    .select('t.status')
    .where('t.id', '=', chainId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  if (!chain || !statuses.includes(chain.status)) return chain?.status;
  await kysely(em)
    .updateTable('trade_chain_members')
    .set((eb) => ({ [column]: eb.fn.coalesce(column, eb.fn('now')) }))
    .where('chain_id', '=', chainId)
    .where('user_id', '=', userId)
    .execute();
  return chain.status;
}
export type ChainRow = Awaited<ReturnType<typeof chainsOfUser>>[number];

/** The member's answer; false when their answer was not one of `from` (it had moved on meanwhile). */
export async function decide(
  em: EntityManager,
  chainId: number,
  userId: number,
  decision: Exclude<ChainDecision, 'pending'>,
  from: readonly ChainDecision[],
): Promise<boolean> {
  const row = await kysely(em)
    .updateTable('trade_chain_members')
    .set((eb) => ({ decision, decided_at: eb.fn('now') }))
    .where('chain_id', '=', chainId)
    .where('user_id', '=', userId)
    .where('decision', 'in', [...from])
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
