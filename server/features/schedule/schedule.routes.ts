import Router from '@koa/router';
import type { Next } from 'koa';
import { MSG } from '#protocol/messages.ts';
import type { Deps } from '../../deps.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { AppError, invalid, notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { imageUploads } from '../../http/uploads.ts';
import { parseId } from '../../http/validate.ts';
import { ScheduleService } from './schedule.service.ts';

const FIELD = 'schedule';

/**
 * The upload layer's generic refusals, in the schedule page's words: a non-image gets the spec's
 * "Please select only image files..." and more files than the parser takes at all gets the
 * one-per-call rule. Both are the shared MSG constants the upload layer throws, so this compares
 * constants, not free text; any other error passes unchanged.
 */
function inScheduleWords(err: unknown): unknown {
  if (!(err instanceof AppError) || err.status !== 400) return err;
  if (err.message === MSG.onlyImages) return invalid(MSG.scheduleInvalidType, FIELD);
  if (err.message === MSG.tooManyImages) return invalid(MSG.scheduleOneFile, FIELD);
  return err;
}

export function scheduleRoutes(deps: Deps) {
  const router = new Router<AppState>();
  const uploads = imageUploads(deps, [FIELD]);
  const service = (ctx: AppContext) => new ScheduleService(ctx.state.em, deps);

  /** Signed in before any upload is read; the parser's refusals (before the route runs) in schedule words. */
  const parse = async (ctx: AppContext, next: Next) => {
    requireUser(ctx);
    let parsed = false;
    try {
      await uploads.parse(ctx, () => {
        parsed = true;
        return next();
      });
    } catch (err) {
      throw parsed ? err : inScheduleWords(err);
    }
  };

  router.get('/api/schedule-images', async (ctx) => {
    ctx.body = await service(ctx).list(requireUser(ctx));
  });

  // Multipart with exactly one image in the field `schedule` (the page sends one call per file).
  router.post('/api/schedule-images', parse, async (ctx) => {
    const user = requireUser(ctx);
    const files = ([] as unknown[]).concat(ctx.request.files?.[FIELD] ?? []);
    if (files.length === 0) throw invalid(MSG.scheduleFileRequired, FIELD);
    if (files.length > 1) throw invalid(MSG.scheduleOneFile, FIELD);
    const item = await uploads.withImages(ctx, FIELD, ([image]) => service(ctx).add(user, image!)).catch((err: unknown) => {
      throw inScheduleWords(err);
    });
    ctx.status = 201;
    ctx.body = item;
  });

  router.delete('/api/schedule-images/:id', async (ctx) => {
    const user = requireUser(ctx);
    const id = parseId(ctx.params.id, notFound(MSG.scheduleImageNotFound));
    await service(ctx).remove(user, id);
    ctx.body = { message: 'Schedule image deleted' };
  });

  return router;
}
