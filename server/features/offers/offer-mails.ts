import { isMessageOffer, offerSentence, offerTrips, tripText } from '#protocol/offerText.ts';
import type { OfferItem } from '#protocol/shapes.ts';
import { displayDate, displayPosition } from '../../mail/match-notification.ts';
import type { NotificationDraft } from '../../mail/notification-mails.ts';
import { fullName } from '../users/user.presenter.ts';

/**
 * The template of an offer: drop_trade_request, pickup_trade_request or trade_trade_request by its
 * type, message_trade_request for a message sent from a crew profile (it names no trip).
 */
export const offerTemplateOf = (item: Pick<OfferItem, 'requestType' | 'requestId' | 'offerRoute' | 'offerReservePeriod'>) =>
  isMessageOffer(item) ? 'message_trade_request' : `${item.requestType}_trade_request`;

/**
 * The variables of the offer templates (server/db/templates-seed.ts) for one new offer, from its
 * recipient's side: `summary` is the sentence the bell and push show (protocol/offerText.ts).
 */
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
  const senderName = fullName(sender) || 'A colleague';
  const recipientName = fullName(recipient) || 'there';
  const people = {
    recipientName,
    senderName,
    summary: offerSentence(item, 'received', { from: senderName, to: recipientName }),
    message: item.message ?? '',
    base: sender.base,
    position: displayPosition(sender.position),
    employeeNumber: sender.employeeNumber,
  };
  if (isMessageOffer(item)) return people;
  const { recipients, offered } = offerTrips(item);
  // The spec's route and date: the trip the template's verb acts on (a drop gives the sender's).
  const acted = item.requestType === 'drop' && offered ? offered : recipients;
  return {
    ...people,
    yourTrip: tripText(recipients),
    offeredTrip: offered ? tripText(offered) : 'nothing',
    route: acted.label,
    date: acted.date ? displayDate(acted.date) : '',
  };
}

/** The mail of each new offer to its recipient (sent when they allow e-mail). */
export const offerMailDrafts = (items: readonly OfferItem[]): NotificationDraft[] =>
  items.map((item) => ({
    recipientId: item.toUserId,
    targetId: item.fromUserId,
    referenceId: item.id,
    referenceType: 'trade_request',
    template: offerTemplateOf(item),
    vars: (recipient, sender) => offerMailVars(item, recipient, sender),
  }));
