import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { compileOnce, compilePaged } from '../../db/compiled-query.ts';
import { kysely, type DB } from '../../db/kysely.ts';
import { microsOf, pageLimit, pastTimeCursor, type TimeCursor } from '../../db/paging.ts';
import type { StoredUpload } from '../../storage/file-store.ts';
import { matchSides } from '../matches/matches.queries.ts';

/** Matches an offer can be sent on: not yet approved (trade_requested: the dialog was opened from it). */
const OPEN_MATCH = ['pending', 'active', 'trade_requested'];
// Closed ones too (docs/decisions/0042): finished, though nobody answered them.
const FINISHED = ['accepted', 'declined', 'closed'];

/**
 * An offer as OfferItem shows it, less its two requests (loaded for the whole list at once with
 * requestsById): its columns, both users' summaries and its images, in one statement.
 */
function offersQuery(db: Kysely<DB>) {
  return db
    .selectFrom('trade_requests as t')
    .innerJoin('users as f', 'f.id', 't.from_user_id')
    .innerJoin('users as r', 'r.id', 't.to_user_id')
    .select((eb) => [
      't.id',
      't.from_user_id as fromUserId',
      't.to_user_id as toUserId',
      't.request_id as requestId',
      't.sender_request_id as senderRequestId',
      't.status',
      't.closed_reason as closedReason',
      't.message',
      't.trade_date as tradeDate',
      't.offer_route as offerRoute',
      't.offer_reserve_period as offerReservePeriod',
      't.request_type as requestType',
      't.created_at as createdAt',
      't.responded_at as respondedAt',
      't.counter_of_id as counterOfId',
      't.thread_id as threadId',
      't.accepted_by_rule as acceptedByRule',
      't.rule_note as ruleNote',
      'f.first_name as fromFirstName',
      'f.last_name as fromLastName',
      'f.employee_number as fromEmployeeNumber',
      'f.airline as fromAirline',
      'f.position as fromPosition',
      'f.profile_image_url as fromProfileImageUrl',
      'r.first_name as toFirstName',
      'r.last_name as toLastName',
      'r.employee_number as toEmployeeNumber',
      'r.airline as toAirline',
      'r.position as toPosition',
      'r.profile_image_url as toProfileImageUrl',
      jsonArrayFrom(
        eb
          .selectFrom('trade_request_images as i')
          .select(['i.id', 'i.filename', 'i.original_name as originalName', 'i.mime_type as mimeType'])
          .whereRef('i.trade_request_id', '=', 't.id')
          .orderBy('i.id'),
      ).as('images'),
    ]);
}

export type OfferRow = Awaited<ReturnType<ReturnType<typeof offersQuery>['execute']>>[number];

// Compiled once: the lists are the offers' hot reads (GET /api/trade-requests is in the bench).
// Newest first, PAGE_SIZE + 1 rows from the cursor (pageFrom), each with its sort time for the next cursor.
const receivedPending = compilePaged(['userId'], ['at', 'id'], (db, a: { userId: number }, c: TimeCursor | null) =>
  offersQuery(db)
    .select(microsOf('t.created_at').as('sortMicros'))
    .where('t.to_user_id', '=', a.userId)
    .where('t.status', '=', 'pending')
    .where(pastTimeCursor('t.created_at', 't.id', c))
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(pageLimit()),
);
const sentPending = compilePaged(['userId'], ['at', 'id'], (db, a: { userId: number }, c: TimeCursor | null) =>
  offersQuery(db)
    .select(microsOf('t.created_at').as('sortMicros'))
    .where('t.from_user_id', '=', a.userId)
    .where('t.status', '=', 'pending')
    .where(pastTimeCursor('t.created_at', 't.id', c))
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(pageLimit()),
);
/**
 * Either side, answered (so responded_at is set), not hidden by the caller: two index look-ups
 * (to/status, from/status) or'ed in a bitmap.
 */
const finishedVisible = compilePaged(['userId'], ['at', 'id'], (db, a: { userId: number }, c: TimeCursor | null) =>
  offersQuery(db)
    .select(microsOf('t.responded_at').as('sortMicros'))
    .where((eb) => eb.or([eb('t.to_user_id', '=', a.userId), eb('t.from_user_id', '=', a.userId)]))
    .where('t.status', 'in', FINISHED)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('trade_hidden_by_user as h')
            .select('h.id')
            .where('h.user_id', '=', a.userId)
            .whereRef('h.trade_request_id', '=', 't.id'),
        ),
      ),
    )
    .where(pastTimeCursor('t.responded_at', 't.id', c))
    .orderBy('t.responded_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(pageLimit()),
);
/** Every offer of a thread of counters (docs/decisions/0045), oldest first: a handful. */
const ofThread = compileOnce(['threadId'], (db, a: { threadId: number }) =>
  offersQuery(db)
    .where((eb) => eb.or([eb('t.id', '=', a.threadId), eb('t.thread_id', '=', a.threadId)]))
    .orderBy('t.id'),
);
export const threadOffers = (em: EntityManager, threadId: number) => ofThread(em, { threadId });

/** How many counter-offers a thread holds (trade_requests_thread_index): a thread is capped. */
export async function countersInThread(em: EntityManager, threadId: number): Promise<number> {
  const row = await kysely(em)
    .selectFrom('trade_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('thread_id', '=', threadId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const byIds = compileOnce(['ids'], (db, a: { ids: number[] }) =>
  offersQuery(db)
    .where(({ eb, fn, val }) => eb('t.id', '=', fn.any(val(a.ids))))
    .orderBy('t.id'),
);

export const receivedPendingOffers = (em: EntityManager, userId: number, cursor?: TimeCursor) => receivedPending(em, { userId }, cursor);
export const sentPendingOffers = (em: EntityManager, userId: number, cursor?: TimeCursor) => sentPending(em, { userId }, cursor);
export const finishedOffersOf = (em: EntityManager, userId: number, cursor?: TimeCursor) => finishedVisible(em, { userId }, cursor);
export const offersByIds = (em: EntityManager, ids: readonly number[]) =>
  ids.length ? byIds(em, { ids: [...new Set(ids)] }) : Promise.resolve([] as OfferRow[]);

// ---- sending

/** A user as sending checks them: their group fields. */
export function userForOffer(em: EntityManager, id: number) {
  return kysely(em)
    .selectFrom('users')
    .select(['id', 'airline', 'base', 'position', 'aircraft_type as aircraftType'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Requests an offer names, share-locked until the transaction ends, in id order: an accept that
 * completes one of them (it takes the row for update) waits for this send to commit, then declines
 * the new offer with the others; or it ran first, and this send sees the request completed.
 */
export function requestsForOffer(em: EntityManager, ids: readonly number[]) {
  return kysely(em)
    .selectFrom('requests')
    .select([
      'id',
      'user_id as userId',
      'status',
      'type',
      'route_type as routeType',
      'last_date as lastDate',
      'trip_days as tripDays',
      'group_key as groupKey',
      'auto_accept as autoAccept',
    ])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forShare()
    .execute();
}

/**
 * The sender's active request of an open match with `targetId`, if any: the offer then comes from
 * it. A match the dialog was opened from (trade_requested) first, then the newest.
 */
export async function senderRequestOf(em: EntityManager, senderId: number, targetId: number): Promise<number | undefined> {
  const db = kysely(em);
  const row = await db
    .selectFrom(matchSides(db, senderId).as('mm'))
    .innerJoin('requests as s', 's.id', 'mm.mine')
    .select('mm.mine')
    .where('mm.other', '=', targetId)
    .where('mm.status', 'in', OPEN_MATCH)
    .where('s.status', '=', 'active')
    .orderBy((eb) => eb('mm.status', '=', 'trade_requested'), 'desc')
    .orderBy('mm.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.mine;
}

export interface OfferColumns {
  fromUserId: number;
  toUserId: number;
  requestId: number | null;
  senderRequestId: number | null;
  message: string | null;
  tradeDate: string | null;
  offerRoute: string | null;
  offerReservePeriod: string | null;
  requestType: string;
  /** A counter-offer: the offer it counters and the first of their thread (docs/decisions/0045). */
  counterOfId?: number;
  threadId?: number;
  /** Not stored here: the target request's standing rule is on, so the send asks it (docs/decisions/0045). */
  targetAutoAccept?: boolean;
}

/** The partial unique index that refuses a second pending offer from one sender on one request. */
export const PENDING_ONCE_INDEX = 'trade_requests_pending_once';
/** The partial unique index that refuses a second pending message-only offer from one sender to one recipient. */
export const PENDING_MESSAGE_ONCE_INDEX = 'trade_requests_pending_message_once';

/** The new offer's id, or undefined when the sender already stored one with this client key. */
export async function insertOffer(em: EntityManager, c: OfferColumns, clientKey: string | null): Promise<number | undefined> {
  const row = await kysely(em)
    .insertInto('trade_requests')
    .values({
      from_user_id: c.fromUserId,
      to_user_id: c.toUserId,
      request_id: c.requestId,
      sender_request_id: c.senderRequestId,
      message: c.message,
      trade_date: c.tradeDate,
      offer_route: c.offerRoute,
      offer_reserve_period: c.offerReservePeriod,
      request_type: c.requestType,
      client_key: clientKey,
      counter_of_id: c.counterOfId ?? null,
      thread_id: c.threadId ?? null,
    })
    // Only the client key's index: a second pending offer on one request still fails (pending-once).
    .onConflict((oc) => oc.columns(['from_user_id', 'client_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The offer the sender stored with this key, if any. */
export async function offerIdByClientKey(em: EntityManager, fromUserId: number, clientKey: string): Promise<number | undefined> {
  const row = await kysely(em)
    .selectFrom('trade_requests')
    .select('id')
    .where('from_user_id', '=', fromUserId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst();
  return row?.id;
}

export async function insertOfferImages(em: EntityManager, offerId: number, images: readonly StoredUpload[]): Promise<void> {
  if (images.length === 0) return;
  await kysely(em)
    .insertInto('trade_request_images')
    .values(
      images.map((i) => ({
        trade_request_id: offerId,
        filename: i.filename,
        original_name: i.originalName,
        mime_type: i.mimeType,
        size: i.size,
      })),
    )
    .execute();
}

/** trade_rule_accepted: the request owner's entry when their standing rule accepted an offer (docs/decisions/0045). */
export type OfferNoticeType = 'trade_request' | 'trade_response' | 'trade_rule_accepted';

/** Bell entries: trade_request for the recipient of a new offer, trade_response for the sender of an answered one. */
export async function insertOfferNotifications(
  em: EntityManager,
  rows: readonly { userId: number; offerId: number; type: OfferNoticeType }[],
): Promise<void> {
  if (rows.length === 0) return;
  await kysely(em)
    .insertInto('trade_request_notifications')
    .values(rows.map((r) => ({ user_id: r.userId, trade_request_id: r.offerId, type: r.type })))
    .execute();
}

export type OfferActivity =
  'trade_request_sent' | 'trade_request_accepted' | 'trade_request_declined' | 'trade_request_countered' | 'trade_request_accepted_by_rule';

/** user_activity_logs rows for offers: who acted, on whom, which offer. */
export async function logOfferActivity(
  em: EntityManager,
  rows: readonly { userId: number; targetId: number; offerId: number; activity: OfferActivity; metadata?: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await kysely(em)
    .insertInto('user_activity_logs')
    .values(
      rows.map((r) => ({
        user_id: r.userId,
        activity_type: r.activity,
        target_user_id: r.targetId,
        reference_id: r.offerId,
        reference_type: 'trade_request',
        metadata: r.metadata ?? null,
      })),
    )
    .execute();
}

// ---- answering

/**
 * An offer's parties and state, and the groups of its two requests (for the matching lock), unlocked.
 * `onRequest`: it was sent on a request (the dialog's offer always names a pairing or a reserve
 * period; a profile's message-only offer names neither), whether or not that request is still there.
 */
export function offerHead(em: EntityManager, id: number) {
  return kysely(em)
    .selectFrom('trade_requests as t')
    .leftJoin('requests as rq', 'rq.id', 't.request_id')
    .leftJoin('requests as rs', 'rs.id', 't.sender_request_id')
    .select((eb) => [
      eb
        .or([eb('t.offer_route', 'is not', null), eb('t.offer_reserve_period', 'is not', null)])
        .$castTo<boolean>()
        .as('onRequest'),
      't.id',
      't.from_user_id as fromUserId',
      't.to_user_id as toUserId',
      't.status',
      't.request_id as requestId',
      't.sender_request_id as senderRequestId',
      't.offer_route as offerRoute',
      't.offer_reserve_period as offerReservePeriod',
      't.closed_reason as closedReason',
      't.request_type as requestType',
      't.trade_date as tradeDate',
      't.counter_of_id as counterOfId',
      't.thread_id as threadId',
      'rq.group_key as requestGroup',
      'rs.group_key as senderRequestGroup',
    ])
    .where('t.id', '=', id)
    .executeTakeFirst();
}

/**
 * A countered offer leaves pending for good (docs/decisions/0045): closed, only while pending and
 * only by its recipient, so a counter, an accept and a decline decide among themselves here, once.
 */
export async function closeCounteredOffer(em: EntityManager, id: number, recipientId: number): Promise<boolean> {
  const row = await kysely(em)
    .updateTable('trade_requests')
    .set((eb) => ({ status: 'closed', closed_reason: 'countered', responded_at: eb.fn('now') }))
    .where('id', '=', id)
    .where('to_user_id', '=', recipientId)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * What a standing rule reads of a new offer and its request (docs/decisions/0045): the offer's
 * terms and time, and the request's rule, state, days and last edit.
 */
export function offerForRule(em: EntityManager, id: number) {
  return kysely(em)
    .selectFrom('trade_requests as t')
    .innerJoin('requests as rq', 'rq.id', 't.request_id')
    .select([
      't.id',
      't.from_user_id as fromUserId',
      't.to_user_id as toUserId',
      't.status',
      't.request_type as requestType',
      't.trade_date as tradeDate',
      't.offer_route as offerRoute',
      't.offer_reserve_period as offerReservePeriod',
      't.counter_of_id as counterOfId',
      't.created_at as createdAt',
      'rq.id as requestId',
      'rq.user_id as ownerId',
      'rq.auto_accept as autoAccept',
      'rq.status as requestStatus',
      'rq.type as type',
      'rq.route_type as routeType',
      'rq.route as route',
      'rq.reserve_period as reservePeriod',
      'rq.date as date',
      'rq.trip_days as tripDays',
      'rq.all_dates as allDates',
      'rq.desired_dates as desiredDates',
      'rq.last_date as lastDate',
      'rq.group_key as groupKey',
      'rq.updated_at as updatedAt',
    ])
    .where('t.id', '=', id)
    .executeTakeFirst();
}
export type OfferForRule = NonNullable<Awaited<ReturnType<typeof offerForRule>>>;

/**
 * Pending offers a standing rule may still owe an accept (docs/decisions/0045): on a request whose
 * rule is on, sent since its last edit, with no note (the rule left none), at least `olderThanMs` old
 * (the send's own accept has had its moment), oldest first. The instance that sent one may have died
 * between the send's commit and the rule's accept.
 */
export async function offersOwedByRules(em: EntityManager, olderThanMs: number, limit: number): Promise<number[]> {
  const rows = await kysely(em)
    .selectFrom('trade_requests as t')
    .innerJoin('requests as rq', 'rq.id', 't.request_id')
    .select('t.id')
    .where('t.status', '=', 'pending')
    .where('t.rule_note', 'is', null)
    .where('t.counter_of_id', 'is', null)
    .where('rq.auto_accept', '=', true)
    .where('rq.status', '=', 'active')
    .whereRef('t.created_at', '>=', 'rq.updated_at')
    .where('t.created_at', '<', new Date(Date.now() - olderThanMs).toISOString())
    .orderBy('t.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Why the owner's rule left a pending offer to them (shown to the owner only); cleared with null. */
export async function setRuleNote(em: EntityManager, id: number, note: string | null): Promise<void> {
  await kysely(em).updateTable('trade_requests').set({ rule_note: note }).where('id', '=', id).where('status', '=', 'pending').execute();
}

/**
 * The recipient's answer, only while pending: the statement that decides every race (two accepts,
 * an accept and a cancel). With it, in the same statement, the sender's bell entry (trade_response)
 * and the recipient's activity log. Undefined when it was no longer pending (or not theirs, or gone).
 * Compiled once, as the statements below: they are the accept path the bench holds to 30 ms.
 */
const answerOffer = compileOnce(
  ['id', 'recipientId', 'status', 'activity', 'byRule'],
  (db, a: { id: number; recipientId: number; status: 'accepted' | 'declined'; activity: OfferActivity; byRule: boolean }) =>
    db
      .with('a', (q) =>
        q
          .updateTable('trade_requests')
          .set((eb) => ({ status: a.status, responded_at: eb.fn('now'), accepted_by_rule: a.byRule, rule_note: null }))
          .where('id', '=', a.id)
          .where('to_user_id', '=', a.recipientId)
          .where('status', '=', 'pending')
          .returning(['id', 'from_user_id', 'to_user_id', 'request_id', 'sender_request_id']),
      )
      .with('n', (q) =>
        q
          .insertInto('trade_request_notifications')
          .columns(['user_id', 'trade_request_id', 'type'])
          .expression((eb) => eb.selectFrom('a').select((s) => ['a.from_user_id', 'a.id', s.val('trade_response').as('type')]))
          .returning('id'),
      )
      .with('l', (q) =>
        q
          .insertInto('user_activity_logs')
          .columns(['user_id', 'activity_type', 'target_user_id', 'reference_id', 'reference_type'])
          .expression((eb) =>
            eb
              .selectFrom('a')
              .select((s) => [
                'a.to_user_id',
                s.val(a.activity).as('activity_type'),
                'a.from_user_id',
                'a.id',
                s.val('trade_request').as('reference_type'),
              ]),
          )
          .returning('id'),
      )
      .selectFrom('a')
      .select(['a.id', 'a.from_user_id as fromUserId', 'a.request_id as requestId', 'a.sender_request_id as senderRequestId']),
);

/** `byRule`: the recipient's standing rule accepts it (docs/decisions/0045), and the log says so. */
export async function answerPendingOffer(
  em: EntityManager,
  id: number,
  recipientId: number,
  status: 'accepted' | 'declined',
  byRule = false,
) {
  const activity: OfferActivity =
    status === 'declined' ? 'trade_request_declined' : byRule ? 'trade_request_accepted_by_rule' : 'trade_request_accepted';
  const [row] = await answerOffer(em, { id, recipientId, status, activity, byRule: byRule && status === 'accepted' });
  return row;
}

// ---- cancelling and hiding

/** The offer's parties and state, locked until the transaction ends (a cancel and an answer queue here). */
export function lockOffer(em: EntityManager, id: number) {
  return kysely(em)
    .selectFrom('trade_requests')
    .select([
      'id',
      'from_user_id as fromUserId',
      'to_user_id as toUserId',
      'status',
      'request_id as requestId',
      'sender_request_id as senderRequestId',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Deletes the offer (its notifications and hidden marks cascade) and returns its images' file names. */
export async function deleteOffer(em: EntityManager, id: number): Promise<string[]> {
  const images = await kysely(em).deleteFrom('trade_request_images').where('trade_request_id', '=', id).returning('filename').execute();
  await kysely(em).deleteFrom('trade_requests').where('id', '=', id).execute();
  return images.map((i) => i.filename);
}

/** Hides a finished offer from one user's view; false when it already was. */
export async function hideOffer(em: EntityManager, userId: number, offerId: number): Promise<boolean> {
  const row = await kysely(em)
    .insertInto('trade_hidden_by_user')
    .values({ user_id: userId, trade_request_id: offerId })
    .onConflict((oc) => oc.columns(['user_id', 'trade_request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

// ---- notifications

/**
 * The user's unread offer notifications, newest first, with what their texts name: an offer
 * received is listed while it is pending; an answer until read (trade_request_notifications_user_read_index).
 */
export function unreadOfferNotifications(em: EntityManager, userId: number, cursor?: TimeCursor) {
  return kysely(em)
    .selectFrom('trade_request_notifications as n')
    .innerJoin('trade_requests as t', 't.id', 'n.trade_request_id')
    .innerJoin('users as f', 'f.id', 't.from_user_id')
    .innerJoin('users as r', 'r.id', 't.to_user_id')
    .leftJoin('requests as rq', 'rq.id', 't.request_id')
    .leftJoin('requests as rs', 'rs.id', 't.sender_request_id')
    .select([
      'n.id',
      'n.trade_request_id as tradeRequestId',
      'n.type',
      'n.is_read as isRead',
      'n.created_at as createdAt',
      't.status',
      't.closed_reason as closedReason',
      't.request_type as requestType',
      't.trade_date as tradeDate',
      't.request_id as requestId',
      't.offer_route as offerRoute',
      't.offer_reserve_period as offerReservePeriod',
      't.counter_of_id as counterOfId',
      't.from_user_id as fromUserId',
      'rq.user_id as requestUserId',
      // What the entry's sentence names (protocol/offerText.ts): both trips and their days.
      'rq.date as requestDate',
      'rq.additional_dates as requestAdditionalDates',
      'rq.route_type as requestRouteType',
      'rq.route as requestRoute',
      'rq.reserve_period as requestReservePeriod',
      'rs.type as senderRequestType',
      'rs.date as senderRequestDate',
      'f.first_name as fromFirstName',
      'f.last_name as fromLastName',
      'r.first_name as toFirstName',
      'r.last_name as toLastName',
      microsOf('n.created_at').as('sortMicros'),
    ])
    .where('n.user_id', '=', userId)
    .where('n.is_read', '=', false)
    .where((eb) => eb.or([eb('n.type', '<>', 'trade_request'), eb('t.status', '=', 'pending')]))
    .where(pastTimeCursor('n.created_at', 'n.id', cursor ?? null))
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(pageLimit())
    .execute();
}

export type OfferNotificationRow = Awaited<ReturnType<typeof unreadOfferNotifications>>[number];

/** Marks the user's notifications of one offer read; how many were unread. */
export async function markOfferNotificationsRead(em: EntityManager, userId: number, offerId: number): Promise<number> {
  const rows = await kysely(em)
    .updateTable('trade_request_notifications')
    .set({ is_read: true })
    .where('user_id', '=', userId)
    .where('trade_request_id', '=', offerId)
    .where('is_read', '=', false)
    .returning('id')
    .execute();
  return rows.length;
}

/** Whether the user sent or received the offer, or has a notification of it. */
export async function isOfferParty(em: EntityManager, userId: number, offerId: number): Promise<boolean> {
  const row = await kysely(em)
    .selectFrom('trade_requests')
    .select('id')
    .where('id', '=', offerId)
    .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
    .executeTakeFirst();
  return row !== undefined;
}
