import Router from '@koa/router';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppState } from '../../http/context.ts';
import { requireAdmin } from '../user-kernel/require-admin.ts';
import { InsightsService } from './insights.service.ts';

/** Insights for admins (docs/decisions/0044): 401 signed out, 403 to non-admins. */
export function insightsRoutes(deps: Deps) {
  const router = new Router<AppState>();

  router.get('/api/admin/insights', async (ctx) => {
    requireAdmin(ctx, deps.config.ownerEmail);
    answer(ctx, 'GET /api/admin/insights', await new InsightsService(ctx.state.em, deps.insights).report());
  });

  return router;
}
