import Router from '@koa/router';
import type { Next } from 'koa';
import { MSG } from '#protocol/messages.ts';
import { idCursor } from '#protocol/paging.ts';
import { directMessageSchema } from '#protocol/schemas/messages.ts';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { readCursor, readMessageWindow, sendPage, setNextCursor } from '../../http/paging.ts';
import { imageUploads } from '../../http/uploads.ts';
import { parseBody, parseId } from '../../http/validate.ts';
import { MessagesService } from './messages.service.ts';

const FIELD = 'attachments';

/** A query value as one string ('' when absent; the first when repeated). */
const queryText = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));

export function messagesRoutes(deps: Deps) {
  const router = new Router<AppState>();
  const uploads = imageUploads(deps, [FIELD]);
  const service = (ctx: AppContext) => new MessagesService(ctx.state.em, deps);
  const otherId = (raw: string | undefined) => parseId(raw, notFound(MSG.userNotFound));

  /** Signed in and within the send rate (LIMITS.messages, per user) before any upload is read. */
  const maySend = async (ctx: AppContext, next: Next) => {
    const user = requireUser(ctx);
    await deps.limits.consume('messages', `user:${user.id}`);
    await next();
  };

  router.get('/api/messages/recent', async (ctx) => {
    const user = requireUser(ctx);
    const keys = readCursor(ctx, idCursor);
    sendPage(ctx, 'GET /api/messages/recent', await service(ctx).recent(user, keys && { lastId: keys[0] }));
  });

  // JSON, or multipart with the same fields and up to 6 images in `attachments`.
  router.post('/api/messages', maySend, uploads.parse, async (ctx) => {
    const user = requireUser(ctx);
    const body = parseBody(directMessageSchema, ctx.request.body);
    const files = ([] as unknown[]).concat(ctx.request.files?.[FIELD] ?? []).length;
    if (body.content.trim() === '' && files === 0) throw invalid(MSG.messageEmpty, 'content');
    const to = await service(ctx).recipient(user, body.toUserId);
    const { message, created } = await uploads.withImages(ctx, FIELD, (images) => service(ctx).send(user, to, body, images));
    ctx.status = created ? 201 : 200;
    answer(ctx, 'POST /api/messages', message);
  });

  router.post('/api/messages/:userId/mark-read', async (ctx) => {
    const user = requireUser(ctx);
    await service(ctx).markRead(user, otherId(ctx.params.userId));
    answer(ctx, 'POST /api/messages/:userId/mark-read', { message: 'Messages marked read' });
  });

  router.delete('/api/messages/conversation/:userId', async (ctx) => {
    const user = requireUser(ctx);
    await service(ctx).deleteConversation(user, otherId(ctx.params.userId));
    answer(ctx, 'DELETE /api/messages/conversation/:userId', { message: MSG.conversationDeleted });
  });

  // After /recent, which this pattern would otherwise take (:userId is digits only, so "recent" is 404 anyway).
  // The newest page, ?before= (older), ?after= (newer: catching up) or ?cursor= (the next in the same direction).
  router.get('/api/messages/:userId', async (ctx) => {
    const user = requireUser(ctx);
    const id = otherId(ctx.params.userId);
    const { page, next } = await service(ctx).thread(user, id, readMessageWindow(ctx));
    setNextCursor(ctx, { items: page.messages, next });
    answer(ctx, 'GET /api/messages/:userId', page);
  });

  router.get('/api/crew-members', async (ctx) => {
    answer(ctx, 'GET /api/crew-members', await service(ctx).crew(requireUser(ctx), queryText(ctx.query.search)));
  });

  return router;
}
