import type { Next } from 'koa';
import send from 'koa-send';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppContext } from './context.ts';

/**
 * Serves the built web app: hashed assets with a year's cache, everything else that is not an API
 * or upload path falls back to index.html so client routes load.
 */
export function staticFiles(webRoot: string) {
  const hasBuild = existsSync(path.join(webRoot, 'index.html'));
  return async (ctx: AppContext, next: Next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/api/') || ctx.path.startsWith('/uploads/') || ctx.path.startsWith('/socket.io')) return next();
    if (!hasBuild) {
      ctx.status = 503;
      ctx.body = 'The web app is not built: run "npm run build".';
      return;
    }
    if (ctx.path.startsWith('/assets/')) {
      try {
        await send(ctx, ctx.path, { root: webRoot, immutable: true, maxage: 365 * 24 * 3600 * 1000, brotli: false, gzip: false });
        return;
      } catch {
        ctx.status = 404;
        return;
      }
    }
    const file = ctx.path !== '/' && existsSync(path.join(webRoot, path.normalize(ctx.path))) ? ctx.path : '/index.html';
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, file, { root: webRoot });
  };
}
