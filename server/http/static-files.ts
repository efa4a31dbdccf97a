import type { Next } from 'koa';
import send from 'koa-send';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppContext } from './context.ts';

/** The built page with the landing prerendered, for "/" to a browser without a session. */
const LANDING = '/index.html';
/** The same page with an empty root, for every other client route (web/build/prerender-plugin.ts). */
const SHELL = '/app.html';
/**
 * The sign-in and sign-up forms prerendered, for their paths to a browser without a session
 * (docs/decisions/0032-light-sign-in-and-first-screen.md); with one, the shell, whose app sends a
 * signed-in crew member on to "/".
 */
const SIGNED_OUT_PAGES = { '/login': '/login.html', '/signup': '/signup.html' };

/**
 * Serves the built web app: hashed assets with a year's cache, everything else that is not an API
 * or upload path falls back to the app's shell so client routes load. "/" is the prerendered landing
 * page unless the browser holds a session cookie (docs/decisions/0030-light-signed-out-entry.md):
 * a signed-in crew member must not see the landing paint before the dashboard. "/login" and
 * "/signup" are their prerendered forms on the same terms (docs/decisions/0032).
 */
export function staticFiles(webRoot: string, sessionCookieName: (secure: boolean) => string) {
  const hasBuild = existsSync(path.join(webRoot, 'index.html'));
  const shell = existsSync(path.join(webRoot, SHELL.slice(1))) ? SHELL : LANDING;
  // An older build without them: the shell renders these forms as before.
  const signedOutPages = new Map(Object.entries(SIGNED_OUT_PAGES).filter(([, file]) => existsSync(path.join(webRoot, file.slice(1)))));
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
    let file: string;
    const signedOutPage = ctx.path === '/' ? LANDING : signedOutPages.get(ctx.path);
    if (signedOutPage) {
      file = ctx.cookies.get(sessionCookieName(ctx.secure)) ? shell : signedOutPage;
      // One URL, two pages: a browser's cached copy must not answer for the other.
      ctx.vary('Cookie');
    } else file = existsSync(path.join(webRoot, path.normalize(ctx.path))) ? ctx.path : shell;
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, file, { root: webRoot });
  };
}
