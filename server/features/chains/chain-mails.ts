import type { ChainItem } from '#protocol/shapes.ts';
import type { Deps } from '../../deps.ts';
import { chainNotificationVars } from '../../mail/chain-notification.ts';
import { renderTemplate } from '../../mail/render.ts';
import { logMatchMails, matchMailPeople, type MatchMailLog } from '../matching/matching.queries.ts';
import { chainMailTemplate } from './chains.queries.ts';

/**
 * The chain_notification mail to each member of newly proposed chains who allows e-mail, logged as
 * email_sent activity (delivered or not). After the commit, off the request's path.
 */
export async function sendChainMails(deps: Pick<Deps, 'mailer' | 'orm' | 'log'>, chains: readonly ChainItem[]): Promise<void> {
  const em = deps.orm.em.fork();
  const people = await matchMailPeople(
    em,
    chains.flatMap((c) => c.members.map((m) => m.user.id)),
  );
  if (![...people.values()].some((u) => u.emailNotifications)) return;
  const template = await chainMailTemplate(em);
  if (!template) {
    deps.log.warn('chain_notification template missing: no chain mail sent');
    return;
  }
  const logs: MatchMailLog[] = [];
  for (const chain of chains) {
    for (const [position, member] of chain.members.entries()) {
      const recipient = people.get(member.user.id);
      if (!recipient?.emailNotifications) continue;
      const vars = chainNotificationVars(chain, position);
      const { delivered } = await deps.mailer.send({
        to: recipient.email,
        subject: renderTemplate(template.subject, vars, false),
        html: renderTemplate(template.html, vars, true),
      });
      const next = chain.members[(position + 1) % chain.members.length]!;
      logs.push({ userId: recipient.id, targetId: next.user.id, matchId: chain.id, sent: delivered, email: recipient.email });
    }
  }
  await logMatchMails(em, logs, { emailType: 'chain_notification', referenceType: 'trade_chain' });
}
