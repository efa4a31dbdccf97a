import Router from '@koa/router';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../deps.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { MIME_BY_EXTENSION, STORED_NAME, thumbNameOf } from '../../storage/file-store.ts';
import { uploadVisibleTo } from './upload-access.queries.ts';

/**
 * Uploaded images, each to those who may see what it belongs to (upload-access.queries.ts; admins
 * see all), and a 404 to everyone else, so a URL tells an outsider nothing. Stored names are random
 * and their extension comes from the sniffed content (server/storage/file-store.ts), so the name
 * alone gives a trustworthy type; anything that is not such a name (path tricks included) is
 * simply not found. A thumbnail follows its image's rule.
 */
export function uploadsRoutes(deps: Deps) {
  const router = new Router<AppState>();

  async function serve(ctx: AppContext, filename: string, thumbnail: boolean) {
    const user = requireUser(ctx);
    if (!STORED_NAME.test(filename)) throw notFound();
    if (!user.isAdmin && !(await uploadVisibleTo(ctx.state.em, filename, user))) throw notFound();
    const original = path.join(deps.config.uploadDir, filename);
    // Images stored before thumbnails existed have none: their full image stands in.
    const candidates = thumbnail ? [path.join(deps.config.uploadDir, thumbNameOf(filename)), original] : [original];
    for (const file of candidates) {
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) continue;
      ctx.type = MIME_BY_EXTENSION[path.extname(file).slice(1)]!;
      ctx.length = stat.size;
      ctx.set('X-Content-Type-Options', 'nosniff');
      // A name never changes content, but the answer depends on the session: private caches only.
      ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
      // Raw: the image file itself, streamed.
      ctx.body = createReadStream(file);
      return;
    }
    throw notFound();
  }

  router.get('/uploads/thumbs/:filename', (ctx) => serve(ctx, ctx.params.filename ?? '', true));
  router.get('/uploads/:filename', (ctx) => serve(ctx, ctx.params.filename ?? '', false));

  return router;
}
