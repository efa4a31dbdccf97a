import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { counterpartType, type MatchableRequest } from './matching.rules.ts';

const lockKey = (name: string) => sql`hashtextextended(${name}, 0)`;

/**
 * Serialises the request writes of one group. Without it, two crew posting matching requests at the
 * same moment would each look for partners before the other's row is committed, and neither would
 * find the other. With it the second one waits, then (read committed: each statement sees the
 * latest commits) finds the first. The lock ends with the transaction. Every write that edits,
 * removes or moves a group's requests takes it (profile changes, offers, chain answers included);
 * a create takes the finer groupKeyOnceLocked instead.
 */
export async function lockGroupForMatching(em: EntityManager, groupKey: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${lockKey(`matching:${groupKey}`)})`.execute(kysely(em));
}

/**
 * What a create takes instead of the whole group (docs/decisions/0015, 0017): the group's lock
 * shared, then one lock per date the request names, in one global order so two creates never
 * deadlock: exclusive for its own dates, shared for its desired dates. Two requests that can match,
 * or sit next to each other in a three-way ring, always meet where one's dates are the other's
 * desired dates (trades) or the other's dates (drops, pickups, reserves), so one holds that date
 * exclusively and they still run one after the other: the later one sees the earlier. Creates on
 * unrelated dates, and creates that only want the same dates (who can never trade with each other
 * through that date), run side by side. Writes that take the group's lock exclusively still wait for
 * every create, and it for them.
 *
 * Hand-written: the locks must be taken in this order (the group's first, then the dates' by key),
 * which a plain select list does not promise; UNION ALL runs its branches in turn and the keys come
 * out of an ordered subquery. A date both owned and desired is taken once, exclusively.
 *
 * The result is the group key itself, read once every lock is held: the create's insert takes it as
 * its group_key value (requests.queries.ts insertRequest), so one statement takes the locks and then
 * inserts the row, one round trip on every create. The value is computed before the row exists, so
 * the locks still come before the row and its foreign-key lock on the owner, in the order every
 * other write takes them. Matching runs in the next statement, whose snapshot is taken after the
 * locks: it sees every create that held one of these dates before.
 */
export function groupKeyOnceLocked(groupKey: string, dates: { own: readonly string[]; desired: readonly string[] }): RawBuilder<string> {
  const prefix = `matching:${groupKey}:`;
  return sql<string>`(
    select ${groupKey}::text from (
      select count(*) as n from (
        select pg_advisory_xact_lock_shared(${lockKey(`matching:${groupKey}`)})
        union all
        select case when exclusive then pg_advisory_xact_lock(k) else pg_advisory_xact_lock_shared(k) end from (
          select k, bool_or(exclusive) as exclusive from (
            select hashtextextended(${prefix} || d, 0) as k, true as exclusive from unnest(${[...dates.own]}::text[]) as d
            union all
            select hashtextextended(${prefix} || d, 0), false from unnest(${[...dates.desired]}::text[]) as d
          ) as named group by k order by k
        ) as keys
      ) as locks
    ) as locked
    -- Read, or the planner drops the unread count and the locks with it (always 1 or more: the group's).
    where locked.n > 0
  )`;
}

/** The same locks on their own (tests of what they hold off). */
export async function lockDatesForMatching(
  em: EntityManager,
  groupKey: string,
  dates: { own: readonly string[]; desired: readonly string[] },
): Promise<void> {
  await sql`select ${groupKeyOnceLocked(groupKey, dates)}`.execute(kysely(em));
}

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
 * RETURNING rows, and a lateral VALUES list. Every value is bound (arrays as one text[] parameter).
 *
 * The partners are indexed look-ups: requests_match_index narrows to the group's current requests
 * of the counterpart type; the date overlaps are checked on those rows only (a GIN index here would
 * scan every group's requests on a date, docs/decisions/0001). The predicate is the SQL form of
 * isMatch() in matching.rules.ts. A pair that already matched is skipped by the unique index (lower
 * request id first), so re-runs after an edit, or racing transactions, never create a second row.
 */
export async function insertMatches(em: EntityManager, r: MatchableRequest, today: string): Promise<InsertedMatch[]> {
  const datesMeet =
    r.type === 'trade'
      ? sql`c.all_dates && ${r.desiredDates}::text[] and c.desired_dates && ${r.allDates}::text[]`
      : sql`c.all_dates && ${r.allDates}::text[]`;
  const { rows } = await sql<InsertedMatch>`
    with candidates as (
      select c.id, c.user_id from requests c
      where c.group_key = ${r.groupKey} and c.type = ${counterpartType(r.type)} and c.status = 'active'
        and c.last_date >= ${today}::date and c.route_type = ${r.routeType} and c.user_id <> ${r.userId} and ${datesMeet}
    ),
    inserted as (
      insert into matches (request_id, matched_request_id)
      select least(c.id, ${r.id}::int), greatest(c.id, ${r.id}::int) from candidates c
      on conflict (request_id, matched_request_id) do nothing
      returning id, request_id, matched_request_id, created_at
    ),
    found as (
      select i.id, i.request_id, i.matched_request_id, i.created_at, c.user_id as other_user_id
      from inserted i join candidates c on c.id in (i.request_id, i.matched_request_id)
    ),
    logged as (
      insert into user_activity_logs (user_id, activity_type, target_user_id, reference_id, reference_type)
      select x.user_id, 'match_created', x.target_id, f.id, 'match'
      from found f cross join lateral (values (${r.userId}::int, f.other_user_id), (f.other_user_id, ${r.userId}::int)) as x(user_id, target_id)
    )
    select id, request_id as "requestId", matched_request_id as "matchedRequestId", created_at as "createdAt",
           other_user_id as "otherUserId"
    from found order by id`.execute(kysely(em));
  return rows;
}
