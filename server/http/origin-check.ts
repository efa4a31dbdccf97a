import type { Context, Next } from 'koa';
import { MSG } from '../../protocol/messages.ts';
import { forbidden } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence: a state-changing request that names an origin must name ours (APP_ORIGIN, or the
 * host it was sent to). Requests without Origin or Referer come from non-browser clients.
 */
export function originCheck(appOrigin: string | undefined) {
  return async (ctx: Context, next: Next) => {
    if (!SAFE.has(ctx.method)) {
      const claimed = ctx.get('Origin') || ctx.get('Referer');
      if (claimed) {
        let origin: string;
        try {
          origin = new URL(claimed).origin;
        } catch {
          throw forbidden(MSG.forbiddenOrigin);
        }
        const allowed = appOrigin ?? `${ctx.protocol}://${ctx.host}`;
        if (origin !== allowed) throw forbidden(MSG.forbiddenOrigin);
      }
    }
    await next();
  };
}
