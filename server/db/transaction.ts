import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from './kysely.ts';

/**
 * A statement sent with a transaction's BEGIN, in the same round trip (PostgreSQL's simple query
 * protocol runs both). It is literal SQL with no parameters, so only account-lock.ts makes one, from
 * a closed set of kinds and an integer.
 */
export interface TransactionOpening {
  readonly sql: string;
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
