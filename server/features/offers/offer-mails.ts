import { answeredType } from '#protocol/closedText.ts';
import { isMessageOffer, offerExchange, offerSentence, offerTrips, standingRuleSentence, tripText } from '#protocol/offerText.ts';
import type { OfferItem } from '#protocol/shapes.ts';
import { actionLabel, displayDate, displayPosition } from '../../mail/match-notification.ts';
import type { NotificationDraft } from '../../mail/notification-mails.ts';
import type { Deps } from '../../deps.ts';
import { mailDrafter, type MailDrafter } from '../../outbox/outbox-plugins.ts';
import { fullName } from '../user-kernel/user.presenter.ts';

/**
 * The template of an offer: drop_trade_request, pickup_trade_request or trade_trade_request by its
 * type, message_trade_request for a message sent from a crew profile (it names no trip).
 */
export const offerTemplateOf = (
  item: Pick<OfferItem, 'requestType' | 'requestId' | 'offerRoute' | 'offerReservePeriod' | 'counterOfId'>,
) =>
  (item.counterOfId ?? null) !== null
    ? 'counter_trade_request'
    : isMessageOffer(item)
      ? 'message_trade_request'
      : `${item.requestType}_trade_request`;

/**
 * The variables of the offer templates (server/db/templates-seed.ts) for one new offer, from its
 * recipient's side: `summary` is the sentence the bell and push show, `youGet` and `youGive` the
 * lines of who gives what to whom (protocol/offerText.ts). Every variable the spec lists is filled
 * (protocol/templates.ts SPEC_TEMPLATE_VARIABLES): the sender is the "matched" colleague, the
 * "user" side the recipient's request, and each side's route and date the trip its verb acts on.
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
  const position = displayPosition(sender.position);
  const people = {
    recipientName,
    senderName,
    summary: offerSentence(item, 'received', { from: senderName, to: recipientName }),
    message: item.message ?? '',
    base: sender.base,
    position,
    employeeNumber: sender.employeeNumber,
    matchedUserName: senderName,
    matchedBase: sender.base,
    matchedPosition: position,
    matchedEmployeeNumber: sender.employeeNumber,
  };
  if (isMessageOffer(item)) return people;
  const { recipients, offered } = offerTrips(item);
  const day = (date: string | null) => (date ? displayDate(date) : '');
  // The spec's route and date: the trip the template's verb acts on (a drop gives the sender's).
  const acted = item.requestType === 'drop' && offered ? offered : recipients;
  // What the sender does to which trip: picks up the recipient's, drops or trades their own.
  const sendersTrip = item.requestType === 'pickup' ? recipients : offered;
  return {
    ...people,
    ...((item.counterOfId ?? null) === null ? offerExchange(item, { from: senderName }) : counterExchange(item, senderName)),
    // The trip the recipient gives ("nothing" for a drop), and the one the sender offers.
    yourTrip: item.requestType === 'drop' ? 'nothing' : tripText(recipients),
    offeredTrip: offered ? tripText(offered) : 'nothing',
    route: acted.label,
    date: day(acted.date),
    userAction: actionLabel(answeredType(item.requestType)),
    userRoute: recipients.label,
    userDate: day(recipients.date),
    matchedAction: actionLabel(item.requestType),
    matchedRoute: sendersTrip?.label ?? '',
    matchedDate: day(sendersTrip?.date ?? null),
  };
}

/**
 * A counter-offer's two lines, from its recipient's side (docs/decisions/0045): the request's owner
 * gives their trip (none for a pickup), the other party the trip the counter names.
 */
function counterExchange(item: OfferItem, senderName: string): { youGet: string; youGive: string } {
  const ownerSends = item.fromUserId === item.request?.userId;
  const reserve = item.request?.routeType === 'reserve_period';
  const asked = (item.offerRoute ?? item.offerReservePeriod ?? '').trim();
  const askedTrip = asked ? tripText({ label: reserve ? `reserve period ${asked}` : asked, date: item.tradeDate }) : 'nothing';
  const requestTrip = item.request
    ? answeredType(item.requestType) === 'pickup'
      ? 'nothing'
      : tripText({ label: (reserve ? item.request.reservePeriod : item.request.route) ?? 'the trip', date: item.request.date })
    : 'the trip';
  return ownerSends
    ? {
        youGet: `${senderName} gives you ${requestTrip === 'nothing' ? 'nothing in return' : `their ${requestTrip}`}`,
        youGive: `You give ${senderName} ${askedTrip === 'nothing' ? 'nothing' : `your ${askedTrip}`}`,
      }
    : {
        youGet: `${senderName} gives you ${askedTrip === 'nothing' ? 'nothing in return' : `their ${askedTrip}`}`,
        youGive: `You give ${senderName} ${requestTrip === 'nothing' ? 'nothing' : `your ${requestTrip}`}`,
      };
}

/** The mail to a request's owner when their standing rule accepted an offer (docs/decisions/0045): what they traded, with whom. */
export const ruleAcceptedMailDraft = (item: OfferItem): NotificationDraft => ({
  recipientId: item.toUserId,
  targetId: item.fromUserId,
  referenceId: item.id,
  referenceType: 'trade_request',
  template: 'standing_rule_accepted',
  vars: (recipient, sender) => {
    const vars = offerMailVars(item, recipient, sender);
    return { ...vars, summary: standingRuleSentence(item, { from: vars.senderName }) };
  },
});

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

/**
 * The outbox's drafter of new-offer mails (registered in server/subscribers.ts). Limited per sender
 * and recipient (docs/decisions/0019): the limit is taken on the first attempt only, so a retry is
 * never refused by the take of its own first try; a mail over the limit is not sent at all.
 */
export const offerMailDrafter = (deps: Pick<Deps, 'limits'>): MailDrafter =>
  mailDrafter(['offer.sent', 'offer.answered'], async (rows) => {
    const notices: { rowIds: number[]; draft: NotificationDraft }[] = [];
    for (const r of rows) {
      // An answer is mailed only when a standing rule gave it, to the request's owner (outbox-records.ts).
      if (r.event.type === 'offer.answered') {
        if (r.event.item && r.event.byRule) notices.push({ rowIds: [r.id], draft: ruleAcceptedMailDraft(r.event.item) });
        continue;
      }
      const allowed = r.attempts > 1 || (await deps.limits.take('offerMail', `${r.event.fromUserId}:${r.event.toUserId}`));
      if (allowed) notices.push({ rowIds: [r.id], draft: offerMailDrafts([r.event.item])[0]! });
    }
    return { notices };
  });
