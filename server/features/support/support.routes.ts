import Router from '@koa/router';
import { MSG } from '#protocol/messages.ts';
import { RESOLVED_COUNT_HEADER, TOTAL_COUNT_HEADER } from '#protocol/paging.ts';
import { supportRequestSchema, supportResponseSchema } from '#protocol/schemas/support.ts';
import { linkOrigin } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { readTimeCursor, sendPage } from '../../http/paging.ts';
import { parseBody, parseId } from '../../http/validate.ts';
import { requireAdmin } from '../user-kernel/require-admin.ts';
import { SupportService } from './support.service.ts';

/** Support requests: crew file and read their own; admins list and answer them, and read their bell. */
export function supportRoutes(deps: Deps) {
  const router = new Router<AppState>();
  const service = (ctx: AppContext) => new SupportService(ctx.state.em, deps);
  const admin = (ctx: AppContext) => requireAdmin(ctx, deps.config.ownerEmail);

  router.post('/api/support-requests', async (ctx) => {
    const user = requireUser(ctx);
    const body = parseBody(supportRequestSchema, ctx.request.body);
    await deps.limits.consume('support', `user:${user.id}`);
    ctx.status = 201;
    answer(ctx, 'POST /api/support-requests', await service(ctx).create(user, body));
  });

  router.get('/api/support-requests', async (ctx) => {
    const user = requireUser(ctx);
    sendPage(ctx, 'GET /api/support-requests', await service(ctx).own(user, readTimeCursor(ctx)));
  });

  router.get('/api/admin/support-requests', async (ctx) => {
    admin(ctx);
    const cursor = readTimeCursor(ctx);
    if (!cursor) {
      const counts = await service(ctx).counts();
      ctx.set(TOTAL_COUNT_HEADER, String(counts.total));
      ctx.set(RESOLVED_COUNT_HEADER, String(counts.resolved));
    }
    sendPage(ctx, 'GET /api/admin/support-requests', await service(ctx).all(cursor));
  });

  router.post('/api/admin/support-requests/:id/respond', async (ctx) => {
    const user = admin(ctx);
    const id = parseId(ctx.params.id, notFound(MSG.supportRequestNotFound));
    const body = parseBody(supportResponseSchema, ctx.request.body);
    answer(
      ctx,
      'POST /api/admin/support-requests/:id/respond',
      await service(ctx).respond(user, id, body, linkOrigin(deps.config, ctx.req.socket.localPort ?? 0)),
    );
  });

  router.get('/api/admin/notifications', async (ctx) => {
    answer(ctx, 'GET /api/admin/notifications', await service(ctx).notifications(admin(ctx)));
  });

  router.post('/api/admin/notifications/:id/mark-read', async (ctx) => {
    const user = admin(ctx);
    await service(ctx).markNotificationRead(user, parseId(ctx.params.id, notFound(MSG.adminNotificationNotFound)));
    answer(ctx, 'POST /api/admin/notifications/:id/mark-read', { message: 'Notification marked read' });
  });

  return router;
}
