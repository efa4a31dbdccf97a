import Router from '@koa/router';
import { MSG } from '#protocol/messages.ts';
import { linkOrigin } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { CalendarService } from './calendar.service.ts';

/** The caller's calendar address, and the feed itself (public, named by its secret token). */
export function calendarRoutes(deps: Deps) {
  const router = new Router<AppState>();
  const service = (ctx: AppContext) => new CalendarService(ctx.state.em, { limits: deps.limits, feeds: deps.calendarFeeds });
  const origin = (ctx: AppContext) => linkOrigin(deps.config, ctx.req.socket.localPort ?? 0);

  router.get('/api/calendar-feed', async (ctx) => {
    answer(ctx, 'GET /api/calendar-feed', await service(ctx).info(requireUser(ctx)));
  });

  router.post('/api/calendar-feed', async (ctx) => {
    ctx.status = 201;
    answer(ctx, 'POST /api/calendar-feed', await service(ctx).create(requireUser(ctx), origin(ctx)));
  });

  router.delete('/api/calendar-feed', async (ctx) => {
    await service(ctx).revoke(requireUser(ctx));
    answer(ctx, 'DELETE /api/calendar-feed', { message: MSG.calendarFeedRevoked });
  });

  // Calendar apps fetch this without a session: the token is the credential (and the key of its rate limit).
  router.get('/api/calendar/:token.ics', async (ctx) => {
    const body = await service(ctx).feed(ctx.params.token ?? '', origin(ctx));
    if (body === undefined) throw notFound(MSG.calendarFeedNotFound);
    // Type before body: a Buffer body would otherwise be labelled application/octet-stream.
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Cache-Control', 'private, max-age=300');
    // Raw: an iCalendar text for calendar apps, not JSON of the contract.
    ctx.body = body;
  });

  return router;
}
