import type { MatchItem } from '#protocol/shapes.ts';
import { matchDays, matchFactsOf } from '#protocol/matchText.ts';
import { mailDays, matchNotificationVars } from '../../mail/match-notification.ts';
import type { NotificationDraft } from '../../mail/notification-mails.ts';
import { fullName } from '../users/user.presenter.ts';

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

/** "Maya Chen", "Maya Chen and Sofia Reyes", "Maya Chen and 2 others". */
function names(items: readonly MatchItem[]): string {
  const all = [...new Set(items.map((i) => fullName(i.matchedRequest.user ?? { firstName: null, lastName: null }) || 'A colleague'))];
  if (all.length <= 2) return all.join(' and ');
  return `${all[0]} and ${all.length - 1} others`;
}

/**
 * One match_notification for several new matches of one of the recipient's requests (docs/decisions/0042):
 * the colleagues named together, their trips listed, the days as one range. The template is the
 * admin's own; its variables carry the group.
 */
export function matchGroupDraft(items: readonly MatchItem[]): NotificationDraft {
  if (items.length === 1) return matchMailDrafts(items)[0]!;
  const first = items[0]!;
  return {
    recipientId: first.request.userId,
    targetId: first.matchedRequest.userId,
    referenceId: first.id,
    referenceType: 'match',
    template: 'match_notification',
    vars: (recipient, other) => {
      const each = items.map((i) => matchNotificationVars(i, recipient, other));
      const base = each[0]!;
      const mine = matchFactsOf(first.request);
      const range = mailDays([...new Set(items.flatMap((i) => matchDays(mine, matchFactsOf(i.matchedRequest))))], first.request.date);
      return {
        ...base,
        matchedUserName: names(items),
        matchedRoute: [...new Set(each.map((v) => v.matchedRoute).filter(Boolean))].join(', '),
        matchedEmployeeNumber: [...new Set(items.map((i) => i.matchedRequest.user?.employeeNumber).filter(Boolean))].join(', #'),
        userDate: range,
        matchedDate: range,
      };
    },
  };
}
