import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { compileOnce } from './compiled-query.ts';
import { lockOpening, type TransactionOpening } from './transaction.ts';

const KINDS = ['requests', 'schedule', 'push'] as const;
export type AccountLockKind = (typeof KINDS)[number];

/**
 * Serialises one account's writes of one kind (its requests, its schedule images, its push devices)
 * until the transaction ends, for the per-account caps of docs/decisions/0019: a count read in a
 * later statement (each statement reads the commits made before it starts) then sees every other
 * such write of the account, so two parallel creates at 49 never make 51. Taken before any other
 * lock the write takes, so it never waits inside one.
 */
export async function lockAccount(em: EntityManager, kind: AccountLockKind, userId: number): Promise<void> {
  await lockKey(em, { key: keyOf(kind, userId) });
}

/**
 * The same lock as lockAccount, taken by the transaction's BEGIN in the same round trip
 * (inTransaction's opening; docs/decisions/0048): for a write whose first statement is the lock, one
 * round trip fewer. The key is written into the SQL as a literal: lockOpening refuses any key
 * that could hold a quote, and the kind and the id are checked here as well.
 */
export function accountLockOpening(kind: AccountLockKind, userId: number): TransactionOpening {
  if (!KINDS.includes(kind) || !Number.isSafeInteger(userId))
    throw new TypeError(`account lock: not a kind and a user id: ${kind}, ${userId}`);
  return lockOpening(keyOf(kind, userId));
}

const keyOf = (kind: AccountLockKind, userId: number) => `account:${kind}:${userId}`;

// Built once per process: it runs on every edit (decision 0033).
const lockKey = compileOnce(['key'], (_db, a: { key: string }) => sql`select pg_advisory_xact_lock(hashtextextended(${a.key}, 0))`);
