import Router from '@koa/router';
import type { Next } from 'koa';
import { MSG } from '#protocol/messages.ts';
import { chatMessageSchema, chatTypeSchema } from '#protocol/schemas/messages.ts';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { readMessageWindow, setNextCursor } from '../../http/paging.ts';
import { imageUploads } from '../../http/uploads.ts';
import { parseBody, parseId } from '../../http/validate.ts';
import { BaseChatService } from './base-chat.service.ts';

const FIELD = 'photos';

export function baseChatRoutes(deps: Deps) {
  const router = new Router<AppState>();
  // Base chat words its own limit (docs/product-spec.md section 5): "a maximum of 6 images per message".
  const uploads = imageUploads(deps, [FIELD], { notImage: MSG.onlyImages, tooMany: MSG.chatTooManyImages });
  const service = (ctx: AppContext) => new BaseChatService(ctx.state.em, deps);

  /** Before any upload is read: signed in, within the send rate, with a room to post in. */
  const mayPost = async (ctx: AppContext, next: Next) => {
    const user = requireUser(ctx);
    // Counted apart from direct messages: the same limit, its own key.
    await deps.limits.consume('messages', `chat:${user.id}`);
    service(ctx).requireRoom(user, 'reserve');
    await next();
  };

  // The newest page, ?before= (older), ?after= (newer: catching up) or ?cursor= (the next in the same direction).
  router.get('/api/base-chat/:chatType', async (ctx) => {
    const user = requireUser(ctx);
    const chatType = parseBody(chatTypeSchema, ctx.params.chatType);
    const { page, next } = await service(ctx).page(user, chatType, readMessageWindow(ctx));
    setNextCursor(ctx, { items: page.messages, next });
    answer(ctx, 'GET /api/base-chat/:chatType', page);
  });

  // Multipart (content, chatType, clientKey, repeated photos) or JSON without photos.
  router.post('/api/base-chat', mayPost, uploads.parse, async (ctx) => {
    const user = requireUser(ctx);
    const body = parseBody(chatMessageSchema, ctx.request.body);
    // Refused before any photo is sniffed or stored.
    if (body.content.trim() === '' && !uploads.hasFiles(ctx)) throw invalid(MSG.messageEmpty, 'content');
    const { message, created } = await uploads.withImages(ctx, FIELD, (images) => service(ctx).post(user, body, images));
    ctx.status = created ? 201 : 200;
    answer(ctx, 'POST /api/base-chat', message);
  });

  router.delete('/api/base-chat/:id', async (ctx) => {
    const user = requireUser(ctx);
    const id = parseId(ctx.params.id, notFound(MSG.chatMessageNotFound));
    await service(ctx).remove(user, id);
    answer(ctx, 'DELETE /api/base-chat/:id', { message: MSG.chatMessageDeleted });
  });

  return router;
}
