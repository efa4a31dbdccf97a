import type { MatchNotification } from '#protocol/shapes.ts';
import { displayDate } from '../../mail/match-notification.ts';
import { fullName } from '../users/user.presenter.ts';
import type { NotificationRow } from './notifications.queries.ts';

export const NOTIFICATION_TITLE = 'New Match Found';

/** A bell entry: who matches which of the user's requests. */
export function presentNotification(row: NotificationRow): MatchNotification {
  return {
    type: 'match',
    matchId: row.matchId,
    title: NOTIFICATION_TITLE,
    message: `${fullName(row) || 'A colleague'} matches your ${row.type} on ${displayDate(row.date)}`,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
