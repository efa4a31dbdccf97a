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

/** The column a newest-first list selects its sort time into (microsOf), for its cursor. */
export interface TimeSorted {
  sortMicros: string | number | bigint | null;
  id: number;
}

/** A newest-first row's cursor keys: [micros, id]. */
export const timeKeys = (row: TimeSorted) => [Number(row.sortMicros ?? 0), row.id];

/** Where a newest-first page starts (the keys of timeIdCursor). A type: compiled queries take records. */
export type TimeCursor = { at: number; id: number };

/** Where a page in date order starts (the keys of dayIdCursor). */
export type DayCursor = { day: string; id: number };

/** A row in date order's cursor keys: [day, id]. */
export const dayKeys = (row: { date: string; id: number }) => [row.date, row.id];

/**
 * The timestamptz a cursor's microseconds name, exactly: the count is below 2^53, so the float8 it
 * travels as holds it, and one microsecond times it is whole.
 */
const timeOfMicros = (value: unknown) => sql`(timestamptz 'epoch' + ${value}::float8 * interval '1 microsecond')`;

/** Rows after the cursor in newest-first order by (time, id): `(time, id) < (cursor)`. */
export const olderThan = (time: string, id: string, at: unknown, cursorId: unknown): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(time)}, ${sql.ref(id)}) < (${timeOfMicros(at)}, ${cursorId})`;

/** Rows past a newest-first cursor, or every row for the first page (null). */
export const pastTimeCursor = (time: string, id: string, cursor: TimeCursor | null): RawBuilder<boolean> =>
  cursor ? olderThan(time, id, cursor.at, cursor.id) : sql<boolean>`true`;

/** Rows past a cursor in date order (`(day, id) > (cursor)`), or every row for the first page (null). */
export const pastDayCursor = (day: string, id: string, cursor: DayCursor | null): RawBuilder<boolean> =>
  cursor ? sql<boolean>`(${sql.ref(day)}, ${sql.ref(id)}) > (${cursor.day}::date, ${cursor.id})` : sql<boolean>`true`;

/**
 * `search` as an ILIKE pattern matching it anywhere, with its own `%`, `_` and `\` taken literally
 * (backslash is ILIKE's default escape). The pattern is still a bound value.
 */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Which page of a message list (a thread, a chat room): the newest (null), the one before an id
 * (Load earlier), or the one after an id (catching up after a reconnect: docs/decisions/0020).
 */
export type MessageWindow = { direction: 'before' | 'after'; id: number } | null;

/** A page of a message list, oldest first, as ThreadPage and ChatPage carry it, and the cursor of the next one. */
export interface MessagePage<R> extends Page<R> {
  /** The body's nextBefore: the id to page back from, null when the page reaches the start. */
  nextBefore: number | null;
}

/**
 * The page in `rows`, read with pageLimit(size) from the window's id: newest first for the newest
 * page and for `before`, oldest first for `after`. The next page goes on in the same direction.
 */
export function messagePageFrom<R extends { id: number }>(rows: readonly R[], window: MessageWindow, size: number): MessagePage<R> {
  const more = rows.length > size;
  if (window?.direction === 'after') {
    const items = rows.slice(0, size);
    const last = items[items.length - 1];
    // Older messages are those at or before the window's id, which the client holds.
    return { items, next: more && last ? ['a', last.id] : null, nextBefore: items[0]?.id ?? null };
  }
  const items = rows.slice(0, size).reverse();
  const oldest = items[0];
  return { items, next: more && oldest ? ['b', oldest.id] : null, nextBefore: more && oldest ? oldest.id : null };
}
