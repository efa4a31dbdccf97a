import Router from '@koa/router';
import type { AppState } from '../../http/context.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { statsFor } from './dashboard.service.ts';

export function dashboardRoutes() {
  const router = new Router<AppState>();

  router.get('/api/dashboard/stats', async (ctx) => {
    const user = requireUser(ctx);
    ctx.body = (await statsFor(ctx.state.em, [user.id])).get(user.id);
  });

  return router;
}
