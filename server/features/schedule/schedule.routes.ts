import Router from '@koa/router';
import type { Next } from 'koa';
import { MSG } from '#protocol/messages.ts';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { readTimeCursor, sendPage } from '../../http/paging.ts';
import { imageUploads } from '../../http/uploads.ts';
import { parseId } from '../../http/validate.ts';
import { ScheduleService } from './schedule.service.ts';

const FIELD = 'schedule';

export function scheduleRoutes(deps: Deps) {
  const router = new Router<AppState>();
  // The schedule page's own words for a non-image and for more files than one call carries.
  const uploads = imageUploads(deps, [FIELD], { notImage: MSG.scheduleInvalidType, tooMany: MSG.scheduleOneFile });
  const service = (ctx: AppContext) => new ScheduleService(ctx.state.em, deps);

  /** Before any upload is read: signed in, within the upload rate, with room for one more image. */
  const mayUpload = async (ctx: AppContext, next: Next) => {
    const user = requireUser(ctx);
    await deps.limits.consume('scheduleUploads', `user:${user.id}`);
    await service(ctx).requireRoom(user);
    await next();
  };

  router.get('/api/schedule-images', async (ctx) => {
    const user = requireUser(ctx);
    sendPage(ctx, 'GET /api/schedule-images', await service(ctx).list(user, readTimeCursor(ctx)));
  });

  // Multipart with exactly one image in the field `schedule` (the page sends one call per file).
  router.post('/api/schedule-images', mayUpload, uploads.parse, async (ctx) => {
    const user = requireUser(ctx);
    const files = ([] as unknown[]).concat(ctx.request.files?.[FIELD] ?? []);
    if (files.length === 0) throw invalid(MSG.scheduleFileRequired, FIELD);
    if (files.length > 1) throw invalid(MSG.scheduleOneFile, FIELD);
    const item = await uploads.withImages(ctx, FIELD, ([image]) => service(ctx).add(user, image!));
    ctx.status = 201;
    answer(ctx, 'POST /api/schedule-images', item);
  });

  router.delete('/api/schedule-images/:id', async (ctx) => {
    const user = requireUser(ctx);
    const id = parseId(ctx.params.id, notFound(MSG.scheduleImageNotFound));
    await service(ctx).remove(user, id);
    answer(ctx, 'DELETE /api/schedule-images/:id', { message: 'Schedule image deleted' });
  });

  return router;
}
