import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from './kysely.ts';

/**
 * Runs `work` in one transaction on em's pool: begun, `work` given a fork of em bound to it (its
 * kysely(tx) runs every query in the transaction), committed when `work` resolves, rolled back when
 * it throws. The connection goes back to the pool in every case, a dead one included.
 *
 * Kysely's own transaction, not `em.transactional`: the server writes only through Kysely and
 * never through the unit of work (no entity is persisted, flushed or tracked), so MikroORM's flow
 * around it (a second fork, its transaction events, a flush that computes change sets of nothing)
 * was pure cost, about a tenth of a create's CPU (docs/decisions/0048).
 *
 * A failed rollback does not hide why the transaction failed: the first error is thrown.
 */
export async function inTransaction<T>(em: EntityManager, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  let failure: { error: unknown } | undefined;
  try {
    return await kysely(em)
      .transaction()
      .execute(async (trx) => {
        const tx = em.fork();
        tx.setTransactionContext(trx);
        try {
          return await work(tx);
        } catch (error) {
          failure = { error };
          throw error;
        }
      });
  } catch (error) {
    // Kysely throws the rollback's error when the rollback fails too (a connection that died).
    throw failure ? failure.error : error;
  }
}
