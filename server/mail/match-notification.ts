import { format, parseISO } from 'date-fns';
import type { RequestType } from '#protocol/enums.ts';
import type { MatchItem } from '#protocol/shapes.ts';
import { fullName } from '../lib/names.ts';

/** How a request type reads in a sentence ("Your request to pick up ..."). */
export const actionLabel = (type: RequestType) => (type === 'pickup' ? 'pick up' : type);

/** Dates as the product shows them: "Jan 5, 2025". */
export const displayDate = (isoDate: string) => format(parseISO(isoDate), 'MMM d, yyyy');

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
  return {
    recipientName: fullName(recipient) || 'there',
    matchedUserName: fullName(other),
    userAction: actionLabel(mine.type),
    userRoute: mine.route ?? mine.reservePeriod,
    userDate: displayDate(mine.date),
    matchedAction: actionLabel(theirs.type),
    matchedRoute: theirs.route ?? theirs.reservePeriod,
    matchedDate: displayDate(theirs.date),
    matchedBase: other.base,
    matchedPosition: displayPosition(other.position),
    matchedEmployeeNumber: other.employeeNumber,
  };
}
