import Router from '@koa/router';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../deps.ts';
import type { AppState } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { MIME_BY_EXTENSION, STORED_NAME } from '../../storage/file-store.ts';

/**
 * Uploaded images, to signed-in users only. Stored names are random and their extension comes
 * from the sniffed content (server/storage/file-store.ts), so the name alone gives a trustworthy type;
 * anything that is not such a name (path tricks included) is simply not found.
 */
export function uploadsRoutes(deps: Deps) {
  const router = new Router<AppState>();

  router.get('/uploads/:filename', async (ctx) => {
    requireUser(ctx);
    const filename = ctx.params.filename ?? '';
    if (!STORED_NAME.test(filename)) throw notFound();
    const file = path.join(deps.config.uploadDir, filename);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) throw notFound();
    ctx.type = MIME_BY_EXTENSION[path.extname(filename).slice(1)]!;
    ctx.length = stat.size;
    ctx.set('X-Content-Type-Options', 'nosniff');
    // A name never changes content, but the answer depends on the session: private caches only.
    ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
    ctx.body = createReadStream(file);
  });

  return router;
}
