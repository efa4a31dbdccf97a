import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from '../../db/kysely.ts';
import { microsOf, pageLimit, pastTimeCursor, type TimeCursor } from '../../db/paging.ts';
import { matchSides } from '../matches/matches.queries.ts';

/** The user's pending matches they have not acknowledged, newest first, with their own request and the colleague's name. */
export function unacknowledgedMatches(em: EntityManager, userId: number, cursor?: TimeCursor) {
  const db = kysely(em);
  return db
    .selectFrom(matchSides(db, userId, { unacknowledged: true }).as('mm'))
    .innerJoin('requests as mine', 'mine.id', 'mm.mine')
    .innerJoin('requests as o', 'o.id', 'mm.other')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'mm.id',
      'mm.id as matchId',
      'mm.createdAt',
      'mine.type',
      'mine.all_dates as allDates',
      'mine.desired_dates as desiredDates',
      'o.type as otherType',
      'o.all_dates as otherAllDates',
      'o.desired_dates as otherDesiredDates',
      'o.route as otherRoute',
      'o.reserve_period as otherReservePeriod',
      'u.first_name as firstName',
      'u.last_name as lastName',
    ])
    .select(microsOf('mm.createdAt').as('sortMicros'))
    .where(pastTimeCursor('mm.createdAt', 'mm.id', cursor ?? null))
    .orderBy('mm.createdAt', 'desc')
    .orderBy('mm.id', 'desc')
    .limit(pageLimit())
    .execute();
}

export type NotificationRow = Awaited<ReturnType<typeof unacknowledgedMatches>>[number];
