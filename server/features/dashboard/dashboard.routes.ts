import Router from '@koa/router';
import { answer } from '../../http/answer.ts';
import type { AppState } from '../../http/context.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { statsFor } from './dashboard.service.ts';

export function dashboardRoutes() {
  const router = new Router<AppState>();

  router.get('/api/dashboard/stats', async (ctx) => {
    const user = requireUser(ctx);
    const stats = (await statsFor(ctx.state.em, [user.id])).get(user.id);
    // No row: the account was deleted since its session was read; the empty answer it always had.
    if (stats === undefined) {
      ctx.status = 204;
      return;
    }
    answer(ctx, 'GET /api/dashboard/stats', stats);
  });

  return router;
}
