// What My Month shows on each day (issue 43): the roster's entries, the crew member's own active
// requests, their pending offers and their completed trades, each with the duty it collides with
// (docs/decisions/0023: the rules of protocol/roster-rules.ts, worked out here in the browser as the
// tradeboard does). Pure, for its tests.
import { isMessageOffer, offerTrips } from '#protocol/offerText.ts';
import type { RosterDuty, RosterInfo } from '#protocol/roster.ts';
import { isWorkingKind, type DutyKind } from '#protocol/roster-kinds.ts';
import { addDays, checkTrip, dutyName, overlaps, tripOf, workingDuties, type Trip } from '#protocol/roster-rules.ts';
import type { OfferItem, TradeRequestItem } from '#protocol/shapes.ts';
import { routeText } from '../../lib/format.ts';
import { tripOfOffer } from '../../components/roster/rosterTrips.ts';
import { longDay, tripDaysFrom } from './month.ts';

export interface RequestOnDay {
  request: TradeRequestItem;
  /** The duty it collides with, by name ("ATL1234"), else null. */
  conflict: string | null;
}

export interface OfferOnDay {
  offer: OfferItem;
  /** Received: waiting for the crew member's answer; sent: waiting for the colleague's. */
  side: 'received' | 'sent';
  conflict: string | null;
}

export interface DayEntries {
  duties: RosterDuty[];
  requests: RequestOnDay[];
  offers: OfferOnDay[];
  /** Accepted offers, either way: trades done on this day. */
  trades: OfferItem[];
}

export const EMPTY_DAY: DayEntries = { duties: [], requests: [], offers: [], trades: [] };

export const hasEntries = (d: DayEntries) => d.duties.length + d.requests.length + d.offers.length + d.trades.length > 0;
export const hasConflict = (d: DayEntries) => d.requests.some((r) => r.conflict) || d.offers.some((o) => o.conflict);

/** The first rule a trip taken over breaks (overlap, days in a row, rest), by its duty's name. */
function takenConflict(duties: readonly RosterDuty[], trip: Trip | null, roster: RosterInfo): string | null {
  if (!trip || duties.length === 0) return null;
  const [first] = checkTrip(duties, trip, roster.limits);
  return first ? dutyName(first.duty) : null;
}

/**
 * The duty one of the crew member's own requests collides with, on the trip from `date`:
 * - a pickup, and the days a trade asks for, are trips they would fly: every rule counts, as on the
 *   tradeboard (checkTrip);
 * - the trip a drop or a trade gives away is said to be theirs on that day: another duty on one of
 *   its days collides with it (an overlap). The duty the request names ("Drop this trip" on the roster
 *   fills its pairing) is that trip itself, not a conflict.
 */
export function ownRequestConflict(
  roster: RosterInfo | null,
  request: Pick<TradeRequestItem, 'type' | 'tripDays' | 'desiredDates' | 'routeType' | 'route' | 'reservePeriod'>,
  date: string,
): string | null {
  if (!roster || roster.duties.length === 0) return null;
  const days = Math.max(1, request.tripDays ?? 1);
  if (request.type === 'pickup') return takenConflict(roster.duties, tripOf(date, days), roster);
  const route = routeText(request).trim().toUpperCase();
  const itself = (d: RosterDuty) => route !== '' && (dutyName(d).toUpperCase() === route || d.title.trim().toUpperCase() === route);
  const others = roster.duties.filter((d) => !itself(d));
  const [given] = overlaps(workingDuties(others), tripOf(date, days));
  if (given) return dutyName(given.duty);
  if (request.type !== 'trade') return null;
  for (const wanted of request.desiredDates ?? []) {
    const name = takenConflict(others, tripOf(wanted.slice(0, 10), days), roster);
    if (name) return name;
  }
  return null;
}

/** The day an offer is about: its trade date, else the first day of the request it answers. */
export const offerDay = (offer: Pick<OfferItem, 'tradeDate' | 'request'>): string | null =>
  (offer.tradeDate ?? offer.request?.date ?? null)?.slice(0, 10) ?? null;

/**
 * The duty a pending offer would collide with once accepted: a received one by the trip its Accept
 * has the crew member fly (as Trades marks it); a sent one by the colleague's trip it would have them
 * fly (a pickup or a trade of it, as the tradeboard marks that request).
 */
export function offerConflict(roster: RosterInfo | null, offer: OfferItem, side: 'received' | 'sent'): string | null {
  if (!roster || roster.duties.length === 0) return null;
  if (side === 'received') {
    const trip = tripOfOffer(offer);
    return takenConflict(roster.duties, trip ? tripOf(trip.date, trip.days) : null, roster);
  }
  const theirs = offer.request;
  if (!theirs || theirs.type === 'pickup' || isMessageOffer(offer)) return null;
  const day = offerDay(offer) ?? theirs.date.slice(0, 10);
  return takenConflict(roster.duties, tripOf(day, Math.max(1, theirs.tripDays ?? 1)), roster);
}

export interface MonthSources {
  roster: RosterInfo | null;
  /** The crew member's own active requests. */
  requests: readonly TradeRequestItem[];
  received: readonly OfferItem[];
  sent: readonly OfferItem[];
  /** Answered offers, either way (only the accepted ones are trades). */
  finished: readonly OfferItem[];
}

/** Each day from `first` to `last` (inclusive) with what it holds; days with nothing are left out. */
export function entriesByDay(first: string, last: string, src: MonthSources): Map<string, DayEntries> {
  const days = new Map<string, DayEntries>();
  const at = (day: string) => {
    let d = days.get(day);
    if (!d) days.set(day, (d = { duties: [], requests: [], offers: [], trades: [] }));
    return d;
  };
  const inRange = (day: string) => day >= first && day <= last;

  for (const duty of src.roster?.duties ?? []) {
    if (duty.endDay < first || duty.startDay > last) continue;
    const from = duty.startDay > first ? duty.startDay : first;
    for (let day = from, n = 0; day <= duty.endDay && day <= last && n < 62; day = addDays(day, 1), n++) at(day).duties.push(duty);
  }

  for (const request of src.requests) {
    if (request.status !== 'active') continue;
    const seen = new Set<string>();
    for (const date of [request.date, ...(request.additionalDates ?? [])]) {
      const start = date.slice(0, 10);
      const trip = tripDaysFrom(start, request.tripDays);
      if (trip[trip.length - 1]! < first || start > last) continue;
      const conflict = ownRequestConflict(src.roster, request, start);
      for (const day of trip) {
        if (!inRange(day) || seen.has(day)) continue;
        seen.add(day);
        at(day).requests.push({ request, conflict });
      }
    }
  }

  const offers = [
    ...src.received.map((offer) => ({ offer, side: 'received' as const })),
    ...src.sent.map((offer) => ({ offer, side: 'sent' as const })),
  ];
  for (const { offer, side } of offers) {
    const day = offerDay(offer);
    if (offer.status !== 'pending' || !day || !inRange(day)) continue;
    at(day).offers.push({ offer, side, conflict: offerConflict(src.roster, offer, side) });
  }

  for (const offer of src.finished) {
    const day = offerDay(offer);
    if (offer.status === 'accepted' && day && inRange(day)) at(day).trades.push(offer);
  }
  return days;
}

/** How a day's label names a duty's kind ("ATL1234 flight duty"). */
const KIND_WORDS: Record<DutyKind, string> = {
  flight: 'flight duty',
  reserve: 'reserve',
  training: 'training',
  off: 'day off',
  leave: 'leave',
};

/** "ATL1234 flight duty", "SBY 0500-1700 reserve"; time off by its kind alone ("day off", "leave"). */
export const dutyPhrase = (duty: Pick<RosterDuty, 'kind' | 'pairing' | 'title'>) =>
  isWorkingKind(duty.kind) ? `${dutyName(duty)} ${KIND_WORDS[duty.kind]}` : KIND_WORDS[duty.kind];

const REQUEST_WORDS = { drop: 'drop', pickup: 'pickup', trade: 'trade' } as const;

/** What an offer is about, by the trip it names ("ATL1234"). */
export const offerTripLabel = (offer: OfferItem) => offerTrips(offer).recipients.label;

/**
 * A day as a screen reader reads its cell: "Thursday, December 10: ATL1234 flight duty; your drop,
 * conflicts with ATL5678". `otherName` names the colleague of an offer or a trade.
 */
export function dayLabel(day: string, entries: DayEntries, opts: { today?: boolean; otherName: (offer: OfferItem) => string }): string {
  const parts: string[] = [];
  for (const duty of entries.duties) parts.push(dutyPhrase(duty));
  for (const { request, conflict } of entries.requests) {
    parts.push(`your ${REQUEST_WORDS[request.type]}${conflict ? `, conflicts with ${conflict}` : ''}`);
  }
  for (const { offer, side, conflict } of entries.offers) {
    const who = opts.otherName(offer);
    parts.push(`${side === 'received' ? `offer from ${who}` : `your offer to ${who}`}${conflict ? `, conflicts with ${conflict}` : ''}`);
  }
  for (const offer of entries.trades) parts.push(`trade with ${opts.otherName(offer)}`);
  const head = `${longDay(day)}${opts.today ? ', today' : ''}`;
  return parts.length ? `${head}: ${parts.join('; ')}` : head;
}
