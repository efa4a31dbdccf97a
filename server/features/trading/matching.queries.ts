import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { compileOnce } from '../../db/compiled-query.ts';
import { counterpartType, type MatchableRequest } from './matching.rules.ts';

/** The columns of a request that matching and the chain rules read (MatchableRequest). */
export const matchableColumns = [
  'id',
  'user_id as userId',
  'group_key as groupKey',
  'type',
  'route_type as routeType',
  'status',
  'all_dates as allDates',
  'desired_dates as desiredDates',
  'last_date as lastDate',
] as const;

/** A match inserted by matchPartners, with the owner of the partner request. */
export interface InsertedMatch {
  id: number;
  requestId: number;
  matchedRequestId: number;
  createdAt: string;
  otherUserId: number;
}

/**
 * Finds the partners of `r`, inserts one match per new pair and logs match_created for both users,
 * in one statement (one round trip inside the group's lock).
 *
 * Hand-written because the builder cannot say it: data-modifying CTEs that read each other's
 * RETURNING rows, and a lateral VALUES list. Every value is bound (arrays as one text[] parameter),
 * and each of its two shapes (a trade's dates, a drop's or pickup's) is built once per process.
 *
 * The partners are indexed look-ups: requests_match_index narrows to the group's current requests
 * of the counterpart type; the date overlaps are checked on those rows only (a GIN index here would
 * scan every group's requests on a date, docs/decisions/0001). The predicate is the SQL form of
 * isMatch() in matching.rules.ts. A pair that already matched is skipped by the unique index (lower
 * request id first), so re-runs after an edit, or racing transactions, never create a second row;
 * a pair whose match was closed (an edit broke it, docs/decisions/0042) and meets again is a new
 * match: the row reopens as pending, its old acknowledgements gone, so both users hear of it.
 */
export async function insertMatches(em: EntityManager, r: MatchableRequest, today: string): Promise<InsertedMatch[]> {
  const args: MatchArgs = { ...requestArgs(r, today), counterpart: counterpartType(r.type) };
  return (r.type === 'trade' ? matchTrade : matchDropOrPickup)(em, args);
}

/** What a built-once statement reads of the request it matches for (matching and the chain search). */
export interface RequestArgs extends Record<string, unknown> {
  groupKey: string;
  today: string;
  routeType: string;
  userId: number;
  allDates: readonly string[];
  desiredDates: readonly string[];
  id: number;
}

export function requestArgs(r: MatchableRequest, today: string): RequestArgs {
  return {
    groupKey: r.groupKey,
    today,
    routeType: r.routeType,
    userId: r.userId,
    allDates: r.allDates,
    desiredDates: r.desiredDates,
    id: r.id,
  };
}

interface MatchArgs extends RequestArgs {
  counterpart: string;
}

/** The statement for one predicate of isMatch() (reading `dates` of r's), built once per process (decision 0033). */
function matchStatement(dates: readonly ('allDates' | 'desiredDates')[], datesMeet: (a: MatchArgs) => RawBuilder<boolean>) {
  return compileOnce<MatchArgs, InsertedMatch>(
    ['groupKey', 'counterpart', 'today', 'routeType', 'userId', 'id', ...dates],
    (_db, a) => sql<InsertedMatch>`
    with candidates as (
      select c.id, c.user_id from requests c
      where c.group_key = ${a.groupKey} and c.type = ${a.counterpart} and c.status = 'active'
        and c.last_date >= ${a.today}::date and c.route_type = ${a.routeType} and c.user_id <> ${a.userId}::int and ${datesMeet(a)}
    ),
    inserted as (
      insert into matches (request_id, matched_request_id)
      select least(c.id, ${a.id}::int), greatest(c.id, ${a.id}::int) from candidates c
      on conflict (request_id, matched_request_id) do update
        set status = 'pending', closed_reason = null, closed_by_request_id = null, created_at = now(), updated_at = now()
        where matches.status = 'closed'
      returning id, request_id, matched_request_id, created_at
    ),
    unacknowledged as (
      delete from notification_acknowledgments na using inserted i where na.match_id = i.id
    ),
    found as (
      select i.id, i.request_id, i.matched_request_id, i.created_at, c.user_id as other_user_id
      from inserted i join candidates c on c.id in (i.request_id, i.matched_request_id)
    ),
    logged as (
      insert into user_activity_logs (user_id, activity_type, target_user_id, reference_id, reference_type)
      select x.user_id, 'match_created', x.target_id, f.id, 'match'
      from found f cross join lateral (values (${a.userId}::int, f.other_user_id), (f.other_user_id, ${a.userId}::int)) as x(user_id, target_id)
    )
    select id, request_id as "requestId", matched_request_id as "matchedRequestId", created_at as "createdAt",
           other_user_id as "otherUserId"
    from found order by id`,
  );
}

// A trade meets a trade whose dates it wants and that wants its dates; a drop a pickup (and back) on a shared date.
const matchTrade = matchStatement(
  ['allDates', 'desiredDates'],
  (a) => sql`c.all_dates && ${a.desiredDates}::text[] and c.desired_dates && ${a.allDates}::text[]`,
);
const matchDropOrPickup = matchStatement(['allDates'], (a) => sql`c.all_dates && ${a.allDates}::text[]`);
