import Router from '@koa/router';
import { MSG } from '#protocol/messages.ts';
import { profileSchema } from '#protocol/schemas/profile.ts';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppState } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { parseBody, parseId } from '../../http/validate.ts';
import { presentCurrentUser } from '../user-kernel/user.presenter.ts';
import { ProfileService } from './profile.service.ts';

export function profileRoutes(deps: Deps) {
  const router = new Router<AppState>();

  router.put('/api/profile', async (ctx) => {
    const user = requireUser(ctx);
    const body = parseBody(profileSchema, ctx.request.body);
    const updated = await new ProfileService(ctx.state.em, deps).update(user, body);
    answer(ctx, 'PUT /api/profile', presentCurrentUser(updated, deps.config.ownerEmail));
  });

  router.get('/api/profile/:userId', async (ctx) => {
    const user = requireUser(ctx);
    const id = parseId(ctx.params.userId, notFound(MSG.userNotFound));
    answer(ctx, 'GET /api/profile/:userId', await new ProfileService(ctx.state.em, deps).view(user, id));
  });

  return router;
}
