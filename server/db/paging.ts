// The SQL side of bounded lists (docs/decisions/0020): a page is read as `size + 1` rows in the
// list's order from just past the cursor's sort key, so the extra row says whether another page
// follows. The keys are compared as a row value, `(time, id) < (...)`: PostgreSQL reads that as one
// range of a btree index on those columns, where an `or` of the two cases would not be.
import { sql, type RawBuilder } from 'kysely';
import { encodeCursor, PAGE_SIZE, type CursorKey } from '#protocol/paging.ts';

/** A page of a list: its items, and the sort keys of the last one when another page follows. */
export interface Page<T> {
  items: T[];
  next: CursorKey[] | null;
}

/** The rows to read for a page of `size`: one more says whether another follows. */
export const pageLimit = (size = PAGE_SIZE) => size + 1;

/** The page in `rows` (read with pageLimit(size), in list order), and where the next one starts. */
export function pageFrom<R>(rows: readonly R[], keyOf: (row: R) => CursorKey[], size = PAGE_SIZE): Page<R> {
  if (rows.length <= size) return { items: [...rows], next: null };
  const items = rows.slice(0, size);
  return { items, next: keyOf(items[items.length - 1]!) };
}

/** The same page with its items presented (a row's raw keys stay with the page). */
export function mapPage<R, T>(page: Page<R>, present: (row: R) => T): Page<T> {
  return { items: page.items.map(present), next: page.next };
}

/** The next page's cursor as the header carries it. */
export const cursorText = (page: Page<unknown>): string | null => (page.next ? encodeCursor(page.next) : null);

/**
 * A timestamptz column as whole microseconds since 1970, the precision the column stores (read as
 * text: pg returns a bigint as a string). extract(epoch) is numeric, so the product is exact.
 */
export const microsOf = (column: string): RawBuilder<string> => sql<string>`(extract(epoch from ${sql.ref(column)}) * 1000000)::bigint`;

/** A row's microseconds (microsOf) as a cursor key. */
export const micros = (value: string | number | bigint): number => Number(value);

/**
 * The timestamptz a cursor's microseconds name, exactly: the count is below 2^53, so the float8 it
 * travels as holds it, and one microsecond times it is whole.
 */
const timeOfMicros = (value: unknown) => sql`(timestamptz 'epoch' + ${value}::float8 * interval '1 microsecond')`;

/** Rows after the cursor in newest-first order by (time, id): `(time, id) < (cursor)`. */
export const olderThan = (time: string, id: string, at: unknown, cursorId: unknown): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(time)}, ${sql.ref(id)}) < (${timeOfMicros(at)}, ${cursorId})`;

/** Rows after the cursor in ascending order by (day, id): `(day, id) > (cursor)`. */
export const laterThan = (day: string, id: string, cursorDay: unknown, cursorId: unknown): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(day)}, ${sql.ref(id)}) > (${cursorDay}::date, ${cursorId})`;

/**
 * `search` as an ILIKE pattern matching it anywhere, with its own `%`, `_` and `\` taken literally
 * (backslash is ILIKE's default escape). The pattern is still a bound value.
 */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
