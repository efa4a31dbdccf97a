import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

const shared = new WeakMap<MikroORM, EntityManager>();

/**
 * The EntityManager for queries outside a transaction: kysely(em) runs each on the pool. One per
 * ORM, shared by every request and job. MikroORM forks one per request for its identity map and
 * unit of work, which the server never uses: it reads and writes through Kysely only (eslint
 * refuses the unit of work's calls in server code), and a fork cost a create about 2% of its CPU
 * each, three times (MikroORM writes its configuration back to process.env on every fork). A
 * transaction still gets a fork of its own, bound to it (inTransaction), so this one is never in
 * a transaction.
 */
export function poolEm(orm: MikroORM): EntityManager {
  let em = shared.get(orm);
  if (!em) {
    em = orm.em.fork();
    shared.set(orm, em);
  }
  return em;
}
