import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from './kysely.ts';

declare const opening: unique symbol;

/**
 * A statement sent with a transaction's BEGIN, in the same round trip (PostgreSQL's simple query
 * protocol runs both). It is literal SQL, with no parameters, so the type is branded: only
 * lockOpening below makes one, from a key it checks can hold no quote.
 */
export interface TransactionOpening {
  readonly sql: string;
  readonly [opening]: true;
}

/** Advisory-lock keys as the app names them (`account:requests:42`): words and digits between colons. */
const LOCK_KEY = /^[a-z]+(?::[a-z0-9]+)+$/;

/**
 * `pg_advisory_xact_lock(hashtextextended(key, 0))` as an opening: the same lock a statement of its
 * own takes with that key (db/account-lock.ts). Any other key is refused.
 */
export function lockOpening(key: string): TransactionOpening {
  if (!LOCK_KEY.test(key)) throw new TypeError(`transaction opening: not a lock key: ${JSON.stringify(key)}`);
  return { sql: `select pg_advisory_xact_lock(hashtextextended('${key}', 0))` } as TransactionOpening;
}

/**
 * Runs `work` in one transaction on one pooled connection: begun (with `opening` in the same round
 * trip), `work` given a fork of em bound to that connection (its kysely(tx) runs every query in the
 * transaction), committed when `work` resolves, rolled back when it throws. The connection goes back
 * to the pool in every case, a dead one included.
 *
 * Not `em.transactional`: the server reads and writes through Kysely only and never through
 * MikroORM's unit of work (eslint.config.js refuses its calls), so MikroORM's flow around a
 * transaction (a second fork, its transaction events, a flush that computes change sets of nothing)
 * was pure cost, about a tenth of a create's CPU (docs/decisions/0048).
 *
 * When the commit or the rollback fails too (a connection that died), the first error is thrown.
 */
export async function inTransaction<T>(
  em: EntityManager,
  work: (tx: EntityManager) => Promise<T>,
  opening?: TransactionOpening,
): Promise<T> {
  // Inside a transaction this would take a second connection and a transaction of its own, not a nested one.
  if (em.isInTransaction()) throw new Error('inTransaction: em is already in a transaction');
  return kysely(em)
    .connection()
    .execute(async (db) => {
      let out: T;
      try {
        // In the try: an opening that fails (a lock wait cut short) leaves the transaction open, aborted.
        await sql.raw(opening ? `begin; ${opening.sql}` : 'begin').execute(db);
        const tx = em.fork();
        tx.setTransactionContext(db);
        out = await work(tx);
        await sql.raw('commit').execute(db);
      } catch (error) {
        // After a failed commit PostgreSQL has already ended the transaction; the rollback is then a no-op.
        await sql
          .raw('rollback')
          .execute(db)
          .catch(() => undefined);
        throw error;
      }
      return out;
    });
}
