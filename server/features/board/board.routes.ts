import Router from '@koa/router';
import { boardFilterSchema } from '#protocol/schemas/requests.ts';
import type { Deps } from '../../deps.ts';
import { answer } from '../../http/answer.ts';
import type { AppState } from '../../http/context.ts';
import { requireUser } from '../../http/session-middleware.ts';
import { cursorText } from '../../db/paging.ts';
import { queryValue, readDayCursor } from '../../http/paging.ts';
import { parseBody } from '../../http/validate.ts';
import { todayUtc } from '../trading/trading-core.ts';
import { groupKeyOf } from '../user-kernel/group.ts';
import { BoardService } from './board.service.ts';
import { sendPrepared } from './prepared-response.ts';
import { poolEm } from '../../db/pool-em.ts';

export function boardRoutes(deps: Deps) {
  const router = new Router<AppState>();

  // Paged by date with the filters applied here (docs/decisions/0020). The first page without
  // filters is the same bytes for everyone in the group: read once, patched by changes, sent
  // compressed, 304 when held. Other pages are read once and kept until the group changes.
  router.get('/api/all-trades', async (ctx) => {
    const user = requireUser(ctx);
    // The Tradeboard opening asks with no query at all: nothing to validate.
    const plain = ctx.querystring === '';
    const filters = plain
      ? {}
      : parseBody(boardFilterSchema, {
          date: queryValue(ctx, 'date'),
          type: queryValue(ctx, 'type'),
          search: queryValue(ctx, 'search'),
        });
    const cursor = plain ? undefined : readDayCursor(ctx);
    const groupKey = groupKeyOf(user);
    if (!groupKey) {
      answer(ctx, 'GET /api/all-trades', []);
      return;
    }
    const filtered = filters.date !== undefined || filters.type !== undefined || filters.search !== undefined;
    if (cursor || filtered) {
      // Kept per (group, day, filters, cursor) until the group's next change (docs/decisions/0031);
      // its own EntityManager, as the read is shared by every reader waiting for it.
      const day = todayUtc();
      const pageKey = JSON.stringify([
        filters.date ?? null,
        filters.type ?? null,
        filters.search ?? null,
        cursor?.day ?? null,
        cursor?.id ?? null,
      ]);
      const read = async () => {
        const page = await new BoardService(poolEm(deps.orm)).boardPage(groupKey, day, filters, cursor);
        return { json: Buffer.from(JSON.stringify(page.items)), nextCursor: cursorText(page) };
      };
      await sendPrepared(ctx, await deps.boardCache.page(groupKey, day, pageKey, read));
      return;
    }
    // Its own EntityManager: the build is shared by every reader waiting for it, not this request's.
    const build = (day: string, limit: number) => new BoardService(poolEm(deps.orm)).boardOf(groupKey, day, limit);
    await sendPrepared(ctx, await deps.boardCache.get(groupKey, build));
  });

  return router;
}
