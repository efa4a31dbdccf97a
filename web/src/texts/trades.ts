// Offers: the Request Trade dialog and the Trades screen.
// One module an area, so a screen loads the texts it shows only (docs/decisions/0039-first-screen-texts.md).
import { CLOSED_TEXT, offerClosedSentence as closedOfferText } from '#protocol/closedText.ts';
import type { OfferStatus } from '#protocol/enums.ts';
import type { OfferItem } from '#protocol/shapes.ts';

export const TRADES_TEXT = {
  sendRequest: 'Send Request',
  offerTypeLegend: 'Trade Type',
  tradeDate: 'Trade Date',
  offeredPairing: 'Your Pairing',
  offeredReservePeriod: 'Your Reserve Period',
  offerMessage: 'Message',
  offerMessageRequired: 'Write a message to send a trade request',
  // What to enter, by the type chosen (docs/decisions/0025; "none" keeps the spec's required field honest).
  offerDateHintPickup: 'The day of their trip you pick up.',
  offerDateHintGive: 'The day of the trip you give.',
  offerWhatHintPickup: 'The {kind} you will fly in exchange, or none.',
  offerWhatHintDrop: 'The {kind} you give them.',
  offerWhatHintTrade: 'The {kind} you give in exchange for theirs.',
  offerMessageHintProfile: 'Say what you would like to trade.',
  offerScreenshots: 'Screenshots',
  tradesTitle: 'Trades',
  tradesSubtitle: 'Trade requests you received and sent',
  browseTradeboard: 'Browse Tradeboard',
  tabRequests: 'Requests',
  tabPending: 'Pending',
  tabCompleted: 'Completed',
  cancelOfferTitle: 'Cancel Trade Request',
  cancelOfferConfirm: 'Withdraw this trade request? The crew member will no longer see it.',
  cancelOfferConfirmLabel: 'Cancel Request',
  keepOffer: 'Keep',
  removeTradeTitle: 'Remove Trade',
  removeTradeConfirm: 'Remove this trade from your view? The other crew member still sees it.',
  removeRequestAndTradeTitle: 'Remove Request and Trade',
  removeRequestAndTradeConfirm: 'Delete your request from the tradeboard and remove this trade from your view?',
  removeRequestAndTrade: 'Remove Request & Trade',
  couldNotLoadTrades: 'Could not load your trade requests.',
  // Counter-offers (docs/decisions/0045): the recipient answers with another trip.
  counter: 'Counter',
  counterTitle: 'Counter-Offer to {name}',
  counterAnswers: 'Their Offer',
  sendCounter: 'Send Counter-Offer',
  counterTheirPairing: 'Their Pairing',
  counterTheirReservePeriod: 'Their Reserve Period',
  // The request's owner asks for another trip of the other party's; the other party, countering back, offers another of theirs.
  counterDateHintAsk: 'The day of their trip you ask for instead.',
  counterWhatHintAsk: 'The {kind} of theirs you ask for instead.',
  counterDateHintOffer: 'The day of the trip you offer instead.',
  counterWhatHintOffer: 'The {kind} you offer instead.',
  counterBadge: 'Counter-offer',
  // On a counter from the request's owner: the other crew member's trip it asks for.
  askedFor: 'Asked For',
  // A step of the History answered with a counter-offer.
  counteredStatus: 'Countered',
  history: 'History',
  historyLabel: 'The offers of this negotiation, oldest first',
  historyFailed: 'Could not load the history.',
} as const;

// closed: ended by the system (its request filled or deleted) or countered, never shown as a decline (docs/decisions/0042).
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  closed: CLOSED_TEXT.offerStatus,
};

type ClosedOffer = Pick<
  OfferItem,
  'closedReason' | 'fromUserId' | 'fromUser' | 'toUserId' | 'toUser' | 'request' | 'senderRequest' | 'requestType' | 'tradeDate'
>;

/**
 * Why the system closed an offer, from the signed-in reader's side (protocol/closedText.ts, as the
 * bell and push say it to its sender). Null while the reason is not known (a live 'offer:update'
 * carries none; the list is read again).
 */
export const offerClosedSentence = (offer: ClosedOffer, myId: number): string | null =>
  closedOfferText(offer, offer.fromUserId === myId ? 'sent' : 'received', {
    from: offer.fromUser?.firstName || 'A colleague',
    to: offer.toUser?.firstName || 'A colleague',
  });
