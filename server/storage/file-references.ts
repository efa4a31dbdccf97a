import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../db/kysely.ts';

interface FileColumn {
  table: string;
  column: string;
}

/**
 * Every table that names stored files: the entities built with storedFileColumns() (a filename
 * and a mimeType), read from the ORM's metadata so a new attachment table is covered the day its
 * entity is defined.
 */
export function storedFileColumnsOf(orm: MikroORM): FileColumn[] {
  const found: FileColumn[] = [];
  for (const meta of orm.getMetadata().getAll().values()) {
    const filename = meta.properties.filename;
    if (!filename || !meta.properties.mimeType || meta.embeddable || meta.virtual) continue;
    found.push({ table: meta.tableName, column: filename.fieldNames[0]! });
  }
  return found.sort((a, b) => a.table.localeCompare(b.table));
}

/**
 * The names among `names` that no row references. Read committed: a row committed before this
 * statement started counts, an uncommitted one does not (its transaction may still roll back).
 * One anti-join per table over the given names: no index on filename is needed for a few thousand.
 *
 * The tables come from the metadata at run time, so they are named with sql.table/sql.ref (quoted
 * identifiers); the names travel as one bound text[] that unnest turns into rows.
 */
export async function unreferencedFiles(em: EntityManager, orm: MikroORM, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await kysely(em)
    .selectFrom(sql<{ name: string }>`unnest(${names}::text[])`.as('name'))
    .select('name.name')
    .where(({ and, not, exists, selectFrom }) =>
      and(
        storedFileColumnsOf(orm).map(({ table, column }) =>
          not(
            exists(
              selectFrom(sql.table(table).as('t'))
                .select(sql.lit(1).as('one'))
                .where(sql.ref(`t.${column}`), '=', sql.ref('name.name')),
            ),
          ),
        ),
      ),
    )
    .execute();
  return rows.map((r) => r.name);
}
