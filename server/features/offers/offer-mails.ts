import type { OfferItem } from '#protocol/shapes.ts';
import type { Deps } from '../../deps.ts';
import { displayDate, displayPosition } from '../../mail/match-notification.ts';
import { renderTemplate } from '../../mail/render.ts';
import { fullName } from '../users/user.presenter.ts';
import { logOfferMails, offerMailPeople, offerMailTemplates, type OfferMailLog } from './offers.queries.ts';

type MailDeps = Pick<Deps, 'mailer' | 'orm' | 'log'>;

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

/**
 * The mail of each new offer's type to its recipient when they allow e-mail, logged as email_sent
 * activity (delivered or not). Runs after the commit, off the request's path.
 */
export async function sendOfferMails(deps: MailDeps, items: readonly OfferItem[]): Promise<void> {
  const em = deps.orm.em.fork();
  const people = await offerMailPeople(
    em,
    items.flatMap((i) => [i.toUserId, i.fromUserId]),
  );
  const wanted = items.filter((i) => people.get(i.toUserId)?.emailNotifications);
  if (wanted.length === 0) return;
  const templates = await offerMailTemplates(em, wanted.map(offerTemplateOf));
  const logs: OfferMailLog[] = [];
  for (const item of wanted) {
    const recipient = people.get(item.toUserId)!;
    const sender = people.get(item.fromUserId);
    const template = templates.get(offerTemplateOf(item));
    if (!sender) continue;
    if (!template) {
      deps.log.warn({ template: offerTemplateOf(item) }, 'offer mail template missing: no mail sent');
      continue;
    }
    const vars = offerMailVars(item, recipient, sender);
    const { delivered } = await deps.mailer.send({
      to: recipient.email,
      subject: renderTemplate(template.subject, vars, false),
      html: renderTemplate(template.html, vars, true),
    });
    logs.push({
      userId: recipient.id,
      targetId: sender.id,
      offerId: item.id,
      template: offerTemplateOf(item),
      sent: delivered,
      email: recipient.email,
    });
  }
  await logOfferMails(em, logs);
}
