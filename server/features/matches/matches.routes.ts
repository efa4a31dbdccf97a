import Router from '@koa/router';
import { MSG } from '#protocol/messages.ts';
import { matchStatusSchema } from '#protocol/schemas/requests.ts';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { readTimeCursor, sendPage } from '../../http/paging.ts';
import { parseBody, parseId } from '../../http/validate.ts';
import { MatchesService } from './matches.service.ts';

export function matchesRoutes(deps: Deps) {
  const router = new Router<AppState>();
  const service = (ctx: AppContext) => new MatchesService(ctx.state.em, deps);

  router.get('/api/matches', async (ctx) => {
    const user = requireUser(ctx);
    sendPage(ctx, 'GET /api/matches', await service(ctx).list(user, readTimeCursor(ctx)));
  });

  router.put('/api/matches/:id/status', async (ctx) => {
    const user = requireUser(ctx);
    const id = parseId(ctx.params.id, notFound(MSG.matchNotFound));
    const { status } = parseBody(matchStatusSchema, ctx.request.body);
    answer(ctx, 'PUT /api/matches/:id/status', await service(ctx).setStatus(user, id, status));
  });

  router.delete('/api/matches/:id', async (ctx) => {
    const user = requireUser(ctx);
    const id = parseId(ctx.params.id, notFound(MSG.matchNotFound));
    await service(ctx).remove(user, id);
    answer(ctx, 'DELETE /api/matches/:id', { message: 'Match deleted' });
  });

  return router;
}
