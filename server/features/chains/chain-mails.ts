import type { ChainItem } from '#protocol/shapes.ts';
import type { Deps } from '../../deps.ts';
import { chainNotificationVars } from '../../mail/chain-notification.ts';
import { sendNotificationMails } from '../../mail/notification-mails.ts';

/**
 * The chain_notification mail to each member of newly proposed chains who allows e-mail, logged as
 * email_sent activity (delivered or not) about the member who gets their trip. After the commit,
 * off the request's path.
 */
export function sendChainMails(deps: Pick<Deps, 'mailer' | 'orm' | 'log'>, chains: readonly ChainItem[]): Promise<void> {
  return sendNotificationMails(
    deps,
    chains.flatMap((chain) =>
      chain.members.map((member, position) => ({
        recipientId: member.user.id,
        targetId: chain.members[(position + 1) % chain.members.length]!.user.id,
        referenceId: chain.id,
        referenceType: 'trade_chain' as const,
        template: 'chain_notification',
        vars: () => chainNotificationVars(chain, position),
      })),
    ),
  );
}
