// Every list the API answers is bounded: at most PAGE_SIZE items a response, the rest a cursor away
// (docs/decisions/0020). The body keeps its shape (an array stays an array), so the continuation
// travels out of band: the response names the next page in the NEXT_CURSOR_HEADER header, absent on
// the last page, and the client asks for it with ?cursor=. The cursor is opaque to the client: the
// sort key of the last item sent, which only the server reads. A list the caller may filter (the
// tradeboard) takes its filters as query parameters, sent again with each page.
import { z } from 'zod';

/** The most items any list response carries. */
export const PAGE_SIZE = 200;

export { CURSOR_PARAM, NEXT_CURSOR_HEADER, RESOLVED_COUNT_HEADER, TOTAL_COUNT_HEADER } from './paging-headers.ts';

/** A cursor is a few keys: nothing legitimate comes near this length. */
export const CURSOR_MAX = 200;

/** One value of a sort key. */
export type CursorKey = string | number;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(raw: string): string {
  const binary = atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The cursor of a page that ends with an item of these sort keys (server side). */
export function encodeCursor(keys: readonly CursorKey[]): string {
  return toBase64Url(JSON.stringify(keys));
}

/**
 * The sort keys a cursor carries, checked against the list's `schema`; undefined for anything
 * else (not base64url, not JSON, the wrong keys): the caller answers 400, never reads on.
 */
export function decodeCursor<S extends z.ZodType>(raw: string, schema: S): z.output<S> | undefined {
  if (raw.length === 0 || raw.length > CURSOR_MAX || !BASE64URL.test(raw)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(raw));
  } catch {
    return undefined;
  }
  const result = schema.safeParse(parsed);
  return result.success ? result.data : undefined;
}

// ---- the keys lists sort by

/** A row id as PostgreSQL's int holds it. */
export const cursorId = z.number().int().min(1).max(2_147_483_647);

/**
 * A time as microseconds since 1970 (timestamptz's own precision: a millisecond would let two rows
 * of one millisecond skip or repeat at a page's edge), within 1970..2100.
 */
export const cursorMicros = z.number().int().min(0).max(4_102_444_800_000_000);

/** A calendar day, YYYY-MM-DD, that exists, within 1970..2100 (so the database never sees a bad date). */
export function isListDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  return y >= 1970 && y <= 2100 && at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
}

export const cursorDay = z.string().refine(isListDay);

/** Newest first by time, ids breaking ties: [micros, id]. */
export const timeIdCursor = z.tuple([cursorMicros, cursorId]);
/** By day, ids breaking ties: [day, id]. */
export const dayIdCursor = z.tuple([cursorDay, cursorId]);
/** By id alone: [id]. */
export const idCursor = z.tuple([cursorId]);

/**
 * A message list (a thread, a chat room) pages from an id both ways: 'b' for older than the id
 * (Load earlier), 'a' for newer (catching up after a reconnect).
 */
export const messageCursor = z.tuple([z.enum(['a', 'b']), cursorId]);
