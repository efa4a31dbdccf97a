import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { compileOnce } from './compiled-query.ts';

/**
 * Serialises one account's writes of one kind (its requests, its schedule images, its push devices)
 * until the transaction ends, for the per-account caps of docs/decisions/0019: a count read in a
 * later statement (each statement reads the commits made before it starts) then sees every other
 * such write of the account, so two parallel creates at 49 never make 51. Taken before any other
 * lock the write takes, so it never waits inside one.
 */
export async function lockAccount(em: EntityManager, kind: 'requests' | 'schedule' | 'push', userId: number): Promise<void> {
  await lockKey(em, { key: `account:${kind}:${userId}` });
}

// Built once per process: it runs on every create (decision 0033).
const lockKey = compileOnce(['key'], (_db, a: { key: string }) => sql`select pg_advisory_xact_lock(hashtextextended(${a.key}, 0))`);
