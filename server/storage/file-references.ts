import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { pgArray } from '../db/pg-array.ts';

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

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/**
 * The names among `names` that no row references. Read committed: a row committed before this
 * statement started counts, an uncommitted one does not (its transaction may still roll back).
 * One anti-join per table over the given names: no index on filename is needed for a few thousand.
 */
export async function unreferencedFiles(em: EntityManager, orm: MikroORM, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const columns = storedFileColumnsOf(orm);
  const notReferenced = columns.map(
    ({ table, column }) => `not exists (select 1 from ${quote(table)} t where t.${quote(column)} = x.name)`,
  );
  const rows = await em.execute<{ name: string }[]>(
    `select x.name from unnest(?::text[]) as x(name) ${notReferenced.length ? `where ${notReferenced.join(' and ')}` : ''}`,
    [pgArray(names)],
  );
  return rows.map((r) => r.name);
}
