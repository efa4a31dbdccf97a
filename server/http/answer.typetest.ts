// Never run: compiled by `tsc --noEmit -p .` (and linted) like every file of server/. Each line under
// a `@ts-expect-error` answers a shape the contract (protocol/endpoints.ts) does not give that route;
// were it to compile, the directive itself would be the error and the type check would fail. The
// lines without one are the right shapes, which must keep compiling.
import type { Page } from '../db/paging.ts';
import type { CurrentUser, DashboardStats, MatchItem, OfferItem, TradeRequestItem } from '#protocol/shapes.ts';
import { answer } from './answer.ts';
import type { AppContext } from './context.ts';
import { sendPage } from './paging.ts';

declare const ctx: AppContext;
declare const item: TradeRequestItem;
declare const match: MatchItem;
declare const stats: DashboardStats;
declare const user: CurrentUser;
declare const matches: Page<MatchItem>;
declare const offers: Page<OfferItem>;

// The right shapes.
answer(ctx, 'PUT /api/requests/:id', item);
answer(ctx, 'DELETE /api/requests/:id', { message: 'Request deleted' });
answer(ctx, 'GET /api/auth/user', user);
answer(ctx, 'GET /api/all-trades', []);
answer(ctx, 'GET /api/dashboard/stats', stats);
answer(ctx, 'PUT /api/matches/:id/status', match);
sendPage(ctx, 'GET /api/matches', matches);

// @ts-expect-error: a request where the contract says a match
answer(ctx, 'PUT /api/matches/:id/status', item);
// @ts-expect-error: one request where the contract says a list of them
answer(ctx, 'GET /api/all-trades', item);
// @ts-expect-error: a list where the contract says one request
answer(ctx, 'POST /api/requests', [item]);
// @ts-expect-error: a field the client does not expect
answer(ctx, 'DELETE /api/requests/:id', { message: 'Request deleted', id: 1 });
// @ts-expect-error: a field the client reads, missing
answer(ctx, 'POST /api/logout', {});
// @ts-expect-error: a field of the wrong type
answer(ctx, 'GET /api/dashboard/stats', { ...stats, unreadMessages: '3' });
const { matchedRequest, ...rest } = match;
// @ts-expect-error: a field renamed (the client reads `matchedRequest`)
answer(ctx, 'PUT /api/matches/:id/status', { ...rest, otherRequest: matchedRequest });
// @ts-expect-error: a route the contract does not have
answer(ctx, 'GET /api/request', [item]);
// @ts-expect-error: the method is part of the entry (GET /api/profile does not exist)
answer(ctx, 'GET /api/profile', user);
// @ts-expect-error: a page of offers on the matches list
sendPage(ctx, 'GET /api/matches', offers);
// @ts-expect-error: a list of one item is not paged on a route that answers one item
sendPage(ctx, 'POST /api/trade-requests', offers);
// @ts-expect-error: null where the contract says a CurrentUser
answer(ctx, 'PUT /api/profile', null);
