// Texts about a three-way trade chain shared by its card on /matches and the bell.
import type { ChainItem, TradeRequestItem } from '#protocol/shapes.ts';
import { tripText as offerTripText } from '#protocol/offerText.ts';
import { memberIndex, nextMember, previousMember } from './chainMembers.ts';
import { CHAINS_TEXT } from '../texts/chains.ts';
import { formatDate, fullName, routeText } from './format.ts';

/** "A", "A and B", "A, B and C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** A request's dates (its date, then any additional ones), formatted. */
export function requestDates(request: Pick<TradeRequestItem, 'date' | 'additionalDates'>): string {
  return [request.date, ...(request.additionalDates ?? [])].map(formatDate).join(', ');
}

/** "ROUTE on DATE", or that the request is gone. */
export function tripText(request: TradeRequestItem | null | undefined): string {
  if (!request) return CHAINS_TEXT.chainRequestGone.toLowerCase();
  const route = routeText(request);
  return route ? `${route} on ${requestDates(request)}` : requestDates(request);
}

/** The names of the chain's other members, in cycle order from the user's next. */
export function otherNames(chain: ChainItem, userId: number | undefined): string[] {
  const me = memberIndex(chain, userId);
  const n = chain.members.length;
  const order = me === -1 ? chain.members : chain.members.map((_, k) => chain.members[(me + k) % n]!).slice(1);
  return order.filter((m) => m.user.id !== userId).map((m) => fullName(m.user));
}

/** "Three-way trade with B and C". */
export function chainTitle(chain: ChainItem, userId: number | undefined): string {
  return CHAINS_TEXT.chainTitle.replace('{names}', joinNames(otherNames(chain, userId)));
}

/** "ATL100 (Dec 10)": a member's trip as the offer texts name one (protocol/offerText.ts). */
function legTrip(request: TradeRequestItem | null | undefined): string {
  if (!request) return CHAINS_TEXT.chainRequestGone.toLowerCase();
  const reserve = request.routeType === 'reserve_period';
  const label = routeText(request) || (reserve ? 'reserve period' : 'pairing');
  return offerTripText({ label: reserve && routeText(request) ? `reserve period ${label}` : label, date: request.date });
}

/** A completed chain as the user's trade: "You gave ATL100 (Dec 10) to Bo Crew and got ATL300 (Dec 12) from Cy Crew". */
export function chainLegText(chain: ChainItem, userId: number): string {
  const me = memberIndex(chain, userId);
  if (me === -1) return '';
  const next = nextMember(chain, me);
  const previous = previousMember(chain, me);
  return CHAINS_TEXT.chainLegDone
    .replace('{give}', legTrip(chain.members[me]?.request))
    .replace('{to}', fullName(next?.user))
    .replace('{get}', legTrip(previous?.request))
    .replace('{from}', fullName(previous?.user));
}

/** The bell's line: what the user gives and what they get. */
export function chainBellMessage(chain: ChainItem, userId: number | undefined): string {
  const me = memberIndex(chain, userId);
  if (me === -1) return '';
  return CHAINS_TEXT.chainBellMessage
    .replace('{give}', tripText(chain.members[me]?.request))
    .replace('{get}', tripText(previousMember(chain, me)?.request));
}
