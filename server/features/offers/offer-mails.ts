import type { OfferItem } from '#protocol/shapes.ts';
import { displayDate, displayPosition } from '../../mail/match-notification.ts';
import type { NotificationDraft } from '../../mail/notification-mails.ts';
import { fullName } from '../users/user.presenter.ts';

/** The template of an offer's type: drop_trade_request, pickup_trade_request or trade_trade_request. */
export const offerTemplateOf = (item: Pick<OfferItem, 'requestType'>) => `${item.requestType}_trade_request`;

/** The variables of the trade request templates (server/db/templates-seed.ts) for one new offer. */
export function offerMailVars(
  item: OfferItem,
  recipient: { firstName: string | null; lastName: string | null },
  sender: {
    firstName: string | null;
    lastName: string | null;
    base: string | null;
    position: string | null;
    employeeNumber: string | null;
  },
) {
  const date = item.tradeDate ?? item.request?.date ?? null;
  return {
    recipientName: fullName(recipient) || 'there',
    senderName: fullName(sender) || 'A colleague',
    route: item.offerRoute ?? item.offerReservePeriod ?? item.request?.route ?? item.request?.reservePeriod ?? '',
    date: date ? displayDate(date) : '',
    base: sender.base,
    position: displayPosition(sender.position),
    employeeNumber: sender.employeeNumber,
  };
}

/** The mail of each new offer's type to its recipient (sent when they allow e-mail). */
export const offerMailDrafts = (items: readonly OfferItem[]): NotificationDraft[] =>
  items.map((item) => ({
    recipientId: item.toUserId,
    targetId: item.fromUserId,
    referenceId: item.id,
    referenceType: 'trade_request',
    template: offerTemplateOf(item),
    vars: (recipient, sender) => offerMailVars(item, recipient, sender),
  }));
