import Router from '@koa/router';
import { MSG } from '#protocol/messages.ts';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '#protocol/schemas/push.ts';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { parseBody } from '../../http/validate.ts';
import { PushService } from './push.service.ts';

/** Push notifications (docs/decisions/0013): the key to subscribe with, this device on and off, a test. */
export function pushRoutes(deps: Deps) {
  const router = new Router<AppState>();
  const service = (ctx: AppContext) => new PushService(ctx.state.em, deps.push, deps.config.push, deps.pushDevices);

  router.get('/api/push', async (ctx) => {
    answer(ctx, 'GET /api/push', await service(ctx).info(requireUser(ctx)));
  });

  router.post('/api/push/subscriptions', async (ctx) => {
    const user = requireUser(ctx);
    await deps.limits.consume('pushSubscriptions', `user:${user.id}`);
    await service(ctx).subscribe(user, parseBody(pushSubscriptionSchema, ctx.request.body));
    ctx.status = 201;
    answer(ctx, 'POST /api/push/subscriptions', { message: MSG.pushSubscribed });
  });

  router.post('/api/push/subscriptions/remove', async (ctx) => {
    const user = requireUser(ctx);
    await service(ctx).unsubscribe(user, parseBody(pushUnsubscribeSchema, ctx.request.body));
    answer(ctx, 'POST /api/push/subscriptions/remove', { message: MSG.pushUnsubscribed });
  });

  // Each call reaches out to every push service of the caller's devices: limited per account.
  router.post('/api/push/test', async (ctx) => {
    const user = requireUser(ctx);
    await deps.limits.consume('pushTest', `user:${user.id}`);
    answer(ctx, 'POST /api/push/test', await service(ctx).test(user));
  });

  return router;
}
