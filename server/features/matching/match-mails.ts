import type { MatchItem } from '#protocol/shapes.ts';
import type { Deps } from '../../deps.ts';
import { matchNotificationVars } from '../../mail/match-notification.ts';
import { sendNotificationMails } from '../../mail/notification-mails.ts';

/**
 * The match_notification mail to each user of the new matches who allows e-mail, logged as
 * email_sent activity (delivered or not). Runs after the commit, off the request's path.
 */
export function sendMatchMails(deps: Pick<Deps, 'mailer' | 'orm' | 'log'>, items: readonly MatchItem[]): Promise<void> {
  return sendNotificationMails(
    deps,
    items.map((item) => ({
      recipientId: item.request.userId,
      targetId: item.matchedRequest.userId,
      referenceId: item.id,
      referenceType: 'match',
      template: 'match_notification',
      vars: (recipient, other) => matchNotificationVars(item, recipient, other),
    })),
  );
}
