import Router from '@koa/router';
import type { Next } from 'koa';
import { MSG } from '#protocol/messages.ts';
import { counterBodySchema, offerBodySchema, offerStatusSchema } from '#protocol/schemas/offers.ts';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { readTimeCursor, sendPage } from '../../http/paging.ts';
import { imageUploads } from '../../http/uploads.ts';
import { parseBody, parseId } from '../../http/validate.ts';
import { OffersService } from './offers.service.ts';

export function offersRoutes(deps: Deps) {
  const router = new Router<AppState>();
  const uploads = imageUploads(deps, ['tradeRequestImages']);
  const service = (ctx: AppContext) => new OffersService(ctx.state.em, deps);
  const offerId = (raw: string | undefined) => parseId(raw, notFound(MSG.offerNotFound));

  /** Checks that come before any upload is read: signed in, with a group to trade in, within the send rate. */
  const maySend = async (ctx: AppContext, next: Next) => {
    const user = requireUser(ctx);
    service(ctx).requireGroup(user);
    await deps.limits.consume('offers', `user:${user.id}`);
    await next();
  };

  // JSON, or multipart with the same fields and up to 6 tradeRequestImages (pairings only).
  router.post('/api/trade-requests', maySend, uploads.parse, async (ctx) => {
    const user = requireUser(ctx);
    const body = parseBody(offerBodySchema, ctx.request.body);
    const { item, created } = await uploads.withImages(ctx, 'tradeRequestImages', (images) => service(ctx).send(user, body, images));
    // A repeated client key: the offer stored the first time, and nothing new (200).
    ctx.status = created ? 201 : 200;
    answer(ctx, 'POST /api/trade-requests', item);
  });

  // Each list a page of PAGE_SIZE, newest first, the next one named by X-Next-Cursor.
  router.get('/api/trade-requests', async (ctx) => {
    const user = requireUser(ctx);
    sendPage(ctx, 'GET /api/trade-requests', await service(ctx).receivedPending(user, readTimeCursor(ctx)));
  });

  router.get('/api/sent-trade-requests', async (ctx) => {
    const user = requireUser(ctx);
    sendPage(ctx, 'GET /api/sent-trade-requests', await service(ctx).sentPending(user, readTimeCursor(ctx)));
  });

  router.get('/api/user-trades', async (ctx) => {
    const user = requireUser(ctx);
    sendPage(ctx, 'GET /api/user-trades', await service(ctx).finished(user, readTimeCursor(ctx)));
  });

  router.put('/api/trade-requests/:id', async (ctx) => {
    const user = requireUser(ctx);
    const id = offerId(ctx.params.id);
    const { status } = parseBody(offerStatusSchema, ctx.request.body);
    answer(ctx, 'PUT /api/trade-requests/:id', await service(ctx).answer(user, id, status));
  });

  // A counter-offer (docs/decisions/0045) is a new offer: the send rate holds for it too.
  router.post('/api/trade-requests/:id/counter', maySend, async (ctx) => {
    const user = requireUser(ctx);
    const id = offerId(ctx.params.id);
    const body = parseBody(counterBodySchema, ctx.request.body);
    const item = await service(ctx).counter(user, id, body);
    ctx.status = 201;
    answer(ctx, 'POST /api/trade-requests/:id/counter', item);
  });

  router.get('/api/trade-requests/:id/thread', async (ctx) => {
    const user = requireUser(ctx);
    answer(ctx, 'GET /api/trade-requests/:id/thread', await service(ctx).thread(user, offerId(ctx.params.id)));
  });

  router.delete('/api/trade-requests/:id', async (ctx) => {
    const user = requireUser(ctx);
    const outcome = await service(ctx).remove(user, offerId(ctx.params.id));
    answer(ctx, 'DELETE /api/trade-requests/:id', { message: outcome === 'cancelled' ? MSG.offerCancelled : MSG.completedTradeRemoved });
  });

  router.get('/api/trade-request-notifications', async (ctx) => {
    const user = requireUser(ctx);
    sendPage(ctx, 'GET /api/trade-request-notifications', await service(ctx).notifications(user, readTimeCursor(ctx)));
  });

  // :id is the offer's id (docs/product-spec.md section 7): every notification of that offer for the caller is read.
  router.post('/api/trade-request-notifications/:id/mark-read', async (ctx) => {
    const user = requireUser(ctx);
    await service(ctx).markRead(user, offerId(ctx.params.id));
    answer(ctx, 'POST /api/trade-request-notifications/:id/mark-read', { message: 'Notifications marked read' });
  });

  return router;
}
