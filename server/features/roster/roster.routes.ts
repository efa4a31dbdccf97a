import Router from '@koa/router';
import type { Next } from 'koa';
import { ROSTER_TEXT } from '#protocol/roster.ts';
import { rosterCheckSchema, rosterKindSchema, rosterUrlSchema } from '#protocol/schemas/roster.ts';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppContext, AppState } from '../../http/context.ts';
import { invalid } from '../../http/errors.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { parseBody } from '../../http/validate.ts';
import { readRosterFile } from './roster-upload.ts';
import { RosterService } from './roster.service.ts';

/** The caller's roster (docs/decisions/0023): only its owner ever reads it; nothing of it is logged. */
export function rosterRoutes(deps: Deps) {
  const router = new Router<AppState>();
  const service = (ctx: AppContext) => new RosterService(ctx.state.em, deps.roster);

  /** Signed in, and within the upload limit, before any body is read. */
  const guard = async (ctx: AppContext, next: Next) => {
    const user = requireUser(ctx);
    await deps.limits.consume('roster', String(user.id));
    await next();
  };

  router.get('/api/roster', async (ctx) => {
    answer(ctx, 'GET /api/roster', await service(ctx).info(requireUser(ctx)));
  });

  // Multipart with the .ics in `file`, or JSON {url} for a subscription.
  router.post('/api/roster', guard, async (ctx) => {
    const user = requireUser(ctx);
    if (ctx.is('multipart')) {
      const text = await readRosterFile(ctx);
      if (text === undefined) throw invalid(ROSTER_TEXT.fileOrUrl, 'file');
      answer(ctx, 'POST /api/roster', await service(ctx).saveFile(user, text));
      return;
    }
    const body = ctx.request.body as { url?: unknown } | undefined;
    if (body?.url === undefined) throw invalid(ROSTER_TEXT.fileOrUrl);
    answer(ctx, 'POST /api/roster', await service(ctx).saveUrl(user, parseBody(rosterUrlSchema, body).url));
  });

  router.delete('/api/roster', async (ctx) => {
    await service(ctx).remove(requireUser(ctx));
    answer(ctx, 'DELETE /api/roster', { message: ROSTER_TEXT.removed });
  });

  // A crew member's own kind for one event (its whole series), kept across re-reads.
  router.put('/api/roster/kinds', async (ctx) => {
    answer(ctx, 'PUT /api/roster/kinds', await service(ctx).setKind(requireUser(ctx), parseBody(rosterKindSchema, ctx.request.body)));
  });

  router.get('/api/roster/check', async (ctx) => {
    const user = requireUser(ctx);
    answer(ctx, 'GET /api/roster/check', await service(ctx).check(user, parseBody(rosterCheckSchema, ctx.query)));
  });

  return router;
}
