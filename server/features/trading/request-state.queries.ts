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
 * Declines the pending offers `which` picks, with each sender's bell entry (trade_response) and an
 * activity log in the recipient's name (metadata says why), in one statement. Returns them for
 * their live notices.
 */
function declinePending(db: Kysely<DB>, which: Parameters<typeof declinable>[1], metadata: string) {
  return db
    .with('d', (q) => declinable(q, which).returning(['id', 'from_user_id', 'to_user_id']))
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
              'd.to_user_id',
              s.val('trade_request_declined').as('activity_type'),
              'd.from_user_id',
              'd.id',
              s.val('trade_request').as('reference_type'),
              s.val(metadata).as('metadata'),
            ]),
        )
        .returning('id'),
    )
    .selectFrom('d')
    .select(['d.id', 'd.from_user_id as fromUserId', 'd.to_user_id as toUserId'])
    .orderBy('d.id');
}

/** The update of declinePending: pending offers `which` picks become declined now. */
function declinable(db: Pick<Kysely<DB>, 'updateTable'>, which: (eb: ExpressionBuilder<DB, 'trade_requests'>) => Expression<SqlBool>) {
  return db
    .updateTable('trade_requests')
    .set((eb) => ({ status: 'declined', responded_at: eb.fn('now') }))
    .where('status', '=', 'pending')
    .where(which);
}

/**
 * Every other pending offer on (or from) requests that just completed is declined, the trips being
 * gone (docs/decisions/0009).
 */
const declineOthers = compileOnce(['ids', 'exceptId', 'metadata'], (db, a: { ids: number[]; exceptId: number; metadata: string }) =>
  declinePending(
    db,
    ({ eb, fn, val, or, and }) =>
      and([eb('id', '<>', a.exceptId), or([eb('request_id', '=', fn.any(val(a.ids))), eb('sender_request_id', '=', fn.any(val(a.ids)))])]),
    a.metadata,
  ),
);

export const declinePendingOffersOn = (em: EntityManager, requestIds: readonly number[], exceptId: number) =>
  declineOthers(em, {
    ids: [...requestIds],
    exceptId,
    metadata: JSON.stringify({ reason: 'request_completed', acceptedTradeRequestId: exceptId }),
  });

/** The pending offers on the requests of a completed three-way chain are declined the same way (no offer was accepted). */
export const declinePendingOffersForChain = (em: EntityManager, requestIds: readonly number[], chainId: number) =>
  declineOthers(em, {
    ids: [...requestIds],
    exceptId: 0,
    metadata: JSON.stringify({ reason: 'request_completed', tradeChainId: chainId }),
  });

/**
 * The pending offers on a request its owner is deleting, declined in the deleting transaction
 * (docs/decisions/0019): the foreign key would otherwise leave them pending with no request, and an accept
 * would then complete the sender's request against nothing. Offers sent from it (as the sender's
 * request) stay: they still offer what they say, and only their sender may cancel them.
 */
export const declinePendingOffersOnDeleted = (em: EntityManager, requestId: number) =>
  declinePending(kysely(em), (eb) => eb('request_id', '=', requestId), JSON.stringify({ reason: 'request_deleted' })).execute();

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
