import type { MatchItem } from '#protocol/shapes.ts';
import { matchNotificationVars } from '../../mail/match-notification.ts';
import type { NotificationDraft } from '../../mail/notification-mails.ts';

/** The match_notification mail of each user of the new matches (sent to those who allow e-mail). */
export const matchMailDrafts = (items: readonly MatchItem[]): NotificationDraft[] =>
  items.map((item) => ({
    recipientId: item.request.userId,
    targetId: item.matchedRequest.userId,
    referenceId: item.id,
    referenceType: 'match',
    template: 'match_notification',
    vars: (recipient, other) => matchNotificationVars(item, recipient, other),
  }));
