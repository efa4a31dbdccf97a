import Router from '@koa/router';
import { MSG } from '#protocol/messages.ts';
import { TOTAL_COUNT_HEADER } from '#protocol/paging.ts';
import { emailTemplateSchema } from '#protocol/schemas/support.ts';
import type { Deps } from '../../deps.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { readTimeCursor, sendPage } from '../../http/paging.ts';
import { parseBody, parseId } from '../../http/validate.ts';
import { requireAdmin } from '../users/require-admin.ts';
import { AdminService } from './admin.service.ts';

/** Administration: users, logs, user activity, e-mail templates. Every route: 401 signed out, 403 to non-admins. */
export function adminRoutes(deps: Deps) {
  const router = new Router<AppState>();
  const service = (ctx: AppContext) => new AdminService(ctx.state.em, deps);
  const admin = (ctx: AppContext) => requireAdmin(ctx, deps.config.ownerEmail);

  router.get('/api/admin/users', async (ctx) => {
    admin(ctx);
    const cursor = readTimeCursor(ctx);
    if (!cursor) ctx.set(TOTAL_COUNT_HEADER, String(await service(ctx).count('users')));
    sendPage(ctx, await service(ctx).users(cursor));
  });

  router.delete('/api/admin/users/:id', async (ctx) => {
    const user = admin(ctx);
    await service(ctx).deleteUser(user, parseId(ctx.params.id, notFound(MSG.userNotFound)));
    ctx.body = { message: MSG.userDeleted };
  });

  router.get('/api/admin/logs', async (ctx) => {
    admin(ctx);
    const cursor = readTimeCursor(ctx);
    if (!cursor) ctx.set(TOTAL_COUNT_HEADER, String(await service(ctx).count('logs')));
    sendPage(ctx, await service(ctx).logs(cursor));
  });

  router.get('/api/admin/user-activity', async (ctx) => {
    admin(ctx);
    ctx.body = await service(ctx).activity();
  });

  router.get('/api/admin/email-templates', async (ctx) => {
    admin(ctx);
    ctx.body = await service(ctx).templates();
  });

  router.put('/api/admin/email-templates/:templateType', async (ctx) => {
    admin(ctx);
    const body = parseBody(emailTemplateSchema, ctx.request.body);
    ctx.body = await service(ctx).updateTemplate(ctx.params.templateType ?? '', body);
  });

  return router;
}
