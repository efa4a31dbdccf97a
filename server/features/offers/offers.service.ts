import type { EntityManager } from '@mikro-orm/postgresql';
import { MSG } from '#protocol/messages.ts';
import { datePassedText } from '#protocol/base-day.ts';
import { isMessageOffer } from '#protocol/offerText.ts';
import { isCurrent } from '#protocol/rules.ts';
import { dayOfGroup, dayOfUser } from '../user-kernel/crew-day.ts';
import type { OfferBody } from '#protocol/schemas/offers.ts';
import type { OfferItem, OfferNotificationItem } from '#protocol/shapes.ts';
import type { Deps } from '../../deps.ts';
import type { EventRecorder } from '../../events/event-bus.ts';
import { mapPage, pageFrom, timeKeys, type Page, type TimeCursor, type TimeSorted } from '../../db/paging.ts';
import { conflict, forbidden, invalid, notFound } from '../../http/errors.ts';
import type { StoredUpload } from '../../storage/file-store.ts';
import { requestsById } from '../requests/requests.queries.ts';
import { completeOfferTrade, lockGroups, reopenOfferMatch, type GroupLock } from '../trading/trading-core.ts';
import { groupKeyOf } from '../user-kernel/group.ts';
import type { UserRecord } from '../user-kernel/user.presenter.ts';
import { presentOffer, presentOfferNotification, requestIdsOf } from './offers.presenter.ts';
import {
  answerPendingOffer,
  deleteOffer,
  finishedOffersOf,
  hideOffer,
  insertOffer,
  offerIdByClientKey,
  insertOfferImages,
  insertOfferNotifications,
  isOfferParty,
  lockOffer,
  logOfferActivity,
  markOfferNotificationsRead,
  offerHead,
  offersByIds,
  PENDING_MESSAGE_ONCE_INDEX,
  PENDING_ONCE_INDEX,
  receivedPendingOffers,
  requestsForOffer,
  senderRequestOf,
  sentPendingOffers,
  unreadOfferNotifications,
  userForOffer,
  type OfferColumns,
  type OfferRow,
} from './offers.queries.ts';

type OffersDeps = Pick<Deps, 'events'>;

const isUniqueViolation = (err: unknown, constraint: string) =>
  (err as { code?: string; constraint?: string }).code === '23505' && (err as { constraint?: string }).constraint === constraint;

/** OfferItems for offer rows, with every request they name loaded in one query. */
export async function offerItemsOf(em: EntityManager, rows: readonly OfferRow[]): Promise<OfferItem[]> {
  const requests = await requestsById(em, requestIdsOf(rows));
  return rows.map((r) => presentOffer(r, requests));
}

/**
 * Takes the matching lock of the groups of an offer's requests (the trading core's lock), before
 * any row is written. Every writer of requests and matches (create, edit, delete, profile moves)
 * takes it first, so an answer or a cancel that completes requests or moves a match queues behind
 * them instead of locking rows in another order (a request delete cascades to matches and offers).
 */
const lockGroupsOf = (em: EntityManager, head: { requestGroup: string | null; senderRequestGroup: string | null }): Promise<GroupLock> =>
  lockGroups(em, [head.requestGroup, head.senderRequestGroup]);

/**
 * Why the recipient cannot answer the offer as it is, if they cannot: its request is gone (deleted
 * by its owner, which declined it; docs/decisions/0019: an accept then would complete the sender's request
 * against nothing), or it was answered already.
 */
function whyNotAnswerable(head: { onRequest: boolean; requestId: number | null; status: string }) {
  if (head.onRequest && head.requestId === null) return conflict(MSG.offerRespondFailed);
  if (head.status !== 'pending') return conflict(MSG.offerAlreadyAnswered);
  return undefined;
}

/** What a DELETE did, for its answer. */
export type RemoveOutcome = 'cancelled' | 'hidden';

export class OffersService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: OffersDeps,
  ) {}

  /** Offers are between crew of one group: no group, no offers. */
  requireGroup(user: UserRecord): string {
    const groupKey = groupKeyOf(user);
    if (!groupKey) throw invalid(MSG.profileIncomplete);
    return groupKey;
  }

  /** A page of the offers the caller received and has not answered, newest first. */
  receivedPending(user: UserRecord, cursor?: TimeCursor): Promise<Page<OfferItem>> {
    return this.page(receivedPendingOffers(this.em, user.id, cursor));
  }

  /** A page of the caller's offers still pending, newest first. */
  sentPending(user: UserRecord, cursor?: TimeCursor): Promise<Page<OfferItem>> {
    return this.page(sentPendingOffers(this.em, user.id, cursor));
  }

  /** A page of the offers accepted and declined, sent or received, less those the caller hid; newest answer first. */
  finished(user: UserRecord, cursor?: TimeCursor): Promise<Page<OfferItem>> {
    return this.page(finishedOffersOf(this.em, user.id, cursor));
  }

  /**
   * Sends an offer (docs/product-spec.md sections 4 and 5, rules of decision 0009). On a request: it must be the
   * recipient's and still on the board; the offered pairing or reserve period follows its route
   * type; trade only on a trade; screenshots only on a pairing. From a profile: toUserId and message.
   */
  async send(user: UserRecord, body: OfferBody, images: readonly StoredUpload[]): Promise<{ item: OfferItem; created: boolean }> {
    const groupKey = this.requireGroup(user);
    if (body.toUserId === user.id) throw invalid(MSG.offerToSelf, 'toUserId');
    const clientKey = body.clientKey ?? null;
    /** A send retried with its key: the offer stored then, whatever changed since; this attempt's files go. */
    const alreadySent = async (em: EntityManager, events: EventRecorder) => {
      const stored = clientKey === null ? undefined : await offerIdByClientKey(em, user.id, clientKey);
      if (stored !== undefined && images.length) events.record({ type: 'files.released', filenames: images.map((i) => i.filename) });
      return stored;
    };
    const { id, created, item } = await this.deps.events.transaction(
      this.em,
      async (em, events): Promise<{ id: number; created: boolean; item?: OfferItem }> => {
        const earlier = await alreadySent(em, events);
        if (earlier !== undefined) return { id: earlier, created: false };
        const recipient = await userForOffer(em, body.toUserId);
        if (!recipient) throw notFound(MSG.offerRecipientInvalid);
        if (groupKeyOf(recipient) !== groupKey) throw invalid(MSG.offerRecipientNotInGroup, 'toUserId');
        const columns =
          body.requestId === undefined ? this.profileOffer(user, body, images) : await this.requestOffer(em, user, body, images);
        let inserted: number | undefined;
        try {
          inserted = await insertOffer(em, columns, clientKey);
        } catch (err) {
          if (isUniqueViolation(err, PENDING_ONCE_INDEX)) throw conflict(MSG.offerDuplicate);
          // A message-only offer waits for its answer before the next (docs/decisions/0019: 200 at once mailed 200 times).
          if (isUniqueViolation(err, PENDING_MESSAGE_ONCE_INDEX)) throw conflict(MSG.offerMessagePending);
          throw err;
        }
        // The same key stored meanwhile by a concurrent retry (the insert waited for it).
        if (inserted === undefined) return { id: (await alreadySent(em, events))!, created: false };
        const id = inserted;
        await insertOfferImages(em, id, images);
        await insertOfferNotifications(em, [{ userId: recipient.id, offerId: id, type: 'trade_request' }]);
        await logOfferActivity(em, [{ userId: user.id, targetId: recipient.id, offerId: id, activity: 'trade_request_sent' }]);
        // Read inside the transaction: the answer and the notices share it, nothing reads it after the commit.
        const item = await this.loadOne(id, em);
        events.record({ type: 'offer.sent', offerId: id, fromUserId: user.id, toUserId: recipient.id, item });
        return { id, created: true, item };
      },
    );
    return { item: item ?? (await this.loadOne(id)), created };
  }

  /** From a crew profile: no request to check a pairing against, so no route, reserve period or screenshots. */
  private profileOffer(user: UserRecord, body: OfferBody, images: readonly StoredUpload[]): OfferColumns {
    if (body.requestType === 'trade') throw invalid(MSG.offerTradeOnlyForTrade, 'requestType');
    if (images.length) throw invalid(MSG.offerImagesPairingOnly, 'tradeRequestImages');
    return {
      fromUserId: user.id,
      toUserId: body.toUserId,
      requestId: null,
      senderRequestId: null,
      message: body.message,
      tradeDate: body.tradeDate ?? null,
      offerRoute: null,
      offerReservePeriod: null,
      requestType: body.requestType,
    };
  }

  private async requestOffer(em: EntityManager, user: UserRecord, body: OfferBody, images: readonly StoredUpload[]): Promise<OfferColumns> {
    const targetId = body.requestId!;
    const senderRequestId = (await senderRequestOf(em, user.id, targetId)) ?? null;
    // Share-locked (both, in id order): an accept completing either waits for this offer, or went first.
    const locked = await requestsForOffer(em, senderRequestId === null ? [targetId] : [targetId, senderRequestId]);
    const target = locked.find((r) => r.id === targetId);
    if (!target) throw notFound(MSG.offerRequestNotAvailable);
    if (target.userId !== body.toUserId) throw invalid(MSG.offerRequestNotRecipients, 'requestId');
    if (!isCurrent(target, dayOfGroup(target.groupKey))) throw conflict(MSG.offerRequestNotAvailable);
    if (!body.tradeDate) throw invalid(MSG.dateRequired, 'tradeDate');
    // The dialog's minimum, held here too: the sender's today at their base.
    const today = dayOfUser(user);
    if (body.tradeDate < today) throw invalid(datePassedText(today), 'tradeDate');
    if (body.requestType === 'trade' && target.type !== 'trade') throw invalid(MSG.offerTradeOnlyForTrade, 'requestType');
    const pairing = target.routeType === 'pairing';
    if (pairing && !body.offerRoute) throw invalid(MSG.pairingRequired, 'offerRoute');
    if (!pairing && !body.offerReservePeriod) throw invalid(MSG.reservePeriodRequired, 'offerReservePeriod');
    if (!pairing && images.length) throw invalid(MSG.offerImagesPairingOnly, 'tradeRequestImages');
    // The sender's request may have completed since the match was read: then the offer is not from it.
    const sender = locked.find((r) => r.id === senderRequestId);
    return {
      fromUserId: user.id,
      toUserId: body.toUserId,
      requestId: targetId,
      senderRequestId: sender?.status === 'active' ? sender.id : null,
      message: body.message,
      tradeDate: body.tradeDate,
      // Only the field the target's route type asks for is kept.
      offerRoute: pairing ? body.offerRoute : null,
      offerReservePeriod: pairing ? null : body.offerReservePeriod,
      requestType: body.requestType,
    };
  }

  /**
   * The recipient answers a pending offer. Accepting completes the target request and the sender's
   * (if any), approves their match, writes one trades row and declines every other pending offer
   * on either request, in one transaction; the conditional update makes it happen exactly once.
   */
  async answer(user: UserRecord, id: number, status: 'accepted' | 'declined'): Promise<OfferItem> {
    const head = await offerHead(this.em, id);
    if (!head || (head.fromUserId !== user.id && head.toUserId !== user.id)) throw notFound(MSG.offerNotFound);
    if (head.toUserId !== user.id) throw forbidden(MSG.offerOnlyRecipient);
    const refused = whyNotAnswerable(head);
    if (refused) throw refused;
    // A message asking to trade names no trip: accepting it would report a trade that moved nothing.
    if (status === 'accepted' && isMessageOffer(head)) throw conflict(MSG.offerMessageNothingToAccept);
    return this.deps.events.transaction(this.em, async (em, events) => {
      // Accepting completes requests; declining an offer sent on a match reopens it: both write what requests own.
      const lock = status === 'accepted' || head.senderRequestId !== null ? await lockGroupsOf(em, head) : undefined;
      // With the sender's bell entry and the activity log, in the same statement.
      const answered = await answerPendingOffer(em, id, user.id, status);
      if (!answered) {
        // A deletion of its request may have declined it meanwhile: that says so, as above.
        const now = await offerHead(em, id);
        throw now ? (whyNotAnswerable(now) ?? conflict(MSG.offerAlreadyAnswered)) : notFound(MSG.offerNotFound);
      }
      // Locked above: an offer's requests only ever go (to null), so the head named any it names now.
      if (status === 'accepted') await completeOfferTrade(lock!, events, id, answered);
      else if (answered.requestId !== null && answered.senderRequestId !== null) {
        await reopenOfferMatch(lock!, events, answered.requestId, answered.senderRequestId, [user.id, answered.fromUserId]);
      }
      // As the answer left it, read inside the transaction: the answer and the notices share it.
      const item = await this.loadOne(id, em);
      events.record({ type: 'offer.answered', offerId: id, status, fromUserId: answered.fromUserId, toUserId: user.id, item });
      return item;
    });
  }

  /**
   * DELETE: the sender cancels a pending offer (it is deleted, its images released); either party
   * hides a finished one from their own view. It acts on the offer as it is once locked.
   */
  async remove(user: UserRecord, id: number): Promise<RemoveOutcome> {
    const head = await offerHead(this.em, id);
    if (!head || (head.fromUserId !== user.id && head.toUserId !== user.id)) throw notFound(MSG.offerNotFound);
    return this.deps.events.transaction(this.em, async (em, events) => {
      // A cancel may reopen the match it was sent on: the groups' lock first, as for an answer.
      const lock =
        head.status === 'pending' && head.fromUserId === user.id && head.senderRequestId !== null
          ? await lockGroupsOf(em, head)
          : undefined;
      const offer = await lockOffer(em, id);
      if (!offer) throw notFound(MSG.offerNotFound);
      if (offer.status === 'pending') {
        if (offer.fromUserId !== user.id) throw forbidden(MSG.offerPendingCannotHide);
        const files = await deleteOffer(em, id);
        events.record({ type: 'offer.removed', offerId: id, userIds: [offer.fromUserId, offer.toUserId] });
        if (files.length) events.record({ type: 'files.released', filenames: files });
        if (offer.requestId !== null && offer.senderRequestId !== null) {
          // Locked above: an offer's requests only ever go (to null), so the head named them too.
          await reopenOfferMatch(lock!, events, offer.requestId, offer.senderRequestId, [offer.fromUserId, offer.toUserId]);
        }
        return 'cancelled';
      }
      if (await hideOffer(em, user.id, id)) events.record({ type: 'offer.removed', offerId: id, userIds: [user.id] });
      return 'hidden';
    });
  }

  /** The caller's unread offer notifications, newest first (the bell's trade-request section). */
  async notifications(user: UserRecord, cursor?: TimeCursor): Promise<Page<OfferNotificationItem>> {
    return mapPage(pageFrom(await unreadOfferNotifications(this.em, user.id, cursor), timeKeys), presentOfferNotification);
  }

  /** Marks the caller's notifications of one offer read; idempotent; an offer that is not theirs is not found. */
  async markRead(user: UserRecord, offerId: number): Promise<void> {
    const marked = await markOfferNotificationsRead(this.em, user.id, offerId);
    if (marked === 0 && !(await isOfferParty(this.em, user.id, offerId))) throw notFound(MSG.offerNotFound);
  }

  private async page(rows: Promise<(OfferRow & TimeSorted)[]>): Promise<Page<OfferItem>> {
    const page = pageFrom(await rows, timeKeys);
    return { items: await offerItemsOf(this.em, page.items), next: page.next };
  }

  private async loadOne(id: number, em: EntityManager = this.em): Promise<OfferItem> {
    const [item] = await offerItemsOf(em, await offersByIds(em, [id]));
    if (!item) throw notFound(MSG.offerNotFound);
    return item;
  }
}
