import Router from '@koa/router';
import { MSG } from '#protocol/messages.ts';
import type { Deps } from '../../deps.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { parseId } from '../../http/validate.ts';
import { ChainsService } from './chains.service.ts';

/** Three-way trade chains (issue 14): the caller's, and each member's answer. */
export function chainsRoutes(deps: Deps) {
  const router = new Router<AppState>();
  const service = (ctx: AppContext) => new ChainsService(ctx.state.em, deps);

  router.get('/api/chains', async (ctx) => {
    ctx.body = await service(ctx).list(requireUser(ctx));
  });

  for (const [action, decision] of [
    ['accept', 'accepted'],
    ['decline', 'declined'],
  ] as const) {
    router.post(`/api/chains/:id/${action}`, async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id, notFound(MSG.chainNotFound));
      ctx.body = await service(ctx).answer(user, id, decision);
    });
  }

  return router;
}
