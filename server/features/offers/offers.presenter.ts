import { CLOSED_TEXT, offerClosedSentence } from '#protocol/closedText.ts';
import type { OfferCloseReason, OfferStatus, RequestType, RouteType } from '#protocol/enums.ts';
import { offerAnswerSentence, offerSentence, standingRuleSentence, type OfferFacts } from '#protocol/offerText.ts';
import type { OfferItem, OfferNotificationItem, UserSummary } from '#protocol/shapes.ts';
import { presentRequest } from '../requests/requests.presenter.ts';
import type { RequestItemRow } from '../requests/requests.queries.ts';
import { fullName, presentUserSummary } from '../user-kernel/user.presenter.ts';
import type { OfferNotificationRow, OfferRow } from './offers.queries.ts';

const iso = (t: string | null) => (t === null ? null : new Date(t).toISOString());

function sideOf(row: OfferRow, side: 'from' | 'to'): UserSummary {
  return presentUserSummary({
    id: side === 'from' ? row.fromUserId : row.toUserId,
    firstName: row[`${side}FirstName`],
    lastName: row[`${side}LastName`],
    employeeNumber: row[`${side}EmployeeNumber`],
    airline: row[`${side}Airline`],
    position: row[`${side}Position`],
    profileImageUrl: row[`${side}ProfileImageUrl`],
  });
}

/**
 * An offer row (offers.queries.ts) with its requests (requestsById, loaded once for a whole list)
 * as the client sees it. offerTripDays is the sender's request's tripDays when it came from one.
 */
export function presentOffer(row: OfferRow, requests: ReadonlyMap<number, RequestItemRow>): OfferItem {
  const request = row.requestId === null ? undefined : requests.get(row.requestId);
  const senderRequest = row.senderRequestId === null ? undefined : requests.get(row.senderRequestId);
  return {
    id: row.id,
    fromUserId: row.fromUserId,
    fromUser: sideOf(row, 'from'),
    toUserId: row.toUserId,
    toUser: sideOf(row, 'to'),
    requestId: row.requestId,
    request: request ? presentRequest(request) : null,
    senderRequestId: row.senderRequestId,
    senderRequest: senderRequest ? presentRequest(senderRequest) : null,
    tradeDate: row.tradeDate,
    offerRoute: row.offerRoute,
    offerReservePeriod: row.offerReservePeriod,
    // A counter names a trip of the other party's by its day and code only: its length is not known.
    offerTripDays: row.counterOfId === null ? (senderRequest?.tripDays ?? null) : null,
    requestType: row.requestType as RequestType,
    message: row.message,
    status: row.status as OfferStatus,
    closedReason: (row.closedReason as OfferCloseReason | null) ?? null,
    createdAt: new Date(row.createdAt).toISOString(),
    respondedAt: iso(row.respondedAt),
    tradeRequestImages: row.images,
    counterOfId: row.counterOfId,
    threadId: row.threadId ?? row.id,
    acceptedByRule: row.acceptedByRule,
    ruleNote: row.ruleNote,
  };
}

/** An offer as `viewerId` may read it: the standing rule's note is its recipient's only (docs/decisions/0045). */
export const offerForViewer = (item: OfferItem, viewerId: number): OfferItem =>
  item.ruleNote !== null && item.toUserId !== viewerId ? { ...item, ruleNote: null } : item;

/** The ids of the requests a list of offers names, for one requestsById. */
export const requestIdsOf = (rows: readonly OfferRow[]) =>
  rows.flatMap((r) => [r.requestId, r.senderRequestId]).filter((id): id is number => id !== null);

export const OFFER_NOTIFICATION_TITLES = {
  trade_request: 'New Trade Request',
  counter: 'New Counter-Offer',
  ruleAccepted: 'Trade Accepted Automatically',
  accepted: 'Trade Request Accepted',
  declined: 'Trade Request Declined',
  closed: CLOSED_TEXT.offerTitle,
} as const;

/** What an offer's sentence reads (protocol/offerText.ts), from its bell row. */
function factsOfRow(row: OfferNotificationRow): OfferFacts {
  return {
    requestType: row.requestType as RequestType,
    requestId: row.requestId,
    tradeDate: row.tradeDate,
    offerRoute: row.offerRoute,
    offerReservePeriod: row.offerReservePeriod,
    request:
      row.requestDate === null
        ? null
        : {
            routeType: row.requestRouteType as RouteType,
            route: row.requestRoute,
            reservePeriod: row.requestReservePeriod,
            date: row.requestDate,
            additionalDates: row.requestAdditionalDates ?? [],
            userId: row.requestUserId ?? undefined,
          },
    senderRequest: row.senderRequestDate === null ? null : { type: row.senderRequestType as RequestType, date: row.senderRequestDate },
    counterOfId: row.counterOfId,
    fromUserId: row.fromUserId,
  };
}

/**
 * A bell entry for an offer, from its reader's side with both parties named: a new one as its
 * recipient reads it, an answer as its sender reads it (the same sentences as the Trades cards).
 */
export function presentOfferNotification(row: OfferNotificationRow): OfferNotificationItem {
  const facts = factsOfRow(row);
  const names = {
    from: fullName({ firstName: row.fromFirstName, lastName: row.fromLastName }) || 'A colleague',
    to: fullName({ firstName: row.toFirstName, lastName: row.toLastName }) || 'A colleague',
  };
  const base = {
    id: row.id,
    tradeRequestId: row.tradeRequestId,
    isRead: row.isRead,
    createdAt: new Date(row.createdAt).toISOString(),
  };
  if (row.type === 'trade_request') {
    return {
      ...base,
      type: 'trade_request',
      title: row.counterOfId === null ? OFFER_NOTIFICATION_TITLES.trade_request : OFFER_NOTIFICATION_TITLES.counter,
      message: offerSentence(facts, 'received', names),
    };
  }
  if (row.type === 'trade_rule_accepted') {
    return { ...base, type: 'trade_response', title: OFFER_NOTIFICATION_TITLES.ruleAccepted, message: standingRuleSentence(facts, names) };
  }
  if (row.status === 'closed') {
    return {
      ...base,
      type: 'trade_response',
      title: OFFER_NOTIFICATION_TITLES.closed,
      message:
        offerClosedSentence({ ...facts, closedReason: (row.closedReason as OfferCloseReason | null) ?? 'request_filled' }, 'sent', {
          from: row.fromFirstName || 'A colleague',
          to: row.toFirstName || 'A colleague',
        }) ?? '',
    };
  }
  const accepted = row.status === 'accepted';
  return {
    ...base,
    type: 'trade_response',
    title: accepted ? OFFER_NOTIFICATION_TITLES.accepted : OFFER_NOTIFICATION_TITLES.declined,
    message: offerAnswerSentence(facts, accepted ? 'accepted' : 'declined', names),
  };
}
