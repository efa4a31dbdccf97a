import Router from '@koa/router';
import type { Next } from 'koa';
import { MSG } from '#protocol/messages.ts';
import { boardFilterSchema, ownRequestsFilterSchema, requestBodySchema } from '#protocol/schemas/requests.ts';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { AppError, invalid, notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { cursorText } from '../../db/paging.ts';
import { queryValue, readDayCursor, sendPage } from '../../http/paging.ts';
import { imageUploads } from '../../http/uploads.ts';
import { parseBody, parseId } from '../../http/validate.ts';
import { sendPrepared } from '../board/prepared-response.ts';
import { todayUtc } from '../trading/trading-core.ts';
import { groupKeyOf } from '../users/group.ts';
import { RequestsService } from './requests.service.ts';

export function requestsRoutes(deps: Deps) {
  const router = new Router<AppState>();
  const uploads = imageUploads(deps, ['tripImages']);
  const service = (ctx: AppContext) => new RequestsService(ctx.state.em, deps);

  /** Checks that come before any upload is read: signed in, with a group to post in, within the create rate. */
  const mayPost = async (ctx: AppContext, next: Next) => {
    const user = requireUser(ctx);
    service(ctx).requireGroup(user);
    await deps.limits.consume('requests', `user:${user.id}`);
    await next();
  };

  router.get('/api/requests', async (ctx) => {
    const user = requireUser(ctx);
    const { status } = parseBody(ownRequestsFilterSchema, { status: queryValue(ctx, 'status') });
    sendPage(ctx, 'GET /api/requests', await service(ctx).listOwn(user, status, readDayCursor(ctx)));
  });

  // Paged by date with the filters applied here (docs/decisions/0020). The first page without
  // filters is the same bytes for everyone in the group: read once, patched by changes, sent
  // compressed, 304 when held. Other pages are read once and kept until the group changes.
  router.get('/api/all-trades', async (ctx) => {
    const user = requireUser(ctx);
    const filters = parseBody(boardFilterSchema, {
      date: queryValue(ctx, 'date'),
      type: queryValue(ctx, 'type'),
      search: queryValue(ctx, 'search'),
    });
    const cursor = readDayCursor(ctx);
    const groupKey = groupKeyOf(user);
    if (!groupKey) {
      answer(ctx, 'GET /api/all-trades', []);
      return;
    }
    const filtered = filters.date !== undefined || filters.type !== undefined || filters.search !== undefined;
    if (cursor || filtered) {
      // Kept per (group, day, filters, cursor) until the group's next change (docs/decisions/0031);
      // its own EntityManager, as the read is shared by every reader waiting for it.
      const day = todayUtc();
      const pageKey = JSON.stringify([
        filters.date ?? null,
        filters.type ?? null,
        filters.search ?? null,
        cursor?.day ?? null,
        cursor?.id ?? null,
      ]);
      const read = async () => {
        const page = await new RequestsService(deps.orm.em.fork(), deps).boardPage(groupKey, day, filters, cursor);
        return { json: Buffer.from(JSON.stringify(page.items)), nextCursor: cursorText(page) };
      };
      await sendPrepared(ctx, await deps.boardCache.page(groupKey, day, pageKey, read));
      return;
    }
    // Its own EntityManager: the build is shared by every reader waiting for it, not this request's.
    const build = (day: string, limit: number) => new RequestsService(deps.orm.em.fork(), deps).boardOf(groupKey, day, limit);
    await sendPrepared(ctx, await deps.boardCache.get(groupKey, build));
  });

  // JSON, or multipart with the same fields (lists as JSON text) and repeated tripImages files.
  router.post('/api/requests', mayPost, uploads.parse, async (ctx) => {
    const user = requireUser(ctx);
    const body = parseBody(requestBodySchema, ctx.request.body);
    if (uploads.hasFiles(ctx) && body.routeType !== 'pairing') throw invalid(MSG.imagesPairingOnly, 'tripImages');
    const { item, created } = await uploads.withImages(ctx, 'tripImages', (images) => service(ctx).create(user, body, images));
    // A repeated client key: the request stored the first time, and nothing new (200).
    ctx.status = created ? 201 : 200;
    answer(ctx, 'POST /api/requests', item);
  });

  router.put('/api/requests/:id', async (ctx) => {
    const user = requireUser(ctx);
    // Editing never sends images (docs/product-spec.md section 2): a multipart edit is a client mistake, said plainly.
    if (ctx.is('multipart')) throw new AppError(415, 'unsupported_media_type', 'Send request edits as JSON.');
    const id = parseId(ctx.params.id, notFound(MSG.requestNotFound));
    const body = parseBody(requestBodySchema, ctx.request.body);
    answer(ctx, 'PUT /api/requests/:id', await service(ctx).update(user, id, body));
  });

  router.delete('/api/requests/:id', async (ctx) => {
    const user = requireUser(ctx);
    const id = parseId(ctx.params.id, notFound(MSG.requestNotFound));
    await service(ctx).remove(user, id);
    answer(ctx, 'DELETE /api/requests/:id', { message: 'Request deleted' });
  });

  return router;
}
