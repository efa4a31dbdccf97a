import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray } from '../../db/pg-array.ts';
import type { CreatedMatch } from '../../events/domain-events.ts';
import type { EventRecorder } from '../../events/event-bus.ts';
import { counterpartType, isCurrent, type MatchableRequest } from './matching.rules.ts';

/**
 * Serialises the request writes of one group. Without it, two crew posting matching requests at the
 * same moment would each look for partners before the other's row is committed, and neither would
 * find the other. With it the second one waits, then (read committed: each statement sees the
 * latest commits) finds the first. The lock ends with the transaction.
 */
export async function lockGroupForMatching(em: EntityManager, groupKey: string): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`matching:${groupKey}`]);
}

/**
 * The partners of a request, as indexed look-ups: requests_match_index narrows to the group's current
 * requests of the counterpart type; the date overlaps are checked on those rows only (a GIN index
 * here would scan every group's requests on a date, see docs/decisions/0001). The predicate is the
 * SQL form of isMatch() in matching.rules.ts. Parameters: group, type, route type, today, owner,
 * then one or two date arrays.
 */
export function candidatesSql(type: MatchableRequest['type']): string {
  const dates = type === 'trade' ? 'c.all_dates && ?::text[] and c.desired_dates && ?::text[]' : 'c.all_dates && ?::text[]';
  return `select c.id, c.user_id from requests c
    where c.group_key = ? and c.type = ? and c.status = 'active' and c.last_date >= ?::date
      and c.route_type = ? and c.user_id <> ? and ${dates}`;
}

export function candidateParams(r: MatchableRequest, today: string): unknown[] {
  const dates = r.type === 'trade' ? [pgArray(r.desiredDates), pgArray(r.allDates)] : [pgArray(r.allDates)];
  return [r.groupKey, counterpartType(r.type), today, r.routeType, r.userId, ...dates];
}

/**
 * Runs inside the transaction that created or edited `r` (after lockGroupForMatching): inserts one
 * match per new partner and logs match_created for both users, in one statement, and records a
 * match.created event for each (both users hear of it after the commit). A pair that
 * already matched is skipped by the unique index (lower request id first), so re-runs after an
 * edit, or racing transactions, never create a second row.
 */
export async function matchRequest(em: EntityManager, events: EventRecorder, r: MatchableRequest, today: string): Promise<CreatedMatch[]> {
  if (!isCurrent(r, today)) return [];
  const rows = await em.execute<{ id: number; requestId: number; matchedRequestId: number; createdAt: Date; otherUserId: number }[]>(
    `with candidates as (${candidatesSql(r.type)}),
     inserted as (
       insert into matches (request_id, matched_request_id)
       select least(c.id, ?::int), greatest(c.id, ?::int) from candidates c
       on conflict (request_id, matched_request_id) do nothing
       returning id, request_id, matched_request_id, created_at
     ),
     found as (
       select i.id, i.request_id, i.matched_request_id, i.created_at, c.user_id as other_user_id
       from inserted i join candidates c on c.id = i.request_id + i.matched_request_id - ?::int
     ),
     logged as (
       insert into user_activity_logs (user_id, activity_type, target_user_id, reference_id, reference_type)
       select x.user_id, 'match_created', x.target_id, f.id, 'match'
       from found f cross join lateral (values (?::int, f.other_user_id), (f.other_user_id, ?::int)) as x(user_id, target_id)
     )
     select id, request_id as "requestId", matched_request_id as "matchedRequestId", created_at as "createdAt",
            other_user_id as "otherUserId"
     from found order by id`,
    [...candidateParams(r, today), r.id, r.id, r.id, r.userId, r.userId],
  );
  const matches = rows.map((m): CreatedMatch => ({
    id: m.id,
    requestId: m.requestId,
    matchedRequestId: m.matchedRequestId,
    createdAt: m.createdAt,
    userIds: m.requestId === r.id ? [r.userId, m.otherUserId] : [m.otherUserId, r.userId],
  }));
  events.record(...matches.map((match) => ({ type: 'match.created' as const, match })));
  return matches;
}
