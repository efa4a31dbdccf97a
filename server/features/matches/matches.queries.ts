import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Expression, type Kysely } from 'kysely';
import { kysely, type DB } from '../../db/kysely.ts';
import { microsOf, pageLimit, pastTimeCursor, type TimeCursor } from '../../db/paging.ts';

/** Which of a user's matches: one match, those of one of their requests, pending ones, the bell's. */
export interface SideFilter {
  matchId?: number;
  requestId?: number;
  /** Pending only. */
  pending?: boolean;
  /** Pending and not acknowledged by the user: the bell's match notifications. */
  unacknowledged?: boolean;
  /** The list's: closed matches only while their close is recent (CLOSED_LISTED_DAYS). */
  listed?: boolean;
}

/**
 * How long a match the system closed stays in GET /api/matches (docs/decisions/0042): long enough
 * to read why it ended, not for good (closed matches are kept for a pair that meets again, and
 * would otherwise pile up in every list). Acting on an older one is still a 409.
 */
export const CLOSED_LISTED_DAYS = 14;

/**
 * The matches that involve one user, each from the user's side: `mine` is their request, `other`
 * the colleague's. A match references two requests and the user may own either, so the set is the
 * union of two index look-ups (matches_pair_unique leads with request_id; matched_request_id has
 * its own index) rather than an `or` that would scan matches.
 *
 * `user` is an id, or a column of an enclosing query (the dashboard counts many users at once).
 */
export function matchSides(db: Kysely<DB>, user: number | Expression<number>, filter: SideFilter = {}) {
  const side = (mine: 'request_id' | 'matched_request_id', other: 'request_id' | 'matched_request_id') =>
    db
      .selectFrom('matches as m')
      .innerJoin('requests as r', 'r.id', `m.${mine}`)
      .select([
        'm.id',
        'm.status',
        'm.closed_reason as closedReason',
        'm.closed_by_request_id as closedByRequestId',
        'm.created_at as createdAt',
        `m.${mine} as mine`,
        `m.${other} as other`,
      ])
      .where('r.user_id', '=', user)
      .$if(filter.matchId !== undefined, (q) => q.where('m.id', '=', filter.matchId!))
      .$if(filter.requestId !== undefined, (q) => q.where('r.id', '=', filter.requestId!))
      .$if(!!filter.pending || !!filter.unacknowledged, (q) => q.where('m.status', '=', 'pending'))
      .$if(!!filter.listed, (q) =>
        q.where((eb) =>
          eb.or([
            eb('m.status', '<>', 'closed'),
            eb('m.updated_at', '>', sql<string>`now() - make_interval(days => ${CLOSED_LISTED_DAYS})`),
          ]),
        ),
      )
      .$if(!!filter.unacknowledged, (q) =>
        q.where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('notification_acknowledgments as na')
                .select('na.id')
                .whereRef('na.match_id', '=', 'm.id')
                .where('na.user_id', '=', user),
            ),
          ),
        ),
      );
  return side('request_id', 'matched_request_id').unionAll(side('matched_request_id', 'request_id'));
}

/** A page of a user's matches, newest first (PAGE_SIZE + 1 rows from the cursor: pageFrom). */
export function matchSidesOfUser(em: EntityManager, userId: number, cursor?: TimeCursor) {
  return kysely(em)
    .selectFrom(matchSides(kysely(em), userId, { listed: true }).as('mm'))
    .selectAll('mm')
    .select(microsOf('mm.createdAt').as('sortMicros'))
    .where(pastTimeCursor('mm.createdAt', 'mm.id', cursor ?? null))
    .orderBy('mm.createdAt', 'desc')
    .orderBy('mm.id', 'desc')
    .limit(pageLimit())
    .execute();
}

export type MatchSideRow = Awaited<ReturnType<typeof matchSidesOfUser>>[number];

/** One of the user's matches with the colleague's id; undefined when it is not theirs (or gone). */
export function ownMatch(em: EntityManager, userId: number, matchId: number) {
  const db = kysely(em);
  return db
    .selectFrom(matchSides(db, userId, { matchId }).as('mm'))
    .innerJoin('requests as o', 'o.id', 'mm.other')
    .selectAll('mm')
    .select('o.user_id as otherUserId')
    .executeTakeFirst();
}

/** The matches of one of the user's requests, with the colleague of each (they hear of its deletion). */
export function matchPartnersOfRequest(em: EntityManager, userId: number, requestId: number) {
  const db = kysely(em);
  return db
    .selectFrom(matchSides(db, userId, { requestId }).as('mm'))
    .innerJoin('requests as o', 'o.id', 'mm.other')
    .select(['mm.id', 'o.user_id as otherUserId'])
    .execute();
}

/** Whether the match is one of the user's. */
export async function isOwnMatch(em: EntityManager, userId: number, matchId: number): Promise<boolean> {
  const db = kysely(em);
  const row = await db
    .selectFrom(matchSides(db, userId, { matchId }).as('mm'))
    .select('mm.id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Hides the match from the user's bell; false when it already was (unique user + match). */
export async function acknowledgeMatch(em: EntityManager, userId: number, matchId: number): Promise<boolean> {
  const row = await kysely(em)
    .insertInto('notification_acknowledgments')
    .values({ user_id: userId, match_id: matchId })
    .onConflict((oc) => oc.columns(['user_id', 'match_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
