// Which trip the roster is asked about (docs/decisions/0023): the one an offer's Accept would have the
// crew member fly, and the one their own new request would. Dates only: a request or an offer carries
// no report or release time, so the rest rule never guesses one.
import type { RequestType } from '#protocol/enums.ts';
import { isMessageOffer, offeredText } from '#protocol/offerText.ts';
import type { OfferItem, TradeRequestItem } from '#protocol/shapes.ts';

/** A trip by its first day and length in days. */
export interface TripDates {
  date: string;
  days: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** GET /api/roster/check takes 1 to 30 days; anything else (no choice made) is a one-day trip. */
const tripDays = (days: number | string | null | undefined) => {
  const n = Number(days);
  return Number.isInteger(n) && n >= 1 && n <= 30 ? n : 1;
};

type OfferTrips = Pick<OfferItem, 'requestType' | 'tradeDate' | 'offerTripDays' | 'requestId' | 'offerRoute' | 'offerReservePeriod'> &
  Partial<Pick<OfferItem, 'counterOfId' | 'fromUserId'>> & {
    request?: Pick<TradeRequestItem, 'userId' | 'type' | 'date' | 'tripDays'> | null;
  };

/** The request's own trip, which its owner gives away: none for a pickup (the owner gives nothing). */
const requestTrip = (request: Pick<TradeRequestItem, 'type' | 'date' | 'tripDays'>): TripDates | null =>
  request.type === 'pickup' ? null : { date: request.date.slice(0, 10), days: tripDays(request.tripDays) };

/**
 * The trip accepting an offer would have the user fly: the offered one when the sender drops or
 * trades it to them; none when the sender picks up the user's trip, nor for a message asking to trade.
 * A counter-offer from the request's owner (docs/decisions/0045) names the user's own trip it asks
 * for: accepting it, the user flies the owner's trip (unless their offer only dropped theirs).
 */
export function tripOfOffer(offer: OfferTrips): TripDates | null {
  if (isMessageOffer(offer)) return null;
  if (offer.counterOfId != null && offer.request && offer.fromUserId === offer.request.userId)
    return offer.requestType === 'drop' ? null : requestTrip(offer.request);
  if (offer.requestType === 'pickup' || !offer.tradeDate) return null;
  return { date: offer.tradeDate.slice(0, 10), days: tripDays(offer.offerTripDays) };
}

/**
 * The trip a counter-offer would have the user, its sender, fly (docs/decisions/0045), from the
 * dialog's fields as they stand: the request's owner flies the other party's trip they ask for (a
 * day's trip: its length is not known), unless they ask for none; the other party, countering back,
 * flies the owner's trip as their first offer would have. Null until a whole date is given.
 */
export function tripOfCounter(
  offer: Pick<OfferItem, 'requestType'> & { request: Pick<TradeRequestItem, 'userId' | 'type' | 'date' | 'tripDays'> | null },
  myId: number,
  form: { tradeDate: string; trip: string },
): TripDates | null {
  if (!offer.request) return null;
  if (offer.request.userId !== myId) return offer.requestType === 'drop' ? null : requestTrip(offer.request);
  if (!DAY.test(form.tradeDate) || offeredText({ offerRoute: form.trip, offerReservePeriod: null }) === null) return null;
  return { date: form.tradeDate, days: 1 };
}

/**
 * The trip posting one's own request would have one fly, from the form as it stands: a pickup's
 * first date; a trade's first requested date (its own date is the trip it gives away, which the
 * roster holds anyway); nothing for a drop. The form's trip days, one when not chosen. Null until a
 * whole date is given.
 */
export function tripOfOwnRequest(form: {
  type: RequestType;
  date: string;
  desiredDates: readonly string[];
  tripDays: string;
}): TripDates | null {
  const date = form.type === 'pickup' ? form.date : form.type === 'trade' ? form.desiredDates.find((d) => DAY.test(d)) : undefined;
  if (!date || !DAY.test(date)) return null;
  return { date, days: tripDays(form.tripDays) };
}
