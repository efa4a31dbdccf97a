// Standing rules (docs/decisions/0045): what a request's "Accept automatically" accepts by itself,
// and the note an offer it leaves pending carries for the owner. Pure: the server decides with it,
// the tests read it, and the web shows the same texts.
import { isCurrent } from './rules.ts';
import { offeredText } from './offerText.ts';
import type { RequestType, RouteType } from './enums.ts';

export const RULE_TEXT = {
  badge: 'Auto',
  badgeTitle: 'Accept automatically is on: offers that give what this request asks are accepted by themselves',
  field: 'Accept automatically',
  fieldHint:
    'Drops: the first colleague who takes the trip as posted gets it. Pickups and trades: an offer is accepted when it gives what you ask and your roster is free.',
  asksInReturn: 'Not accepted automatically: it asks for a trip in return',
  notYourDays: 'Not accepted automatically: its trip is not on a day your request asks for',
  notYourTrip: 'Not accepted automatically: it is not the pairing your request asks for',
  nothingOffered: 'Not accepted automatically: it offers no trip',
  dayUnknown: 'Not accepted automatically: it does not say which day its trip is',
  noRosterInexact: 'Not accepted automatically: with no roster, only a trip on exactly your requested days is accepted',
  conflict: (reason: string) => `Not accepted automatically: ${reason}`,
  acceptedBadge: 'Accepted by your standing rule',
} as const;

/** The offer as a rule reads it. */
export interface RuleOffer {
  status: string;
  requestType: RequestType;
  tradeDate: string | null;
  offerRoute: string | null;
  offerReservePeriod: string | null;
  counterOfId: number | null;
  createdAt: string;
  /** The sender's trade request the offer came from, if any: its day is the day of the trip offered. */
  senderRequest?: { type: RequestType; date: string } | null;
  /** How many days the offered trip runs (the sender's request's, else one). */
  tripDays: number;
}

/** The request as a rule reads it. */
export interface RuleRequest {
  autoAccept: boolean;
  status: string;
  type: RequestType;
  routeType: RouteType;
  route: string | null;
  date: string;
  allDates: readonly string[];
  desiredDates: readonly string[];
  lastDate: string;
  updatedAt: string;
}

/** What the rule does with an offer: nothing (not its to decide), accept, check the roster first, or leave it with a note. */
export type RuleStep =
  | { kind: 'none' }
  | { kind: 'accept' }
  | { kind: 'roster'; date: string; days: number; exactDates: boolean }
  | { kind: 'hold'; note: string };

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
const ANY = /^(any|anything|open|\*)?$/i;

const daysFrom = (date: string, days: number) =>
  Array.from({ length: days }, (_, i) => new Date(Date.parse(`${date}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));

/**
 * The rule's step for a new offer on a request (docs/decisions/0045). Never for a request whose rule
 * is off, that is not on the board (taken, paused or past), or that was edited since the offer was
 * sent; never for a counter-offer (a negotiation is the owner's). `today`: the request's base day.
 * - A drop: a pickup of the trip on one of its days that asks nothing in return is accepted at once.
 * - A pickup: a trip given on its days (its pairing, when it names one), once the roster is free.
 * - A trade: a trip offered on a day it asks for, once the roster is free on the trip's days.
 */
export function standingRuleStep(offer: RuleOffer, request: RuleRequest, today: string): RuleStep {
  if (!request.autoAccept || !isCurrent(request, today) || offer.status !== 'pending' || offer.counterOfId !== null)
    return { kind: 'none' };
  if (Date.parse(offer.createdAt) < Date.parse(request.updatedAt)) return { kind: 'none' };
  const offered = offeredText(offer);
  const onItsDays = offer.tradeDate !== null && request.allDates.includes(offer.tradeDate);
  if (request.type === 'drop') {
    if (offer.requestType !== 'pickup' || !onItsDays) return { kind: 'hold', note: RULE_TEXT.notYourDays };
    if (offered !== null && !same(offered, request.routeType === 'pairing' ? request.route : null))
      return { kind: 'hold', note: RULE_TEXT.asksInReturn };
    return { kind: 'accept' };
  }
  if (offered === null) return { kind: 'hold', note: RULE_TEXT.nothingOffered };
  if (request.type === 'pickup') {
    if (offer.requestType !== 'drop' || !onItsDays) return { kind: 'hold', note: RULE_TEXT.notYourDays };
    if (request.routeType === 'pairing' && !ANY.test((request.route ?? '').trim()) && !same(offered, request.route))
      return { kind: 'hold', note: RULE_TEXT.notYourTrip };
    const exactDates = daysFrom(offer.tradeDate!, offer.tripDays).every((d) => request.allDates.includes(d));
    return { kind: 'roster', date: offer.tradeDate!, days: offer.tripDays, exactDates };
  }
  // A trade: the day of the trip offered is the sender's trade's, or the offer's own date when it is not one of ours.
  const day = offer.senderRequest?.type === 'trade' ? offer.senderRequest.date : onItsDays ? null : offer.tradeDate;
  if (offer.requestType !== 'trade') return { kind: 'hold', note: RULE_TEXT.notYourDays };
  if (day === null) return { kind: 'hold', note: RULE_TEXT.dayUnknown };
  if (!request.desiredDates.includes(day)) return { kind: 'hold', note: RULE_TEXT.notYourDays };
  const exactDates = daysFrom(day, offer.tripDays).every((d) => request.desiredDates.includes(d));
  return { kind: 'roster', date: day, days: offer.tripDays, exactDates };
}

/** After the roster check: accept, or hold with the first reason (or the no-roster rule). */
export function afterRoster(
  step: Extract<RuleStep, { kind: 'roster' }>,
  check: { hasRoster: boolean; ok: boolean; reasons: string[] },
): RuleStep {
  if (!check.hasRoster) return step.exactDates ? { kind: 'accept' } : { kind: 'hold', note: RULE_TEXT.noRosterInexact };
  return check.ok ? { kind: 'accept' } : { kind: 'hold', note: RULE_TEXT.conflict(check.reasons[0] ?? 'your roster is not free') };
}
