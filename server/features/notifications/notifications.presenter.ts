import type { MatchNotification } from '#protocol/shapes.ts';
import type { RequestType } from '#protocol/enums.ts';
import { matchSentence } from '#protocol/matchText.ts';
import { fullName } from '../user-kernel/user.presenter.ts';
import type { NotificationRow } from './notifications.queries.ts';

export const NOTIFICATION_TITLE = 'New Match Found';

/** A bell entry: whose trip on which of the match's own days matches which of the user's requests (docs/decisions/0042). */
export function presentNotification(row: NotificationRow): MatchNotification {
  return {
    type: 'match',
    matchId: row.matchId,
    title: NOTIFICATION_TITLE,
    message: matchSentence(
      fullName(row) || 'A colleague',
      { type: row.type as RequestType, allDates: row.allDates, desiredDates: row.desiredDates ?? [], route: null, reservePeriod: null },
      {
        type: row.otherType as RequestType,
        allDates: row.otherAllDates,
        desiredDates: row.otherDesiredDates ?? [],
        route: row.otherRoute,
        reservePeriod: row.otherReservePeriod,
      },
    ),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
