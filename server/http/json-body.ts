import type { Next } from 'koa';
import type { AppContext } from './context.ts';

/**
 * Serialises a JSON body once. Left as an object, Koa stringifies it to learn its length and
 * koa-compress stringifies it again to compress it: twice the work on the largest responses.
 */
export async function jsonBody(ctx: AppContext, next: Next) {
  await next();
  const body: unknown = ctx.body;
  if (body === null || body === undefined || typeof body !== 'object') return;
  if (Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function') return;
  ctx.body = JSON.stringify(body);
  // Koa labelled the object JSON already; labelling it again costs a MIME lookup and a header check.
  if (!ctx.response.get('Content-Type')) ctx.type = 'application/json';
}
