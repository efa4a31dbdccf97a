// A thread or chat room served as the server pages it, for the message stores' tests: the newest
// page, ?before= (Load earlier, reading back), and ?after= with its X-Next-Cursor (catching up
// forward), MESSAGE_PAGE a page; and requests cut the way undici cuts them when an instance dies.
import { MESSAGE_PAGE } from '#protocol/limits.ts';

/** fetch's rejection when the connection is cut mid-request (undici: UND_ERR_SOCKET). */
export function cutRequest(): TypeError {
  const cause = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
  return new TypeError('fetch failed', { cause });
}

const cursorOf = (keys: unknown[]) => btoa(JSON.stringify(keys)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const keysOf = (cursor: string) => JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))) as unknown[];

export interface PagedRoom {
  /** The room's message ids (kept in order by the server: `answer` sorts them). */
  all: number[];
  /** Every request answered or cut, as path and query. */
  calls: string[];
  /** The next `n` requests to the room reject as a cut connection does. */
  cutNext: (n: number) => void;
  /** The answer to a request for the room's path, or null for any other path. */
  answer: (input: unknown) => Promise<Response> | null;
}

/** A room at `path` whose messages are `make(id)`, with `extra` fields in each page's body (a thread's user). */
export function pagedRoom<M>(path: string, make: (id: number) => M, extra: Record<string, unknown> = {}): PagedRoom {
  const all: number[] = [];
  const calls: string[] = [];
  let cut = 0;
  const body = (ids: number[], nextBefore: number | null) => JSON.stringify({ ...extra, messages: ids.map(make), nextBefore });
  return {
    all,
    calls,
    cutNext: (n) => (cut = n),
    answer: (input) => {
      const url = new URL(String(input), 'http://x');
      if (url.pathname !== path) return null;
      calls.push(url.pathname + url.search);
      if (cut > 0) {
        cut--;
        return Promise.reject(cutRequest());
      }
      const ids = [...all].sort((a, b) => a - b);
      const cursor = url.searchParams.get('cursor');
      const after = cursor ? Number(keysOf(cursor)[1]) : url.searchParams.has('after') ? Number(url.searchParams.get('after')) : null;
      if (after !== null) {
        const rest = ids.filter((id) => id > after);
        const page = rest.slice(0, MESSAGE_PAGE);
        const headers = rest.length > MESSAGE_PAGE ? { 'X-Next-Cursor': cursorOf(['a', page.at(-1)]) } : undefined;
        return Promise.resolve(new Response(body(page, page[0] ?? null), { headers }));
      }
      const before = url.searchParams.has('before') ? Number(url.searchParams.get('before')) : null;
      const older = before === null ? ids : ids.filter((id) => id < before);
      const page = older.slice(-MESSAGE_PAGE);
      const more = older.length > MESSAGE_PAGE;
      const headers = more ? { 'X-Next-Cursor': cursorOf(['b', page[0]]) } : undefined;
      return Promise.resolve(new Response(body(page, more ? page[0]! : null), { headers }));
    },
  };
}

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
