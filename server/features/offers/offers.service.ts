import type { EntityManager } from '@mikro-orm/postgresql';
import { COUNTERS_PER_THREAD_MAX } from '#protocol/limits.ts';
import { MSG } from '#protocol/messages.ts';
import { datePassedText } from '#protocol/base-day.ts';
import { isMessageOffer } from '#protocol/offerText.ts';
import { isCurrent } from '#protocol/rules.ts';
import { dayOfGroup, dayOfUser } from '../user-kernel/crew-day.ts';
import type { CounterBody, OfferBody } from '#protocol/schemas/offers.ts';
import { afterRoster, standingRuleStep, type RuleStep } from '#protocol/standingRule.ts';
import { checkRosterOf } from '../roster/roster.service.ts';
import type { OfferItem, OfferNotificationItem } from '#protocol/shapes.ts';
import type { Deps } from '../../deps.ts';
import type { EventRecorder } from '../../events/event-bus.ts';
import { mapPage, pageFrom, timeKeys, type Page, type TimeCursor, type TimeSorted } from '../../db/paging.ts';
import { AppError, conflict, forbidden, invalid, notFound } from '../../http/errors.ts';
import type { StoredUpload } from '../../storage/file-store.ts';
import { requestsById } from '../requests/requests.queries.ts';
import { completeOfferTrade, lockGroups, reopenOfferMatch, type GroupLock } from '../trading/trading-core.ts';
import { groupKeyOf } from '../user-kernel/group.ts';
import type { UserRecord } from '../user-kernel/user.presenter.ts';
import { offerForViewer, presentOffer, presentOfferNotification, requestIdsOf } from './offers.presenter.ts';
import {
  answerPendingOffer,
  closeCounteredOffer,
  countersInThread,
  offerForRule,
  setRuleNote,
  threadOffers,
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
function whyNotAnswerable(head: { onRequest: boolean; requestId: number | null; status: string; closedReason?: string | null }) {
  if (head.onRequest && head.requestId === null) return conflict(MSG.offerRespondFailed);
  // Countered (docs/decisions/0045): the counter-offer is the one to answer now.
  if (head.status === 'closed' && head.closedReason === 'countered') return conflict(MSG.offerCountered);
  if (head.status !== 'pending') return conflict(MSG.offerAlreadyAnswered);
  return undefined;
}

/** Whether a counter names the same trip and day as the offer it counters. */
const sameTerms = (
  a: { tradeDate: string | null; offerRoute: string | null; offerReservePeriod: string | null },
  b: { tradeDate?: string | null; offerRoute?: string | null; offerReservePeriod?: string | null },
) =>
  (a.tradeDate ?? null) === (b.tradeDate ?? null) &&
  (a.offerRoute ?? '').trim().toLowerCase() === (b.offerRoute ?? '').trim().toLowerCase() &&
  (a.offerReservePeriod ?? '').trim().toLowerCase() === (b.offerReservePeriod ?? '').trim().toLowerCase();

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
    return this.page(receivedPendingOffers(this.em, user.id, cursor), user.id);
  }

  /** A page of the caller's offers still pending, newest first. */
  sentPending(user: UserRecord, cursor?: TimeCursor): Promise<Page<OfferItem>> {
    return this.page(sentPendingOffers(this.em, user.id, cursor), user.id);
  }

  /** A page of the offers accepted and declined, sent or received, less those the caller hid; newest answer first. */
  finished(user: UserRecord, cursor?: TimeCursor): Promise<Page<OfferItem>> {
    return this.page(finishedOffersOf(this.em, user.id, cursor), user.id);
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
    const { id, created, item, rule } = await this.deps.events
      .transaction(this.em, async (em, events): Promise<{ id: number; created: boolean; item?: OfferItem; rule?: RuleStep }> => {
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
        // The recipient's standing rule (docs/decisions/0045) decides with what this transaction reads; a hold says why at once.
        const rule = columns.targetAutoAccept ? await this.ruleStepOf(em, id, recipient) : undefined;
        if (rule?.kind === 'hold') await setRuleNote(em, id, rule.note);
        // Read inside the transaction: the answer and the notices share it, nothing reads it after the commit.
        const item = await this.loadOne(id, em);
        events.record({ type: 'offer.sent', offerId: id, fromUserId: user.id, toUserId: recipient.id, item });
        return { id, created: true, item, rule };
      })
      .catch(async (err: unknown) => {
        // A retry with the same key racing its first attempt can meet the one-pending-offer index
        // before the key's: the first attempt's offer, once committed, is the answer.
        const stored =
          clientKey !== null && err instanceof AppError && err.status === 409
            ? await offerIdByClientKey(this.em, user.id, clientKey)
            : undefined;
        if (stored === undefined) throw err;
        return { id: stored, created: false, item: undefined, rule: undefined };
      });
    // Accepted by the rule as its owner would accept it, once the offer is committed: under the
    // group lock, and decided by the same conditional update as any other answer, so a second offer
    // or the owner's own answer at the same moment completes nothing twice.
    if (rule?.kind === 'accept') {
      const accepted = await this.acceptByStandingRule(id);
      // Not taken after all (another offer filled the request first): the offer as it is now.
      return { item: offerForViewer(accepted ?? (await this.loadOne(id)), user.id), created };
    }
    return { item: offerForViewer(item ?? (await this.loadOne(id)), user.id), created };
  }

  /** What the recipient's standing rule does with a new offer on their request (docs/decisions/0045). */
  private async ruleStepOf(
    em: EntityManager,
    offerId: number,
    owner: { id: number; airline: string | null },
  ): Promise<RuleStep | undefined> {
    const o = await offerForRule(em, offerId);
    if (!o?.autoAccept) return undefined;
    const item = await this.loadOne(offerId, em);
    const step = standingRuleStep(
      {
        status: o.status,
        requestType: o.requestType as OfferItem['requestType'],
        tradeDate: o.tradeDate,
        offerRoute: o.offerRoute,
        offerReservePeriod: o.offerReservePeriod,
        counterOfId: o.counterOfId,
        createdAt: new Date(o.createdAt).toISOString(),
        senderRequest: item.senderRequest,
        tripDays: item.offerTripDays ?? 1,
      },
      {
        autoAccept: o.autoAccept,
        status: o.requestStatus,
        type: o.type as OfferItem['requestType'],
        routeType: o.routeType as 'pairing' | 'reserve_period',
        route: o.route,
        date: o.date,
        allDates: o.allDates,
        desiredDates: o.desiredDates,
        lastDate: o.lastDate,
        updatedAt: new Date(o.updatedAt).toISOString(),
      },
      dayOfGroup(o.groupKey),
    );
    if (step.kind !== 'roster') return step;
    return afterRoster(step, await checkRosterOf(em, owner, { date: step.date, days: step.days }));
  }

  /**
   * The rule's accept, in the owner's name; undefined when the offer was answered or closed first,
   * or the rule no longer accepts it (the request edited, taken or off the board since: decided
   * again under the group lock, which every edit takes too).
   */
  async acceptByStandingRule(offerId: number): Promise<OfferItem | undefined> {
    const head = await offerHead(this.em, offerId);
    if (!head || whyNotAnswerable(head)) return undefined;
    const owner = await userForOffer(this.em, head.toUserId);
    if (!owner) return undefined;
    try {
      return await this.answerAs(owner.id, head, 'accepted', owner);
    } catch (err) {
      // Someone else's answer, or a fill, came first: the rule has nothing left to do.
      if ((err as { status?: number }).status === 409) return undefined;
      throw err;
    }
  }

  /**
   * The recipient of a pending offer answers it with another trip of the sender's (docs/decisions/0045):
   * the original is closed (countered) and the counter-offer goes the other way, on the same request,
   * in one thread. The conditional close decides every race with an accept, a decline or another counter.
   */
  async counter(user: UserRecord, id: number, body: CounterBody): Promise<OfferItem> {
    const head = await offerHead(this.em, id);
    if (!head || (head.fromUserId !== user.id && head.toUserId !== user.id)) throw notFound(MSG.offerNotFound);
    if (head.toUserId !== user.id) throw forbidden(MSG.counterOnlyRecipient);
    if (isMessageOffer(head)) throw conflict(MSG.counterMessageOffer);
    const refused = whyNotAnswerable(head);
    if (refused) throw refused;
    if (!body.tradeDate) throw invalid(MSG.dateRequired, 'tradeDate');
    const today = dayOfUser(user);
    if (body.tradeDate < today) throw invalid(datePassedText(today), 'tradeDate');
    const clientKey = body.clientKey ?? null;
    const counterId = await this.deps.events.transaction(this.em, async (em, events) => {
      const earlier = clientKey === null ? undefined : await offerIdByClientKey(em, user.id, clientKey);
      if (earlier !== undefined) return earlier;
      // The one lock order (docs/decisions/0027): the groups first, as an accept of this offer takes
      // them, then the requests and the offer's row; a counter and an accept queue, never deadlock.
      await lockGroupsOf(em, head);
      const threadId = head.threadId ?? id;
      if ((await countersInThread(em, threadId)) >= COUNTERS_PER_THREAD_MAX) throw conflict(MSG.counterTooMany);
      const locked = await requestsForOffer(em, [head.requestId!, ...(head.senderRequestId === null ? [] : [head.senderRequestId])]);
      const target = locked.find((r) => r.id === head.requestId);
      if (!target || !isCurrent(target, dayOfGroup(target.groupKey))) throw conflict(MSG.offerRequestNotAvailable);
      const pairing = target.routeType === 'pairing';
      if (pairing && !body.offerRoute) throw invalid(MSG.pairingRequired, 'offerRoute');
      if (!pairing && !body.offerReservePeriod) throw invalid(MSG.reservePeriodRequired, 'offerReservePeriod');
      const terms = {
        tradeDate: body.tradeDate!,
        offerRoute: pairing ? body.offerRoute : null,
        offerReservePeriod: pairing ? null : body.offerReservePeriod,
      };
      if (sameTerms(head, terms)) throw invalid(MSG.counterSame, 'tradeDate');
      if (!(await closeCounteredOffer(em, id, user.id))) {
        const now = await offerHead(em, id);
        throw now ? (whyNotAnswerable(now) ?? conflict(MSG.offerAlreadyAnswered)) : notFound(MSG.offerNotFound);
      }
      const sender = locked.find((r) => r.id === head.senderRequestId);
      let inserted: number | undefined;
      try {
        inserted = await insertOffer(
          em,
          {
            fromUserId: user.id,
            toUserId: head.fromUserId,
            requestId: target.id,
            senderRequestId: sender?.status === 'active' ? sender.id : null,
            message: body.message,
            ...terms,
            requestType: head.requestType,
            counterOfId: id,
            threadId,
          },
          clientKey,
        );
      } catch (err) {
        if (isUniqueViolation(err, PENDING_ONCE_INDEX)) throw conflict(MSG.offerDuplicate);
        throw err;
      }
      const counterId = inserted ?? (await offerIdByClientKey(em, user.id, clientKey!))!;
      await insertOfferNotifications(em, [{ userId: head.fromUserId, offerId: counterId, type: 'trade_request' }]);
      await logOfferActivity(em, [{ userId: user.id, targetId: head.fromUserId, offerId: counterId, activity: 'trade_request_countered' }]);
      const item = await this.loadOne(counterId, em);
      events.record(
        // The countered offer leaves both parties' pending lists at once; its counter is the notice.
        { type: 'offer.answered', offerId: id, status: 'closed', fromUserId: head.fromUserId, toUserId: user.id, silent: true },
        { type: 'offer.sent', offerId: counterId, fromUserId: user.id, toUserId: head.fromUserId, item },
      );
      return counterId;
    });
    return offerForViewer(await this.loadOne(counterId), user.id);
  }

  /** Every offer of an offer's thread of counters, oldest first, for either of its two parties. */
  async thread(user: UserRecord, id: number): Promise<OfferItem[]> {
    const head = await offerHead(this.em, id);
    if (!head || (head.fromUserId !== user.id && head.toUserId !== user.id)) throw notFound(MSG.offerNotFound);
    const items = await offerItemsOf(this.em, await threadOffers(this.em, head.threadId ?? id));
    return items.map((i) => offerForViewer(i, user.id));
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
      targetAutoAccept: target.autoAccept,
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
    return offerForViewer(await this.answerAs(user.id, head, status, false), user.id);
  }

  /**
   * The answer itself, in one transaction: by the recipient, or by their standing rule (`rule`: the
   * owner it acts for, whose rule is asked again once the lock is held).
   */
  private answerAs(
    recipientId: number,
    head: NonNullable<Awaited<ReturnType<typeof offerHead>>>,
    status: 'accepted' | 'declined',
    rule: false | { id: number; airline: string | null },
  ): Promise<OfferItem> {
    const id = head.id;
    const byRule = rule !== false;
    return this.deps.events.transaction(this.em, async (em, events) => {
      // Accepting completes requests; declining an offer sent on a match reopens it: both write what requests own.
      const lock = status === 'accepted' || head.senderRequestId !== null ? await lockGroupsOf(em, head) : undefined;
      if (rule && (await this.ruleStepOf(em, id, rule))?.kind !== 'accept') throw conflict(MSG.offerAlreadyAnswered);
      // With the sender's bell entry and the activity log, in the same statement.
      const answered = await answerPendingOffer(em, id, recipientId, status, byRule);
      if (!answered) {
        // A deletion of its request may have declined it meanwhile: that says so, as above.
        const now = await offerHead(em, id);
        throw now ? (whyNotAnswerable(now) ?? conflict(MSG.offerAlreadyAnswered)) : notFound(MSG.offerNotFound);
      }
      // Locked above: an offer's requests only ever go (to null), so the head named any it names now.
      if (status === 'accepted') await completeOfferTrade(lock!, events, id, answered);
      else if (answered.requestId !== null && answered.senderRequestId !== null) {
        await reopenOfferMatch(lock!, events, answered.requestId, answered.senderRequestId, [recipientId, answered.fromUserId]);
      }
      // The owner's own bell says what their rule did (docs/decisions/0045); the sender's answer entry came with the update.
      if (byRule) await insertOfferNotifications(em, [{ userId: recipientId, offerId: id, type: 'trade_rule_accepted' }]);
      // As the answer left it, read inside the transaction: the answer and the notices share it.
      const item = await this.loadOne(id, em);
      events.record({
        type: 'offer.answered',
        offerId: id,
        status,
        fromUserId: answered.fromUserId,
        toUserId: recipientId,
        item,
        ...(byRule ? { byRule: true } : {}),
      });
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

  private async page(rows: Promise<(OfferRow & TimeSorted)[]>, viewerId: number): Promise<Page<OfferItem>> {
    const page = pageFrom(await rows, timeKeys);
    return { items: (await offerItemsOf(this.em, page.items)).map((i) => offerForViewer(i, viewerId)), next: page.next };
  }

  private async loadOne(id: number, em: EntityManager = this.em): Promise<OfferItem> {
    const [item] = await offerItemsOf(em, await offersByIds(em, [id]));
    if (!item) throw notFound(MSG.offerNotFound);
    return item;
  }
}
