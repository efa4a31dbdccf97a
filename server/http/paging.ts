// The HTTP side of bounded lists (docs/decisions/0020): the cursor comes in as ?cursor=, the next
// one goes out in the X-Next-Cursor header, and the body keeps the shape the route always had.
import type { z } from 'zod';
import { MSG } from '#protocol/messages.ts';
import { CURSOR_PARAM, decodeCursor, NEXT_CURSOR_HEADER } from '#protocol/paging.ts';
import { cursorText, type Page } from '../db/paging.ts';
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

/** Names the next page (if any) in the header. */
export function setNextCursor(ctx: AppContext, page: Page<unknown>): void {
  const next = cursorText(page);
  if (next) ctx.set(NEXT_CURSOR_HEADER, next);
}

/** Answers a list route with a page: its items as the body, the next page's cursor in the header. */
export function sendPage<T>(ctx: AppContext, page: Page<T>): void {
  setNextCursor(ctx, page);
  ctx.body = page.items;
}
