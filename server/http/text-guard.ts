import type { Next } from 'koa';
import { MSG } from '#protocol/messages.ts';
import type { AppContext } from './context.ts';
import { invalid } from './errors.ts';

/**
 * NUL, the one character PostgreSQL refuses in text (it would reach a query and fail as a 500).
 * Other control characters are the schemas' business: a name refuses them with its own message
 * (protocol/schemas/fields.ts), while notes keep their tabs and line breaks.
 */
const NUL = '\u0000';

/**
 * Whether any string in a parsed body (keys included) holds a NUL. Walked with an
 * explicit stack: a 100 kB body can nest deeper than the call stack goes.
 */
export function hasNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const v = pending.pop();
    if (typeof v === 'string') {
      if (v.includes(NUL)) return true;
    } else if (Array.isArray(v)) {
      for (const inner of v as unknown[]) pending.push(inner);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        if (k.includes(NUL)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** Refuses a request whose text (query string or parsed body) carries a NUL. */
export function refuseNul(parsed: unknown): void {
  if (hasNul(parsed)) throw invalid(MSG.controlCharacters);
}

/** After the body parser, before any route: one guard for every JSON field and query parameter. */
export async function textGuard(ctx: AppContext, next: Next) {
  refuseNul(ctx.query);
  refuseNul(ctx.request.body);
  await next();
}
