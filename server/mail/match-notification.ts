import type { RequestType } from '#protocol/enums.ts';
import { dayRange, matchDays, matchFactsOf } from '#protocol/matchText.ts';
import { shortDate } from '#protocol/offerText.ts';
import type { MatchItem } from '#protocol/shapes.ts';
import { fullName } from '../lib/names.ts';

/** How a request type reads in a sentence ("Your request to pick up ..."). */
export const actionLabel = (type: RequestType) => (type === 'pickup' ? 'pick up' : type);

/** Dates as the product shows them: "Jan 5, 2025" (a trip's day, read without a time zone). */
export const displayDate = (isoDate: string) => `${shortDate(isoDate)}, ${isoDate.slice(0, 4)}`;

/** Days in a mail: "Dec 22, 2026", "Dec 20-22, 2026"; `fallback` when there are none. */
export const mailDays = (days: readonly string[], fallback: string) =>
  days.length > 1 ? `${dayRange(days)}, ${[...days].sort().at(-1)!.slice(0, 4)}` : displayDate(days[0] ?? fallback);

/** first_officer → "First officer", as the admin screens show positions. */
export const displayPosition = (position: string | null) =>
  position ? position.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase()) : '';

/** The people a match_notification names: its recipient and the colleague they matched. */
export interface MatchMailPerson {
  firstName: string | null;
  lastName: string | null;
  base: string | null;
  position: string | null;
  employeeNumber: string | null;
}

/**
 * The variables of the match_notification template (docs/product-spec.md section 2) for one recipient: `item` is
 * oriented for them (its request is theirs), `other` owns the matched request.
 */
export function matchNotificationVars(item: MatchItem, recipient: MatchMailPerson, other: MatchMailPerson) {
  const mine = item.request;
  const theirs = item.matchedRequest;
  // The match's own days, not the reader's request's first date: six matches of a six-day pickup name six days.
  const days = mailDays(matchDays(matchFactsOf(mine), matchFactsOf(theirs)), mine.date);
  return {
    recipientName: fullName(recipient) || 'there',
    matchedUserName: fullName(other),
    userAction: actionLabel(mine.type),
    userRoute: mine.route ?? mine.reservePeriod,
    userDate: days,
    matchedAction: actionLabel(theirs.type),
    matchedRoute: theirs.route ?? theirs.reservePeriod,
    matchedDate: days,
    matchedBase: other.base,
    matchedPosition: displayPosition(other.position),
    matchedEmployeeNumber: other.employeeNumber,
  };
}
