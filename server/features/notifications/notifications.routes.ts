import Router from '@koa/router';
import { acknowledgeSchema } from '#protocol/schemas/requests.ts';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { readTimeCursor, sendPage } from '../../http/paging.ts';
import { parseBody } from '../../http/validate.ts';
import { NotificationsService } from './notifications.service.ts';

export function notificationsRoutes(deps: Deps) {
  const router = new Router<AppState>();
  const service = (ctx: AppContext) => new NotificationsService(ctx.state.em, deps);

  router.get('/api/notifications', async (ctx) => {
    const user = requireUser(ctx);
    sendPage(ctx, 'GET /api/notifications', await service(ctx).list(user, readTimeCursor(ctx)));
  });

  router.post('/api/notifications/acknowledge', async (ctx) => {
    const user = requireUser(ctx);
    const { matchId } = parseBody(acknowledgeSchema, ctx.request.body);
    await service(ctx).acknowledge(user, matchId);
    answer(ctx, 'POST /api/notifications/acknowledge', { message: 'Notification acknowledged' });
  });

  return router;
}
