import type { EntityManager } from '@mikro-orm/postgresql';
import { giverOf } from '../trading/trading-core.ts';
import { kysely } from '../../db/kysely.ts';
import { matchSides } from '../matches/matches.queries.ts';
import { userFields, type UserRecord } from '../users/users.queries.ts';

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

/** The user's active requests whose dates are not all past: every date each one covers. */
export function activeRequestsOf(em: EntityManager, userId: number, today: string) {
  return kysely(em)
    .selectFrom('requests')
    .select([
      'id',
      'type',
      'route_type as routeType',
      'route',
      'reserve_period as reservePeriod',
      'all_dates as allDates',
      'updated_at as updatedAt',
    ])
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('last_date', '>=', today)
    .orderBy('id')
    .execute();
}

/** Pending matches of the user's requests: the date of their request and the colleague on the other side. */
export function pendingMatchesOf(em: EntityManager, userId: number) {
  const db = kysely(em);
  return db
    .selectFrom(matchSides(db, userId, { pending: true }).as('mm'))
    .innerJoin('requests as mine', 'mine.id', 'mm.mine')
    .innerJoin('requests as other', 'other.id', 'mm.other')
    .innerJoin('users as u', 'u.id', 'other.user_id')
    .select([
      'mm.id',
      'mine.date',
      'mine.type',
      'other.type as otherType',
      'other.route as otherRoute',
      'other.reserve_period as otherReservePeriod',
      'u.first_name as firstName',
      'u.last_name as lastName',
    ])
    .orderBy('mm.id')
    .execute();
}

/** Accepted offers the user sent or received: the traded date and the colleague. */
export function completedTradesOf(em: EntityManager, userId: number) {
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
      .select([
        'o.id',
        'o.trade_date as tradeDate',
        'r.date as requestDate',
        'o.offer_route as offerRoute',
        'o.offer_reserve_period as offerReservePeriod',
        'u.first_name as firstName',
        'u.last_name as lastName',
      ])
      .where('o.status', '=', 'accepted')
      .where((eb) => eb.or([eb('o.from_user_id', '=', userId), eb('o.to_user_id', '=', userId)]))
      .orderBy('o.id')
      .execute()
  );
}

/**
 * The user's three-way chains waiting on everyone's answer (proposed) or done (completed), each with
 * the trip the user gets in it: the request of the member before them in the ring (giverOf).
 */
export async function chainTripsOf(em: EntityManager, userId: number) {
  const rows = await kysely(em)
    .selectFrom('trade_chain_members as me')
    .innerJoin('trade_chains as t', 't.id', 'me.chain_id')
    .innerJoin('trade_chain_members as g', 'g.chain_id', 'me.chain_id')
    .innerJoin('requests as r', 'r.id', 'g.request_id')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select([
      't.id',
      't.status',
      'me.position as myPosition',
      'g.position as giverPosition',
      'r.date',
      'r.route_type as routeType',
      'r.route',
      'r.reserve_period as reservePeriod',
      'u.first_name as firstName',
      'u.last_name as lastName',
    ])
    .where('me.user_id', '=', userId)
    .where('t.status', 'in', ['proposed', 'completed'])
    .orderBy('t.id')
    .execute();
  return rows.filter((r) => r.giverPosition === giverOf(r.myPosition));
}
