// Which trip the roster is asked about (docs/decisions/0023): the one an offer's Accept would have the
// crew member fly, and the one their own new request would. Dates only: a request or an offer carries
// no report or release time, so the rest rule never guesses one.
import type { RequestType } from '#protocol/enums.ts';
import { isMessageOffer } from '#protocol/offerText.ts';
import type { OfferItem } from '#protocol/shapes.ts';

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

/**
 * The trip accepting an offer would have the user fly: the offered one when the sender drops or
 * trades it to them; none when the sender picks up the user's trip, nor for a message asking to trade.
 */
export function tripOfOffer(
  offer: Pick<OfferItem, 'requestType' | 'tradeDate' | 'offerTripDays' | 'requestId' | 'offerRoute' | 'offerReservePeriod'>,
): TripDates | null {
  if (offer.requestType === 'pickup' || !offer.tradeDate || isMessageOffer(offer)) return null;
  return { date: offer.tradeDate.slice(0, 10), days: tripDays(offer.offerTripDays) };
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
