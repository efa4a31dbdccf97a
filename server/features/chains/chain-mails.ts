import type { ChainItem } from '#protocol/shapes.ts';
import { chainNotificationVars } from '../../mail/chain-notification.ts';
import type { NotificationDraft } from '../../mail/notification-mails.ts';
import { mailDrafter, type MailDrafter } from '../../outbox/outbox-plugins.ts';

/**
 * The chain_notification mail of each member of newly proposed chains (sent to those who allow
 * e-mail), logged about the member who gets their trip.
 */
export const chainMailDrafts = (chains: readonly ChainItem[]): NotificationDraft[] =>
  chains.flatMap((chain) =>
    chain.members.map((member, position) => ({
      recipientId: member.user.id,
      targetId: chain.members[(position + 1) % chain.members.length]!.user.id,
      referenceId: chain.id,
      referenceType: 'trade_chain' as const,
      template: 'chain_notification',
      vars: () => chainNotificationVars(chain, position),
    })),
  );

/** The outbox's drafter of proposed-chain mails (registered in server/subscribers.ts): each event carries its chain. */
export const chainMailDrafter = (): MailDrafter =>
  mailDrafter(['chain.changed'], async (rows) => ({
    notices: rows.flatMap((r) => {
      const draft = chainMailDrafts([r.event.item]).find((d) => d.recipientId === r.recipientId);
      return draft ? [{ rowIds: [r.id], draft }] : [];
    }),
  }));
