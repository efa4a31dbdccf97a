import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import type { entities } from './entities/index.ts';

/**
 * The database as Kysely sees it, inferred from the defineEntity definitions: table and column
 * names as in the schema (snake_case: MikroORM's default, with no plugin rewriting each query and
 * row), values as the entities type them. Queries alias columns to camelCase where rows leave the
 * queries file.
 */
export type DB = InferKyselyDB<(typeof entities)[number]>;

/** The typed query builder of `em`: inside `em.transactional` it runs in that transaction. */
export const kysely = (em: EntityManager): Kysely<DB> => em.getKysely<DB>();
