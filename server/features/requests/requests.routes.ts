import Router from '@koa/router';
import type { Next } from 'koa';
import { MSG } from '#protocol/messages.ts';
import { ownRequestsFilterSchema, requestBodySchema } from '#protocol/schemas/requests.ts';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { AppError, invalid, notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { queryValue, readDayCursor, sendPage } from '../../http/paging.ts';
import { imageUploads } from '../../http/uploads.ts';
import { parseBody, parseId } from '../../http/validate.ts';
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
