import type { EntityManager } from '@mikro-orm/postgresql';
import type { DashboardStats } from '../../../protocol/shapes.ts';
import { pgArray } from '../../db/pg-array.ts';
import { matchesOf, unacknowledgedMatchesOf } from '../matches/match-scope.ts';

/**
 * The dashboard counts of many users in one round trip: one row per user, each count a subselect
 * served by an index (requests_user_id_index, the matches pair indexes, trade_requests_to_status_index,
 * messages_unread_index).
 *
 * completedTrades counts offers (trade_requests) the user sent or received that were accepted or
 * declined, less those the user removed from view (trade_hidden_by_user): the same set the Trades
 * screen's Completed tab lists (spec section 4: accepted and declined are counted together). The
 * trades table only records approvals, so it would miss declined offers.
 */
export const STATS_SQL = `
  select u.id as "userId",
    (select count(*) from requests r where r.user_id = u.id and r.status = 'active')::int as "activeRequests",
    (select count(*) from (${matchesOf('u.id', "m.status = 'pending'")}) pm)::int as "pendingMatches",
    (select count(*) from trade_requests t where t.to_user_id = u.id and t.status = 'pending')::int as "pendingTrades",
    ((select count(*) from trade_requests t where t.to_user_id = u.id and t.status in ('accepted', 'declined')
        and not exists (select 1 from trade_hidden_by_user h where h.user_id = u.id and h.trade_request_id = t.id))
     + (select count(*) from trade_requests t where t.from_user_id = u.id and t.status in ('accepted', 'declined')
        and not exists (select 1 from trade_hidden_by_user h where h.user_id = u.id and h.trade_request_id = t.id)))::int
      as "completedTrades",
    (select count(*) from (${unacknowledgedMatchesOf('u.id')}) un)::int as "unacknowledgedNotifications",
    (select count(*) from messages g where g.to_user_id = u.id and not g.is_read)::int as "unreadMessages"
  from unnest(?::int[]) as u(id)`;

export async function statsFor(em: EntityManager, userIds: readonly number[]): Promise<Map<number, DashboardStats>> {
  const out = new Map<number, DashboardStats>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return out;
  const rows = await em.execute<(DashboardStats & { userId: number })[]>(STATS_SQL, [pgArray(ids.map(String))]);
  for (const { userId, ...stats } of rows) out.set(userId, stats);
  return out;
}
