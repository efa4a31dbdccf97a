// The client side of bounded lists (docs/decisions/0020), one mechanism for every list: a page is
// the list's GET, the next page is the same GET with ?cursor= set to the X-Next-Cursor the last
// one was sent, and the list ends where no cursor comes. listStore.ts pages keyed lists with it
// (Load more, scrolling, a refresh after a reconnect); the message stores catch up with it
// (?after=<last id held>, then the cursors until caught up).
import { CURSOR_PARAM, NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '#protocol/paging-headers.ts';
import type { ApiPath, ResponseOf } from '#protocol/endpoints.ts';
import { api } from '../api/client.ts';

/** One page of a list: its items, the next page's cursor (null: the last page) and the response's headers. */
export interface PageAnswer<T> {
  items: T[];
  next: string | null;
  /** X-Total-Count where the list sends it (the administration lists' first page). */
  total: number | null;
  headers: Headers | null;
}

/**
 * Loads the page a cursor names (null: the first). A source may also answer a bare array: a list
 * of one page.
 */
export type PageSource<T> = (cursor: string | null) => Promise<PageAnswer<T> | T[]>;

/** A query string on a typed path: the map types the path, the query is free-form. */
export function withQuery<P extends string>(path: P, query: Record<string, string | number | null | undefined>): P {
  const [base, existing] = path.split('?', 2) as [string, string | undefined];
  const params = new URLSearchParams(existing);
  for (const [k, v] of Object.entries(query)) {
    if (v !== null && v !== undefined && v !== '') params.set(k, String(v));
    else params.delete(k);
  }
  const qs = params.toString();
  // The cast keeps the path's type for the typed client; the query does not change the route.
  return (qs ? `${base}?${qs}` : base) as P;
}

/** A page answer from a bare array or a page. */
export const asPage = <T>(answer: PageAnswer<T> | T[]): PageAnswer<T> =>
  Array.isArray(answer) ? { items: answer, next: null, total: null, headers: null } : answer;

/**
 * A list route as a page source: the path (a function when its query changes, the tradeboard's
 * filters) with ?cursor= added for each page after the first; `items` picks the list out of a body
 * that is not one (a thread's or a chat room's page).
 */
export function pagesOf<P extends ApiPath<'GET'>, T>(path: P | (() => P), items: (body: ResponseOf<'GET', P>) => T[]): PageSource<T> {
  return async (cursor) => {
    const base = typeof path === 'function' ? path() : path;
    const { body, headers } = await api.getWithHeaders(cursor === null ? base : withQuery(base, { [CURSOR_PARAM]: cursor }));
    const total = headers.get(TOTAL_COUNT_HEADER);
    return { items: items(body), next: headers.get(NEXT_CURSOR_HEADER), total: total === null ? null : Number(total), headers };
  };
}

/** The list in an array body as it is. */
export const itself = <T>(body: T[] | unknown): T[] => (Array.isArray(body) ? (body as T[]) : []);

/**
 * Pages from `from` (null: the first page) while cursors come, at most `maxPages`: the items in
 * the list's order, the cursor where it stopped (null: the list's end), the pages read and the
 * first page's answer (for its headers).
 */
export async function followPages<T>(
  source: PageSource<T>,
  { from = null, maxPages }: { from?: string | null; maxPages: number },
): Promise<{ items: T[]; next: string | null; pages: number; first: PageAnswer<T> | null }> {
  const items: T[] = [];
  let next = from;
  let pages = 0;
  let first: PageAnswer<T> | null = null;
  do {
    const page = asPage(await source(next));
    first ??= page;
    items.push(...page.items);
    next = page.next;
    pages++;
  } while (next !== null && pages < maxPages);
  return { items, next, pages, first };
}

/**
 * Newest first by a time (ISO text), as the server pages such lists. Items of one millisecond are
 * equal here: the server orders by the microsecond, then by id, which the client cannot see, so an
 * item of the boundary's millisecond counts as within the pages loaded (its copy is kept once by id).
 */
export function newestFirstBy<K extends string>(key: K) {
  return <T extends Record<K, string | null>>(a: T, b: T): number => {
    const x = a[key] ?? '';
    const y = b[key] ?? '';
    return x < y ? 1 : x > y ? -1 : 0;
  };
}

/** By date, then id: the tradeboard's and the own requests' order. */
export const byDateThenId = (a: { date: string; id: number }, b: { date: string; id: number }) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id;
