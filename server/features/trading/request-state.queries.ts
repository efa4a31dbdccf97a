import type { EntityManager } from '@mikro-orm/postgresql';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { compileOnce } from '../../db/compiled-query.ts';
import { kysely, type DB } from '../../db/kysely.ts';
import { matchableColumns } from './matching.queries.ts';
import { orderedPair } from './matching.rules.ts';

// The writes that change a request's state and what hangs on it (docs/decisions/0027): requests
// completed, trades recorded, matches approved or reopened, pending offers declined because their
// trip is gone. Run by the trading core only, under the group lock it took first (group-lock.ts).

/**
 * The requests an accept completes, with their owners and groups. No `for update` first: every
 * writer of a group's requests holds the group's matching lock, which the accept took before.
 */
const complete = compileOnce(['ids'], (db, a: { ids: number[] }) =>
  db
    .updateTable('requests')
    .set((eb) => ({ status: 'completed', updated_at: eb.fn('now') }))
    .where(({ eb, fn, val }) => eb('id', '=', fn.any(val(a.ids))))
    .returning(['id', 'user_id as userId', 'group_key as groupKey']),
);

export const completeRequests = (em: EntityManager, ids: readonly number[]) =>
  ids.length ? complete(em, { ids: [...ids] }) : Promise.resolve([] as { id: number; userId: number; groupKey: string }[]);

/**
 * The trades row of an accept, and the approval of the two requests' match (stored lower id first)
 * when there is one, in one statement; the match's id (null when none).
 */
const approveAndTrade = compileOnce(
  ['low', 'high', 'requestId', 'matchedRequestId'],
  (db, a: { low: number; high: number; requestId: number; matchedRequestId: number }) =>
    db
      .with('m', (q) =>
        q
          .updateTable('matches')
          .set((eb) => ({ status: 'approved', updated_at: eb.fn('now') }))
          .where('request_id', '=', a.low)
          .where('matched_request_id', '=', a.high)
          .returning('id'),
      )
      .insertInto('trades')
      .values((eb) => ({
        match_id: eb.selectFrom('m').select('m.id'),
        request_id: a.requestId,
        matched_request_id: a.matchedRequestId,
      }))
      .returning('match_id as matchId'),
);

/** The trade of an accepted offer: its requests (either may be gone), and their match approved when both are there. */
export async function recordTrade(em: EntityManager, requestId: number | null, senderRequestId: number | null): Promise<number | null> {
  if (requestId !== null && senderRequestId !== null) {
    const [low, high] = orderedPair(requestId, senderRequestId);
    const [row] = await approveAndTrade(em, { low, high, requestId, matchedRequestId: senderRequestId });
    return row?.matchId ?? null;
  }
  await kysely(em).insertInto('trades').values({ match_id: null, request_id: requestId, matched_request_id: senderRequestId }).execute();
  return null;
}

/**
 * Closes the pending offers `which` picks (docs/decisions/0042): status closed with the reason,
 * never declined, as nobody declined them. With each sender's bell entry (trade_response) and an
 * activity log in the sender's name (no actor: the system closed it; metadata says why), in one
 * statement. Returns them for their live notices.
 */
function closePending(db: Kysely<DB>, which: Parameters<typeof closable>[1], reason: Parameters<typeof closable>[2], metadata: string) {
  return db
    .with('d', (q) => closable(q, which, reason).returning(['id', 'from_user_id', 'to_user_id', 'closed_reason']))
    .with('n', (q) =>
      q
        .insertInto('trade_request_notifications')
        .columns(['user_id', 'trade_request_id', 'type'])
        .expression((eb) => eb.selectFrom('d').select((s) => ['d.from_user_id', 'd.id', s.val('trade_response').as('type')]))
        .returning('id'),
    )
    .with('l', (q) =>
      q
        .insertInto('user_activity_logs')
        .columns(['user_id', 'activity_type', 'target_user_id', 'reference_id', 'reference_type', 'metadata'])
        .expression((eb) =>
          eb
            .selectFrom('d')
            .select((s) => [
              'd.from_user_id',
              s.val('trade_request_closed').as('activity_type'),
              'd.to_user_id',
              'd.id',
              s.val('trade_request').as('reference_type'),
              s.val(metadata).as('metadata'),
            ]),
        )
        .returning('id'),
    )
    .selectFrom('d')
    .select(['d.id', 'd.from_user_id as fromUserId', 'd.to_user_id as toUserId', 'd.closed_reason as closedReason'])
    .orderBy('d.id');
}

/** The update of closePending: pending offers `which` picks become closed now, for `reason` (an expression: it may depend on the row). */
function closable(
  db: Pick<Kysely<DB>, 'updateTable'>,
  which: (eb: ExpressionBuilder<DB, 'trade_requests'>) => Expression<SqlBool>,
  reason: (eb: ExpressionBuilder<DB, 'trade_requests'>) => Expression<string>,
) {
  return db
    .updateTable('trade_requests')
    .set((eb) => ({ status: 'closed', closed_reason: reason(eb), responded_at: eb.fn('now') }))
    .where('status', '=', 'pending')
    .where(which);
}

/**
 * Every other pending offer on (or from) requests that just completed is closed, the trips being
 * gone (docs/decisions/0009, 0042): "request_filled" when the recipient's request was, else
 * "sender_request_filled".
 */
const closeOthers = compileOnce(['ids', 'exceptId', 'metadata'], (db, a: { ids: number[]; exceptId: number; metadata: string }) =>
  closePending(
    db,
    ({ eb, fn, val, or, and }) =>
      and([eb('id', '<>', a.exceptId), or([eb('request_id', '=', fn.any(val(a.ids))), eb('sender_request_id', '=', fn.any(val(a.ids)))])]),
    ({ eb, fn, val }) =>
      eb
        .case()
        .when('request_id', '=', fn.any(val(a.ids)))
        .then(val('request_filled'))
        .else(val('sender_request_filled'))
        .end(),
    a.metadata,
  ),
);

export const closePendingOffersOn = (em: EntityManager, requestIds: readonly number[], exceptId: number) =>
  closeOthers(em, {
    ids: [...requestIds],
    exceptId,
    metadata: JSON.stringify({ reason: 'request_filled', acceptedTradeRequestId: exceptId }),
  });

/** The pending offers on the requests of a completed three-way chain are closed the same way (no offer was accepted). */
export const closePendingOffersForChain = (em: EntityManager, requestIds: readonly number[], chainId: number) =>
  closeOthers(em, {
    ids: [...requestIds],
    exceptId: 0,
    metadata: JSON.stringify({ reason: 'request_filled', tradeChainId: chainId }),
  });

/**
 * The pending offers on a request its owner is deleting, closed in the deleting transaction
 * (docs/decisions/0019): the foreign key would otherwise leave them pending with no request, and an accept
 * would then complete the sender's request against nothing. Offers sent from it (as the sender's
 * request) stay: they still offer what they say, and only their sender may cancel them.
 */
export const closePendingOffersOnDeleted = (em: EntityManager, requestId: number) =>
  closePending(
    kysely(em),
    (eb) => eb('request_id', '=', requestId),
    (eb) => eb.val('request_deleted'),
    JSON.stringify({ reason: 'request_deleted' }),
  ).execute();

/** A match an offer was sent on goes back to active when that offer is declined or cancelled, so it can be offered on again. */
export async function reopenMatchOf(em: EntityManager, a: number, b: number): Promise<number | undefined> {
  const [low, high] = orderedPair(a, b);
  const row = await kysely(em)
    .updateTable('matches')
    .set((eb) => ({ status: 'active', updated_at: eb.fn('now') }))
    .where('request_id', '=', low)
    .where('matched_request_id', '=', high)
    .where('status', '=', 'trade_requested')
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Moves a user's requests onto a group's board; the moved ones, as matching reads them. */
export function moveRequestsToGroup(em: EntityManager, userId: number, groupKey: string, aircraftType: string) {
  return kysely(em)
    .updateTable('requests')
    .set({ group_key: groupKey, aircraft_type: aircraftType })
    .where('user_id', '=', userId)
    .where('group_key', '<>', groupKey)
    .returning(matchableColumns)
    .execute();
}

/** Trades whose both requests are gone (their owners' accounts deleted) name no one any more. */
export async function deleteOrphanTrades(em: EntityManager): Promise<void> {
  await kysely(em).deleteFrom('trades').where('request_id', 'is', null).where('matched_request_id', 'is', null).execute();
}

const OPEN_MATCH = ['pending', 'active', 'trade_requested'];

/** Closed matches, each with both owners (they hear of it) and the request that closed it. */
export interface ClosedMatch {
  id: number;
  closedByRequestId: number;
  userIds: [number, number];
}

const closedMatchFields = (reqCol: 'request_id' | 'matched_request_id') => (eb: ExpressionBuilder<DB, 'matches'>) =>
  eb.selectFrom('requests as o').select('o.user_id').whereRef('o.id', '=', `matches.${reqCol}`);

/**
 * Every open match (pending, active, trade_requested) of requests that were just filled is closed
 * (docs/decisions/0042): it leaves both users' lists, bells and counts in the filling transaction,
 * and says which request was filled.
 */
export async function closeMatchesOfFilled(em: EntityManager, requestIds: readonly number[]): Promise<ClosedMatch[]> {
  if (requestIds.length === 0) return [];
  const ids = [...requestIds];
  const rows = await kysely(em)
    .updateTable('matches')
    .set((eb) => ({
      status: 'closed',
      closed_reason: 'request_filled',
      closed_by_request_id: eb
        .case()
        .when('request_id', '=', eb.fn.any(eb.val(ids)))
        .then(eb.ref('request_id'))
        .else(eb.ref('matched_request_id'))
        .end(),
      updated_at: eb.fn('now'),
    }))
    .where((eb) => eb.or([eb('request_id', '=', eb.fn.any(eb.val(ids))), eb('matched_request_id', '=', eb.fn.any(eb.val(ids)))]))
    .where('status', 'in', OPEN_MATCH)
    .returning((eb) => [
      'id',
      'closed_by_request_id as closedByRequestId',
      closedMatchFields('request_id')(eb).as('a'),
      closedMatchFields('matched_request_id')(eb).as('b'),
    ])
    .execute();
  return rows.map((r) => ({ id: r.id, closedByRequestId: r.closedByRequestId!, userIds: [r.a!, r.b!] }));
}

/** The open matches of `requestId` listed, closed because it changed and no longer meets them. */
export async function closeMatchesOfChanged(em: EntityManager, requestId: number, matchIds: readonly number[]): Promise<ClosedMatch[]> {
  if (matchIds.length === 0) return [];
  const rows = await kysely(em)
    .updateTable('matches')
    .set((eb) => ({ status: 'closed', closed_reason: 'request_changed', closed_by_request_id: requestId, updated_at: eb.fn('now') }))
    .where('id', 'in', [...matchIds])
    .where('status', 'in', OPEN_MATCH)
    .returning((eb) => ['id', closedMatchFields('request_id')(eb).as('a'), closedMatchFields('matched_request_id')(eb).as('b')])
    .execute();
  return rows.map((r) => ({ id: r.id, closedByRequestId: requestId, userIds: [r.a!, r.b!] }));
}

/** The open matches of a request with their partners as matching reads them: what an edit may have broken. */
export async function openMatchPartners(em: EntityManager, requestId: number) {
  const db = kysely(em);
  return db
    .selectFrom('matches as m')
    .innerJoin('requests as p', (j) =>
      j.on((eb) =>
        eb.or([
          eb.and([eb('m.request_id', '=', requestId), eb('p.id', '=', eb.ref('m.matched_request_id'))]),
          eb.and([eb('m.matched_request_id', '=', requestId), eb('p.id', '=', eb.ref('m.request_id'))]),
        ]),
      ),
    )
    .select([
      'm.id as matchId',
      'p.id',
      'p.user_id as userId',
      'p.group_key as groupKey',
      'p.type',
      'p.route_type as routeType',
      'p.status',
      'p.all_dates as allDates',
      'p.desired_dates as desiredDates',
      'p.last_date as lastDate',
    ])
    .where((eb) => eb.or([eb('m.request_id', '=', requestId), eb('m.matched_request_id', '=', requestId)]))
    .where('m.status', 'in', OPEN_MATCH)
    .execute();
}

/** The groups of a match's two requests (one, unless a profile change moved one of them): what its writes lock. */
export async function groupsOfMatch(em: EntityManager, matchId: number): Promise<string[]> {
  const rows = await kysely(em)
    .selectFrom('matches as m')
    .innerJoin('requests as r', (j) =>
      j.on((eb) => eb.or([eb('r.id', '=', eb.ref('m.request_id')), eb('r.id', '=', eb.ref('m.matched_request_id'))])),
    )
    .select('r.group_key')
    .distinct()
    .where('m.id', '=', matchId)
    .execute();
  return rows.map((r) => r.group_key);
}

/** Moves an open (pending or active) match to `status`; false when it was no longer open (the race is decided here). */
export async function moveOpenMatch(em: EntityManager, matchId: number, status: 'trade_requested'): Promise<boolean> {
  const row = await kysely(em)
    .updateTable('matches')
    .set((eb) => ({ status, updated_at: eb.fn('now') }))
    .where('id', '=', matchId)
    .where('status', 'in', ['pending', 'active'])
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Its acknowledgements go with it (cascade). */
export async function deleteMatchRow(em: EntityManager, matchId: number): Promise<void> {
  await kysely(em).deleteFrom('matches').where('id', '=', matchId).execute();
}
