// What a system close says, from its reader's side (docs/decisions/0042): an offer or a match ended
// because a request was filled, deleted or changed, never by a decline. The one text the cards,
// the bell, push and mail show.
import type { MatchCloseReason, OfferCloseReason, RequestType } from './enums.ts';
import { shortDate, type OfferSide } from './offerText.ts';

/** The request a close names: whose it is (the reader's own or a colleague's), its type and first day. */
export interface ClosedRequest {
  own: boolean;
  /** The colleague's first name, when it is theirs. */
  ownerName: string;
  type: RequestType;
  date: string | null;
}

/** "pickup on Dec 1", "pickup". */
const tripOf = (r: ClosedRequest) => `${r.type}${r.date ? ` on ${shortDate(r.date)}` : ''}`;

/** "Liam's pickup on Dec 1 was filled", "You deleted your pickup on Dec 1", "Your drop on Dec 3 changed and no longer matches". */
export function closedSentence(reason: OfferCloseReason | MatchCloseReason, r: ClosedRequest): string {
  if (reason === 'request_deleted') return r.own ? `You deleted your ${tripOf(r)}` : `${r.ownerName} deleted their ${tripOf(r)}`;
  const whose = r.own ? 'Your' : `${r.ownerName}'s`;
  return reason === 'request_changed' ? `${whose} ${tripOf(r)} changed and no longer matches` : `${whose} ${tripOf(r)} was filled`;
}

/** The type of the request an offer answers: the offer's own type is its opposite (a pickup offered on a drop). */
export const answeredType = (offerType: RequestType): RequestType =>
  offerType === 'drop' ? 'pickup' : offerType === 'pickup' ? 'drop' : 'trade';

/** A closed offer as its sentence reads it. */
export interface ClosedOfferFacts {
  closedReason: OfferCloseReason | null;
  requestType: RequestType;
  tradeDate: string | null;
  /** The recipient's request the offer answered (null once deleted). */
  request: { date: string } | null;
  /** The sender's own request it was sent from, on a match. */
  senderRequest: { type: RequestType; date: string } | null;
}

/**
 * Why the system closed an offer, from its reader's side (docs/decisions/0042): the recipient's
 * request filled or deleted ("Your pickup on Dec 1 was filled" to the recipient, "Liam's pickup on
 * Dec 1 was filled" to the sender), or the sender's own request filled (the other way round).
 * `firstNames`: the two parties' first names (the caller's fallback for a nameless account). Null
 * while the reason is not known (a live 'offer:update' carries none).
 */
export function offerClosedSentence(offer: ClosedOfferFacts, side: OfferSide, firstNames: { from: string; to: string }): string | null {
  const reason = offer.closedReason;
  if (!reason) return null;
  // Countered (docs/decisions/0045): its recipient answered with another trip; the thread goes on.
  if (reason === 'countered')
    return side === 'received' ? 'You answered with a counter-offer' : `${firstNames.to} answered with a counter-offer`;
  if (reason === 'sender_request_filled') {
    const r = offer.senderRequest;
    return closedSentence(reason, {
      own: side === 'sent',
      ownerName: firstNames.from,
      type: r?.type ?? offer.requestType,
      date: r?.date ?? offer.tradeDate,
    });
  }
  return closedSentence(reason, {
    own: side === 'received',
    ownerName: firstNames.to,
    type: answeredType(offer.requestType),
    date: offer.request?.date ?? offer.tradeDate,
  });
}

export const CLOSED_TEXT = {
  offerStatus: 'Closed',
  matchBadge: 'Closed',
  offerTitle: 'Trade Request Closed',
  matchTitle: 'Match Closed',
} as const;
