import type { MatchItem } from '#protocol/shapes.ts';
import type { Deps } from '../../deps.ts';
import { matchNotificationVars } from '../../mail/match-notification.ts';
import { renderTemplate } from '../../mail/render.ts';
import { logMatchMails, matchMailPeople, matchMailTemplate, type MatchMailLog } from './matching.queries.ts';

type MailDeps = Pick<Deps, 'mailer' | 'orm' | 'log'>;

/**
 * The match_notification mail to each user of the new matches who allows e-mail, logged as
 * email_sent activity (delivered or not). Runs after the commit, off the request's path.
 */
export async function sendMatchMails(deps: MailDeps, items: readonly MatchItem[]): Promise<void> {
  const em = deps.orm.em.fork();
  const people = await matchMailPeople(
    em,
    items.map((i) => i.request.userId),
  );
  if (![...people.values()].some((u) => u.emailNotifications)) return;
  const template = await matchMailTemplate(em);
  if (!template) {
    deps.log.warn('match_notification template missing: no match mail sent');
    return;
  }
  const logs: MatchMailLog[] = [];
  for (const item of items) {
    const recipient = people.get(item.request.userId);
    const other = people.get(item.matchedRequest.userId);
    if (!recipient?.emailNotifications || !other) continue;
    const vars = matchNotificationVars(item, recipient, other);
    const { delivered } = await deps.mailer.send({
      to: recipient.email,
      subject: renderTemplate(template.subject, vars, false),
      html: renderTemplate(template.html, vars, true),
    });
    logs.push({ userId: recipient.id, targetId: other.id, matchId: item.id, sent: delivered, email: recipient.email });
  }
  await logMatchMails(em, logs);
}
