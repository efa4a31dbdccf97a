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

/**
 * Offers of the user's (sent or received, by `side`) that were answered and not hidden by them, and
 * are trades: a message asking to trade (no request, nothing offered) is none (docs/decisions/0025).
 */
const answeredOffers = (eb: Users, side: 'to_user_id' | 'from_user_id') =>
  eb
    .selectFrom('trade_requests as t')
    .select(['t.id', 't.status'])
    .whereRef(`t.${side}`, '=', 'u.id')
    .where('t.status', 'in', ['accepted', 'declined'])
    .where((w) =>
      w.or([w('t.request_id', 'is not', null), w('t.offer_route', 'is not', null), w('t.offer_reserve_period', 'is not', null)]),
    )
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

/** The user's completed three-way chains they have not removed from the Completed tab: one trade each. */
const completedChains = (eb: Users) =>
  eb
    .selectFrom('trade_chain_members as cm')
    .innerJoin('trade_chains as tc', 'tc.id', 'cm.chain_id')
    .select('cm.id')
    .whereRef('cm.user_id', '=', 'u.id')
    .where('tc.status', '=', 'completed')
    .where('cm.hidden_at', 'is', null);

/**
 * The dashboard counts of many users in one round trip: one row per user, each count a subselect
 * served by an index (requests_user_id_index, the matches pair indexes, trade_requests_to_status_index,
 * trade_requests_from_status_index, trade_chain_members_user_id_index, messages_unread_index).
 *
 * completedTrades counts what the Trades screen's Completed tab lists as trades: offers the user
 * sent or received that were accepted or declined (docs/product-spec.md section 4 counts them together) and
 * completed chains, less those the user removed from view. acceptedTrades and declinedTrades split
 * it, so the dashboard can say which are trades done (docs/decisions/0025). The offers are read once, in a
 * lateral subquery counting both answers.
 */
const counts = compileOnce(['userIds'], (db, a: { userIds: number[] }) =>
  db
    .selectFrom('users as u')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom(answeredOffers(eb, 'to_user_id').unionAll(answeredOffers(eb, 'from_user_id')).as('f'))
          .select((c) => [
            c.cast<number>(c.fn.countAll().filterWhere('f.status', '=', 'accepted'), 'integer').as('accepted'),
            c.cast<number>(c.fn.countAll().filterWhere('f.status', '=', 'declined'), 'integer').as('declined'),
          ])
          .as('o'),
      (join) => join.onTrue(),
    )
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
      countOf(eb, completedChains(eb)).as('completedChains'),
      eb.fn.coalesce('o.accepted', eb.lit(0)).as('acceptedOffers'),
      eb.fn.coalesce('o.declined', eb.lit(0)).as('declinedTrades'),
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
