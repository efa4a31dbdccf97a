import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from './kysely.ts';

/**
 * Migrations whose file (and class) was renamed after databases had already run them: old name to
 * new. Four were dated days ahead of their creation, so a migration created after them would have
 * sorted, and run, before them; they now carry the hours they were written (docs/decisions/0021).
 */
export const RENAMED_MIGRATIONS: ReadonlyArray<readonly [from: string, to: string]> = [
  ['Migration20261127090000', 'Migration20261126100000'],
  ['Migration20261128090000', 'Migration20261126110000'],
  ['Migration20261129090000', 'Migration20261126120000'],
  ['Migration20261130090000', 'Migration20261126130000'],
];

/**
 * Rewrites the names a database recorded under the old file names, so the migrator sees them as
 * run and does not run them again. Runs while the migration lock is held, before the migrator;
 * does nothing on a fresh database (no table yet) or one already rewritten.
 */
export async function renameRecordedMigrations(em: EntityManager, tableName: string): Promise<number> {
  const db = kysely(em);
  const exists = await sql<{ found: string | null }>`select to_regclass(${tableName})::text as found`.execute(db);
  if (!exists.rows[0]?.found) return 0;
  let renamed = 0;
  for (const [from, to] of RENAMED_MIGRATIONS) {
    const result =
      await sql`update ${sql.table(tableName)} set name = ${to} where name in (${from}, ${`${from}.ts`}, ${`${from}.js`})`.execute(db);
    renamed += Number(result.numAffectedRows ?? 0);
  }
  return renamed;
}
