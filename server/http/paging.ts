// The HTTP side of bounded lists (docs/decisions/0020): the cursor comes in as ?cursor=, the next
// one goes out in the X-Next-Cursor header, and the body keeps the shape the route always had.
import type { z } from 'zod';
import { MSG } from '#protocol/messages.ts';
import { CURSOR_PARAM, cursorId, dayIdCursor, decodeCursor, messageCursor, NEXT_CURSOR_HEADER, timeIdCursor } from '#protocol/paging.ts';
import { cursorText, type DayCursor, type MessageWindow, type Page, type TimeCursor } from '../db/paging.ts';
import { answer, type ItemAt, type ListEndpoint, type ResponseAt } from './answer.ts';
import type { AppContext } from './context.ts';
import { invalid } from './errors.ts';

/** A query value as one string: '' when absent, the first when repeated. */
export function queryValue(ctx: AppContext, name: string): string {
  const v = ctx.query[name];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
}

/**
 * The sort keys of the page the caller asks for (?cursor=), checked against the list's schema;
 * undefined for the first page. Anything else is a 400: a cursor is only ever one the server sent.
 */
export function readCursor<S extends z.ZodType>(ctx: AppContext, schema: S): z.output<S> | undefined {
  const raw = queryValue(ctx, CURSOR_PARAM);
  if (raw === '') return undefined;
  const keys = decodeCursor(raw, schema);
  if (keys === undefined) throw invalid(MSG.invalidCursor, CURSOR_PARAM);
  return keys;
}

/** The cursor of a newest-first list (time, id), if one is asked for. */
export function readTimeCursor(ctx: AppContext): TimeCursor | undefined {
  const keys = readCursor(ctx, timeIdCursor);
  return keys && { at: keys[0], id: keys[1] };
}

/** The cursor of a list by date (day, id), if one is asked for. */
export function readDayCursor(ctx: AppContext): DayCursor | undefined {
  const keys = readCursor(ctx, dayIdCursor);
  return keys && { day: keys[0], id: keys[1] };
}

/**
 * A message id given as ?before= or ?after=: a whole number PostgreSQL's int holds, else 400.
 * ?after=0 is the start of the list (a client catching up reads again from before the oldest it holds).
 */
function messageId(raw: string, param: 'before' | 'after'): number {
  if (param === 'after' && raw === '0') return 0;
  const id = /^\d{1,10}$/.test(raw) ? cursorId.safeParse(Number(raw)) : undefined;
  if (!id?.success) throw invalid(MSG.invalidCursor, param);
  return id.data;
}

/**
 * Which page of a thread or a chat room is asked for: ?before=<id> (older, Load earlier),
 * ?after=<id> (newer: a client catching up from the last message it holds), or neither (the
 * newest page); both is a 400. As for every list, the next page is the same request with the
 * ?cursor= it was sent: the cursor carries the direction, and wins.
 */
export function readMessageWindow(ctx: AppContext): MessageWindow {
  const before = queryValue(ctx, 'before');
  const after = queryValue(ctx, 'after');
  const keys = readCursor(ctx, messageCursor);
  if (before !== '' && after !== '') throw invalid(MSG.invalidCursor, 'after');
  if (keys) return { direction: keys[0] === 'a' ? 'after' : 'before', id: keys[1] };
  if (before !== '') return { direction: 'before', id: messageId(before, 'before') };
  if (after !== '') return { direction: 'after', id: messageId(after, 'after') };
  return null;
}

/** Names the next page (if any) in the header. */
export function setNextCursor(ctx: AppContext, page: Page<unknown>): void {
  const next = cursorText(page);
  if (next) ctx.set(NEXT_CURSOR_HEADER, next);
}

/**
 * Answers a list route with a page: its items as the body (typed by the contract's entry, as
 * answer() does), the next page's cursor in the header.
 */
export function sendPage<E extends ListEndpoint>(ctx: AppContext, endpoint: E, page: Page<NoInfer<ItemAt<E>>>): void {
  setNextCursor(ctx, page);
  // The entry's answer is a list of exactly these items; the compiler does not see through ItemAt.
  answer(ctx, endpoint, page.items as ResponseAt<E>);
}
