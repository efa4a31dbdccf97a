// What an offer (trade_requests) says, from the reader's side, with both parties named: the one text
// the Trades cards, the bell, push and mail all show (docs/decisions/0025). A received offer still carries the
// spec's opposite type badge (shownOfferType); these sentences say who gives what to whom.
//
// The product keeps no gender, so the other party's trip is "their" trip.
import type { OfferStatus, RequestType } from './enums.ts';
import type { TradeRequestItem } from './shapes.ts';

/** The fields of an offer the texts read (OfferItem has them all; the bell's row is built to match). */
export interface OfferFacts {
  requestType: RequestType;
  requestId: number | null;
  tradeDate: string | null;
  offerRoute: string | null;
  offerReservePeriod: string | null;
  /** The recipient's request the offer answers; null from a crew profile or once it was deleted. */
  request: (Pick<TradeRequestItem, 'routeType' | 'route' | 'reservePeriod' | 'date' | 'additionalDates'> & { userId?: number }) | null;
  /** The sender's own request when the offer was sent on a match. */
  senderRequest: Pick<TradeRequestItem, 'type' | 'date'> | null;
  /** A counter-offer (docs/decisions/0045) counters this offer; with its sender, and the request's owner (request.userId). */
  counterOfId?: number | null;
  fromUserId?: number;
}

/** A counter-offer: read with its own sentences. */
const isCounter = (o: OfferFacts) => o.counterOfId !== undefined && o.counterOfId !== null;

/** Who reads the text: the recipient of the offer, or its sender. */
export type OfferSide = 'received' | 'sent';

/** The full names of the offer's two parties (the caller supplies its fallback for a nameless account). */
export interface OfferNames {
  from: string;
  to: string;
}

/** A trip as the texts name it: "ATL4999", "reserve period R1" or, unknown, "a pairing"; and its day. */
export interface OfferTrip {
  label: string;
  date: string | null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-12-16" → "Dec 16": trips are days, read without a time zone. */
export function shortDate(iso: string): string {
  const month = MONTHS[Number(iso.slice(5, 7)) - 1];
  const day = Number(iso.slice(8, 10));
  return month && day ? `${month} ${day}` : iso;
}

/**
 * What a sender types in "Your Pairing" when they give nothing in exchange: the spec requires the
 * field, so the dialog asks for the pairing "or none" (docs/decisions/0025).
 */
export const NO_TRIP_ENTRY = 'none';
const NOTHING = /^(none|no|nothing|n\/?a|-+|—)$/i;

/** The pairing or reserve period the sender offered, or null when they wrote that they give none. */
export function offeredText(o: Pick<OfferFacts, 'offerRoute' | 'offerReservePeriod'>): string | null {
  const text = (o.offerRoute ?? o.offerReservePeriod ?? '').trim();
  return text && !NOTHING.test(text) ? text : null;
}

/** Sent from a crew profile: a message asking to trade, with no request and nothing offered. */
export const isMessageOffer = (o: Pick<OfferFacts, 'requestId' | 'offerRoute' | 'offerReservePeriod'>) =>
  o.requestId === null && !o.offerRoute && !o.offerReservePeriod;

const isReserve = (o: OfferFacts) => (o.request ? o.request.routeType === 'reserve_period' : !o.offerRoute && !!o.offerReservePeriod);

/** A trip's label: a pairing by its code, a reserve period named as one. */
function labelOf(text: string | null | undefined, reserve: boolean): string | null {
  const t = text?.trim();
  if (!t) return null;
  return reserve ? `reserve period ${t}` : t;
}

/**
 * The two trips an offer names. `recipients`: the recipient's request (the day traded, when the
 * offer's date is one of its days, else its first). `offered`: what the sender gives, null when
 * nothing; its day is known for a drop (the offer's date: the day given away) and for a trade (the
 * sender's own request, or the offer's date when it is not one of the recipient's days).
 */
export function offerTrips(o: OfferFacts): { recipients: OfferTrip; offered: OfferTrip | null } {
  const reserve = isReserve(o);
  const days = o.request ? [o.request.date, ...(o.request.additionalDates ?? [])] : [];
  const onTheirDays = o.tradeDate !== null && days.includes(o.tradeDate);
  const recipients: OfferTrip = {
    label: labelOf(reserve ? o.request?.reservePeriod : o.request?.route, reserve) ?? (reserve ? 'reserve period' : 'pairing'),
    date: onTheirDays ? o.tradeDate : (o.request?.date ?? o.tradeDate),
  };
  const text = offeredText(o);
  if (text === null) return { recipients, offered: null };
  let date: string | null = null;
  if (o.requestType === 'drop') date = o.tradeDate ?? o.request?.date ?? null;
  else if (o.requestType === 'trade') date = o.senderRequest?.type === 'trade' ? o.senderRequest.date : onTheirDays ? null : o.tradeDate;
  return { recipients, offered: { label: labelOf(text, reserve)!, date } };
}

/** "ATL4999 (Dec 16)", or the label alone when the day is unknown. */
export const tripText = (trip: OfferTrip) => (trip.date ? `${trip.label} (${shortDate(trip.date)})` : trip.label);

/** "a pairing (Dec 16)": the sender gave nothing by name. */
const someTrip = (o: OfferFacts, trip: OfferTrip) => {
  const kind = isReserve(o) ? 'a reserve period' : 'a pairing';
  return trip.date ? `${kind} (${shortDate(trip.date)})` : kind;
};

/** The request's trip ("OGG100 (Dec 8)") and the other party's trip a counter names ("OGG300 (Dec 12)"; null: nothing). */
function counterTrips(o: OfferFacts): { request: string; asked: string | null } {
  const reserve = isReserve(o);
  const label = labelOf(reserve ? o.request?.reservePeriod : o.request?.route, reserve) ?? (reserve ? 'reserve period' : 'pairing');
  const request = o.request?.date ? tripText({ label, date: o.request.date }) : label;
  const text = offeredText(o);
  return { request, asked: text === null ? null : tripText({ label: labelOf(text, reserve)!, date: o.tradeDate }) };
}

/**
 * A counter-offer's sentence from its reader's side (docs/decisions/0045). The request's owner asks
 * for the other party's trip instead ("Cora asks for your OGG300 (Dec 12) instead, for their
 * OGG100 (Dec 8)"); the other party, countering back, offers another of theirs. A pickup names
 * no trip of the owner's to give.
 */
export function counterSentence(o: OfferFacts, side: OfferSide, names: OfferNames): string {
  const { request, asked } = counterTrips(o);
  const byOwner = o.fromUserId !== undefined && o.fromUserId === o.request?.userId;
  const gives = o.request !== null && answeredType(o.requestType) !== 'pickup';
  const them = side === 'received' ? names.from : names.to;
  if (byOwner) {
    const what = asked ? (side === 'received' ? `your ${asked}` : `${names.to}'s ${asked}`) : 'nothing in return';
    const forTrip = gives ? `, for ${side === 'received' ? 'their' : 'your'} ${request}` : '';
    return side === 'received' ? `${them} asks for ${what} instead${forTrip}` : `You asked for ${what} instead${forTrip}`;
  }
  const what = asked ? (side === 'received' ? `their ${asked}` : `your ${asked}`) : 'nothing in return';
  const forTrip = gives ? `, for ${side === 'received' ? 'your' : `${names.to}'s`} ${request}` : '';
  return side === 'received' ? `${them} offers ${what} instead${forTrip}` : `You offered ${what} instead${forTrip}`;
}

/** The type of the request an offer answers: the offer's own type is its opposite (a pickup offered on a drop). */
const answeredType = (offerType: RequestType): RequestType => (offerType === 'drop' ? 'pickup' : offerType === 'pickup' ? 'drop' : 'trade');

/**
 * What the request's owner reads when their standing rule accepted an offer (docs/decisions/0045):
 * "Your drop of ATL900 on Dec 3 was taken by Bea".
 */
export function standingRuleSentence(o: OfferFacts, names: Pick<OfferNames, 'from'>): string {
  const type = answeredType(o.requestType);
  const { recipients, offered } = offerTrips(o);
  const day = recipients.date ? ` on ${shortDate(recipients.date)}` : '';
  if (type === 'drop') return `Your drop of ${recipients.label}${day} was taken by ${names.from}`;
  if (type === 'pickup') return `Your pickup${day} was filled by ${names.from}${offered ? `: you fly their ${tripText(offered)}` : ''}`;
  return `Your trade of ${recipients.label}${day} was taken by ${names.from}${offered ? ` for their ${tripText(offered)}` : ''}`;
}

/** The sentence of an offer as its reader sees it (cards, the bell, push, mail). */
export function offerSentence(o: OfferFacts, side: OfferSide, names: OfferNames): string {
  if (isCounter(o)) return counterSentence(o, side, names);
  if (isMessageOffer(o))
    return side === 'received' ? `${names.from} sent you a message asking to trade` : `You sent ${names.to} a message asking to trade`;
  const { recipients, offered } = offerTrips(o);
  const yours = tripText(recipients);
  if (side === 'received') {
    const s = names.from;
    if (o.requestType === 'pickup')
      return `${s} wants to pick up your ${yours}${offered ? ` and offers their ${tripText(offered)} in exchange` : ''}`;
    if (o.requestType === 'drop')
      return `${s} wants to give you ${offered ? `their ${tripText(offered)}` : someTrip(o, { ...recipients, date: o.tradeDate ?? recipients.date })}`;
    return offered ? `${s} offers their ${tripText(offered)} for your ${yours}` : `${s} wants to trade for your ${yours}`;
  }
  const r = names.to;
  if (o.requestType === 'pickup')
    return `You offered to pick up ${r}'s ${yours}${offered ? ` and give your ${tripText(offered)} in exchange` : ''}`;
  if (o.requestType === 'drop')
    return `You offered to give ${r} ${offered ? `your ${tripText(offered)}` : someTrip(o, { ...recipients, date: o.tradeDate ?? recipients.date })}`;
  return offered ? `You offered your ${tripText(offered)} for ${r}'s ${yours}` : `You offered to trade for ${r}'s ${yours}`;
}

/**
 * The two lines of an offer's mail, as its recipient reads them: what the sender (names.from) gives
 * them and what they give the sender. The recipient's request is theirs to give only when the
 * sender picks it up or trades for it: a drop answers a request to pick up, so they give nothing.
 * Not for a message-only offer (it names no trip).
 */
export function offerExchange(o: OfferFacts, names: Pick<OfferNames, 'from'>): { youGet: string; youGive: string } {
  const s = names.from;
  const { recipients, offered } = offerTrips(o);
  if (o.requestType === 'drop') {
    const given = offered ? `their ${tripText(offered)}` : someTrip(o, { ...recipients, date: o.tradeDate ?? recipients.date });
    return { youGet: `${s} offers you ${given}`, youGive: 'You give nothing in return' };
  }
  return {
    youGet: offered ? `${s} offers you their ${tripText(offered)}` : `${s} offers nothing in return`,
    youGive: `You give ${s} your ${tripText(recipients)}`,
  };
}

/** The sentence the sender reads when the recipient (names.to) answered. */
export function offerAnswerSentence(o: OfferFacts, status: Exclude<OfferStatus, 'pending'>, names: OfferNames): string {
  const r = names.to;
  if (isCounter(o)) {
    const said = counterSentence(o, 'sent', names);
    return `${r} ${status === 'accepted' ? 'accepted' : 'declined'} your counter-offer: ${said[0]!.toLowerCase()}${said.slice(1)}`;
  }
  if (isMessageOffer(o))
    return status === 'declined' ? `${r} dismissed your message asking to trade` : `${r} answered your message asking to trade`;
  const verb = status === 'accepted' ? 'accepted' : 'declined';
  const { recipients, offered } = offerTrips(o);
  const theirs = tripText(recipients);
  if (o.requestType === 'pickup')
    return `${r} ${verb} your offer to pick up their ${theirs}${offered ? ` for your ${tripText(offered)}` : ''}`;
  if (o.requestType === 'drop')
    return `${r} ${verb} your offer to give them ${offered ? `your ${tripText(offered)}` : someTrip(o, { ...recipients, date: o.tradeDate ?? recipients.date })}`;
  return offered ? `${r} ${verb} your ${tripText(offered)} for their ${theirs}` : `${r} ${verb} your offer to trade for their ${theirs}`;
}

/** Texts of a message-only offer's card and answers. */
export const OFFER_TEXT = {
  messageBadge: 'Message',
  dismissedStatus: 'Dismissed',
  reply: 'Reply',
  dismiss: 'Dismiss',
  dismissed: 'Message dismissed',
  dismissFailed: 'Failed to dismiss the message',
} as const;
