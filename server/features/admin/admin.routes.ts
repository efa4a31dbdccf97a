import Router from '@koa/router';
import { MSG } from '#protocol/messages.ts';
import { TOTAL_COUNT_HEADER } from '#protocol/paging.ts';
import { emailTemplateSchema } from '#protocol/schemas/support.ts';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { readTimeCursor, sendPage } from '../../http/paging.ts';
import { parseBody, parseId } from '../../http/validate.ts';
import { requireAdmin } from '../user-kernel/require-admin.ts';
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
    sendPage(ctx, 'GET /api/admin/users', await service(ctx).users(cursor));
  });

  router.delete('/api/admin/users/:id', async (ctx) => {
    const user = admin(ctx);
    await service(ctx).deleteUser(user, parseId(ctx.params.id, notFound(MSG.userNotFound)));
    answer(ctx, 'DELETE /api/admin/users/:id', { message: MSG.userDeleted });
  });

  router.get('/api/admin/logs', async (ctx) => {
    admin(ctx);
    const cursor = readTimeCursor(ctx);
    if (!cursor) ctx.set(TOTAL_COUNT_HEADER, String(await service(ctx).count('logs')));
    sendPage(ctx, 'GET /api/admin/logs', await service(ctx).logs(cursor));
  });

  router.get('/api/admin/user-activity', async (ctx) => {
    admin(ctx);
    answer(ctx, 'GET /api/admin/user-activity', await service(ctx).activity());
  });

  router.get('/api/admin/email-templates', async (ctx) => {
    admin(ctx);
    answer(ctx, 'GET /api/admin/email-templates', await service(ctx).templates());
  });

  router.put('/api/admin/email-templates/:templateType', async (ctx) => {
    admin(ctx);
    const body = parseBody(emailTemplateSchema, ctx.request.body);
    answer(ctx, 'PUT /api/admin/email-templates/:templateType', await service(ctx).updateTemplate(ctx.params.templateType ?? '', body));
  });

  return router;
}
