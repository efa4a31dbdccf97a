import Router from '@koa/router';
import { MSG } from '#protocol/messages.ts';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { parseId } from '../../http/validate.ts';
import { ChainsService } from './chains.service.ts';

/** Three-way trade chains (docs/decisions/0014): the caller's, and each member's answer. */
export function chainsRoutes(deps: Deps) {
  const router = new Router<AppState>();
  const service = (ctx: AppContext) => new ChainsService(ctx.state.em, deps);

  router.get('/api/chains', async (ctx) => {
    answer(ctx, 'GET /api/chains', await service(ctx).list(requireUser(ctx)));
  });

  // Completed chains as trades on the Trades screen's Completed tab (docs/decisions/0025).
  router.get('/api/chains/completed', async (ctx) => {
    answer(ctx, 'GET /api/chains/completed', await service(ctx).completed(requireUser(ctx)));
  });

  // The caller's own view: an ended chain dismissed from /matches, a completed one removed from the Completed tab.
  router.post('/api/chains/:id/dismiss', async (ctx) => {
    const user = requireUser(ctx);
    await service(ctx).dismiss(user, parseId(ctx.params.id, notFound(MSG.chainNotFound)));
    answer(ctx, 'POST /api/chains/:id/dismiss', { message: MSG.chainDismissed });
  });
  router.post('/api/chains/:id/hide', async (ctx) => {
    const user = requireUser(ctx);
    await service(ctx).hide(user, parseId(ctx.params.id, notFound(MSG.chainNotFound)));
    answer(ctx, 'POST /api/chains/:id/hide', { message: MSG.chainRemoved });
  });

  for (const [action, decision] of [
    ['accept', 'accepted'],
    ['decline', 'declined'],
  ] as const) {
    router.post(`/api/chains/:id/${action}`, async (ctx) => {
      const user = requireUser(ctx);
      const id = parseId(ctx.params.id, notFound(MSG.chainNotFound));
      answer(ctx, `POST /api/chains/:id/${action}`, await service(ctx).answer(user, id, decision));
    });
  }

  return router;
}
