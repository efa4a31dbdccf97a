import type { ChainItem, TradeRequestItem } from '#protocol/shapes.ts';
import { fullName } from '../lib/names.ts';
import { displayDate } from './match-notification.ts';

const routeOf = (r: TradeRequestItem | null) => (r ? (r.route ?? r.reservePeriod ?? '') : '');
const datesOf = (r: TradeRequestItem | null) => (r ? [r.date, ...r.additionalDates].map(displayDate).join(', ') : '');

/**
 * The variables of the chain_notification template for the member at `position`: their trip goes
 * to the next member, and they get the previous member's.
 */
export function chainNotificationVars(chain: ChainItem, position: number) {
  const n = chain.members.length;
  const me = chain.members[position]!;
  const receiver = chain.members[(position + 1) % n]!;
  const giver = chain.members[(position + n - 1) % n]!;
  return {
    recipientName: fullName(me.user) || 'there',
    yourRoute: routeOf(me.request),
    yourDates: datesOf(me.request),
    receiverName: fullName(receiver.user),
    giverName: fullName(giver.user),
    giverRoute: routeOf(giver.request),
    giverDates: datesOf(giver.request),
  };
}
