import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import { compileOnce } from '../../db/compiled-query.ts';
import type { DB } from '../../db/kysely.ts';
import { matchSides } from '../matches/matches.queries.ts';

type Users = ExpressionBuilder<DB & { u: DB['users'] }, 'u'>;

/** `(select count(*)::int from (q))`: a scalar subquery, as an int rather than PostgreSQL's bigint text. */
// Any row shape: only the number of rows is read. (`any` here is Kysely's own wildcard for query types.)
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const countOf = (eb: Users, q: SelectQueryBuilder<any, any, any>) =>
  eb
    .selectFrom(q.as('counted'))
    .select((c) => c.cast<number>(c.fn.countAll(), 'integer').as('n'))
    .$asScalar();

/** Offers of the user's (sent or received, by `side`) that were answered and not hidden by them. */
const answeredOffers = (eb: Users, side: 'to_user_id' | 'from_user_id') =>
  eb
    .selectFrom('trade_requests as t')
    .select('t.id')
    .whereRef(`t.${side}`, '=', 'u.id')
    .where('t.status', 'in', ['accepted', 'declined'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('trade_hidden_by_user as h')
            .select('h.id')
            .whereRef('h.user_id', '=', 'u.id')
            .whereRef('h.trade_request_id', '=', 't.id'),
        ),
      ),
    );

/**
 * The dashboard counts of many users in one round trip: one row per user, each count a subselect
 * served by an index (requests_user_id_index, the matches pair indexes, trade_requests_to_status_index,
 * trade_requests_from_status_index, messages_unread_index).
 *
 * completedTrades counts offers (trade_requests) the user sent or received that were accepted or
 * declined, less those the user removed from view (trade_hidden_by_user): the same set the Trades
 * screen's Completed tab lists (spec section 4: accepted and declined are counted together). The
 * trades table only records approvals, so it would miss declined offers.
 */
const counts = compileOnce(['userIds'], (db, a: { userIds: number[] }) =>
  db
    .selectFrom('users as u')
    .where(({ eb, fn, val }) => eb('u.id', '=', fn.any(val(a.userIds))))
    .select((eb) => [
      'u.id as userId',
      countOf(eb, eb.selectFrom('requests as r').select('r.id').whereRef('r.user_id', '=', 'u.id').where('r.status', '=', 'active')).as(
        'activeRequests',
      ),
      countOf(eb, matchSides(db, eb.ref('u.id'), { pending: true })).as('pendingMatches'),
      countOf(
        eb,
        eb.selectFrom('trade_requests as t').select('t.id').whereRef('t.to_user_id', '=', 'u.id').where('t.status', '=', 'pending'),
      ).as('pendingTrades'),
      countOf(eb, answeredOffers(eb, 'to_user_id').unionAll(answeredOffers(eb, 'from_user_id'))).as('completedTrades'),
      countOf(eb, matchSides(db, eb.ref('u.id'), { unacknowledged: true })).as('unacknowledgedNotifications'),
      countOf(eb, eb.selectFrom('messages as g').select('g.id').whereRef('g.to_user_id', '=', 'u.id').where('g.is_read', '=', false)).as(
        'unreadMessages',
      ),
    ]),
);

/** Compiled once: it runs after every write that moves a count. */
export function dashboardCounts(em: EntityManager, userIds: readonly number[]) {
  return counts(em, { userIds: [...userIds] });
}
