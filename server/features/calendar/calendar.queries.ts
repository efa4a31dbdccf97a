import type { EntityManager } from '@mikro-orm/postgresql';
import type { NotNull } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { userFields, type UserRecord } from '../user-kernel/users.queries.ts';

export function feedOf(em: EntityManager, userId: number) {
  return kysely(em).selectFrom('calendar_feeds').select('created_at as createdAt').where('user_id', '=', userId).executeTakeFirst();
}

/** Creates or replaces the user's feed token (one per user). */
export async function upsertFeed(em: EntityManager, userId: number, tokenHash: string): Promise<string> {
  const row = await kysely(em)
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token_hash: tokenHash })
    .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ token_hash: tokenHash, created_at: eb.fn<string>('now') })))
    .returning('created_at as createdAt')
    .executeTakeFirstOrThrow();
  return row.createdAt;
}

export async function deleteFeed(em: EntityManager, userId: number): Promise<void> {
  await kysely(em).deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

/** The feed's owner by its token's hash. */
export function feedOwner(em: EntityManager, tokenHash: string): Promise<UserRecord | undefined> {
  return kysely(em)
    .selectFrom('calendar_feeds as f')
    .innerJoin('users', 'users.id', 'f.user_id')
    .select(userFields)
    .where('f.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The days a feed covers: the owner's today at their base and the days after it, as YYYY-MM-DD. */
export interface FeedWindow {
  first: string;
  last: string;
}

/*
 * The feed's reads (docs/decisions/0041): each reads only the window and returns at most `limit`
 * rows in the order the feed keeps them, so a crew member with thousands of matches or trades
 * costs a sort of their index entries in the window, never a feed of all of them.
 */

/** The dates of the user's active requests inside the window, soonest first: one row a date. */
export function requestDatesOf(em: EntityManager, userId: number, window: FeedWindow, limit: number) {
  const db = kysely(em);
  const dates = db
    .selectFrom('requests')
    .select((eb) => [
      'id',
      'type',
      'route_type as routeType',
      'route',
      'reserve_period as reservePeriod',
      eb.fn<string>('unnest', ['all_dates']).as('date'),
    ])
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('last_date', '>=', window.first);
  return db
    .selectFrom(dates.as('d'))
    .selectAll('d')
    .where('d.date', '>=', window.first)
    .where('d.date', '<=', window.last)
    .orderBy('d.date')
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

/**
 * Pending matches of the user's requests dated in the window, newest first, with the request on
 * the other side and its owner. The matches are picked from the two sides (matches store each pair
 * once, either way round) before anything is joined to them.
 */
export function pendingMatchesOf(em: EntityManager, userId: number, window: FeedWindow, limit: number) {
  const db = kysely(em);
  const side = (mine: 'request_id' | 'matched_request_id', other: 'request_id' | 'matched_request_id') =>
    db
      .selectFrom('requests as mine')
      .innerJoin('matches as m', `m.${mine}`, 'mine.id')
      .select(['m.id', 'm.created_at as createdAt', `m.${other} as other`, 'mine.date'])
      .where('mine.user_id', '=', userId)
      .where('mine.date', '>=', window.first)
      .where('mine.date', '<=', window.last)
      .where('m.status', '=', 'pending');
  const newest = db
    .selectFrom(side('request_id', 'matched_request_id').unionAll(side('matched_request_id', 'request_id')).as('s'))
    .selectAll('s')
    .orderBy('s.createdAt', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit);
  return db
    .selectFrom(newest.as('mm'))
    .innerJoin('requests as other', 'other.id', 'mm.other')
    .innerJoin('users as u', 'u.id', 'other.user_id')
    .select([
      'mm.id',
      'mm.date',
      'other.type as otherType',
      'other.route as otherRoute',
      'other.reserve_period as otherReservePeriod',
      'u.first_name as firstName',
      'u.last_name as lastName',
    ])
    .orderBy('mm.createdAt', 'desc')
    .orderBy('mm.id', 'desc')
    .execute();
}

/** Accepted offers the user sent or received, traded on a day in the window, newest answer first, with the colleague. */
export function completedTradesOf(em: EntityManager, userId: number, window: FeedWindow, limit: number) {
  return (
    kysely(em)
      .selectFrom('trade_requests as o')
      .leftJoin('requests as r', 'r.id', 'o.request_id')
      // The colleague: the other side of the offer from the user's.
      .innerJoin('users as u', (j) =>
        j.on((eb) =>
          eb('u.id', '=', eb.case().when('o.from_user_id', '=', userId).then(eb.ref('o.to_user_id')).else(eb.ref('o.from_user_id')).end()),
        ),
      )
      .select((eb) => [
        'o.id',
        // The offer's date, else its request's: the day traded.
        eb.fn.coalesce('o.trade_date', 'r.date').as('date'),
        'o.offer_route as offerRoute',
        'o.offer_reserve_period as offerReservePeriod',
        'u.first_name as firstName',
        'u.last_name as lastName',
      ])
      .where('o.status', '=', 'accepted')
      .where((eb) => eb.or([eb('o.from_user_id', '=', userId), eb('o.to_user_id', '=', userId)]))
      .where((eb) => eb.between(eb.fn.coalesce('o.trade_date', 'r.date'), window.first, window.last))
      // The window holds no null date.
      .$narrowType<{ date: NotNull }>()
      .orderBy('o.responded_at', (ob) => ob.desc().nullsLast())
      .orderBy('o.id', 'desc')
      .limit(limit)
      .execute()
  );
}

/**
 * The user's three-way chains waiting on everyone's answer (proposed) or done (completed) whose
 * trip for the user is dated in the window, newest first. The trip the user gets is the request of
 * the member before them in the ring (trading's giverOf): the greatest position below theirs, else
 * the greatest of all.
 */
export function chainTripsOf(em: EntityManager, userId: number, window: FeedWindow, limit: number) {
  return kysely(em)
    .selectFrom('trade_chain_members as me')
    .innerJoin('trade_chains as t', 't.id', 'me.chain_id')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('trade_chain_members as g')
          .select(['g.request_id', 'g.user_id'])
          .whereRef('g.chain_id', '=', 'me.chain_id')
          .orderBy((o) => o('g.position', '<', o.ref('me.position')), 'desc')
          .orderBy('g.position', 'desc')
          .limit(1)
          .as('giver'),
      (j) => j.onTrue(),
    )
    .innerJoin('requests as r', 'r.id', 'giver.request_id')
    .innerJoin('users as u', 'u.id', 'giver.user_id')
    .select([
      't.id',
      't.status',
      'r.date',
      'r.route_type as routeType',
      'r.route',
      'r.reserve_period as reservePeriod',
      'u.first_name as firstName',
      'u.last_name as lastName',
    ])
    .where('me.user_id', '=', userId)
    .where('t.status', 'in', ['proposed', 'completed'])
    .where('r.date', '>=', window.first)
    .where('r.date', '<=', window.last)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
}
