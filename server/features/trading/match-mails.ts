import type { EntityManager } from '@mikro-orm/postgresql';
import type { MatchItem } from '#protocol/shapes.ts';
import { matchDays, matchFactsOf } from '#protocol/matchText.ts';
import { mailDays, matchNotificationVars } from '../../mail/match-notification.ts';
import type { NotificationDraft } from '../../mail/notification-mails.ts';
import type { Deps } from '../../deps.ts';
import type { EventOf } from '../../events/domain-events.ts';
import { mailDrafter, type MailDrafter, type OutboxRow } from '../../outbox/outbox-plugins.ts';
import { fullName } from '../user-kernel/user.presenter.ts';
import { poolEm } from '../../db/pool-em.ts';

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

/**
 * Held match mails are due again when the matchMail window frees a point, so every held row of one
 * reader's request comes back in the same claim and goes as one mail; at least a second, never a
 * busy loop.
 */
const MIN_HOLD_MS = 1_000;

/** A match as the matches feature's reader takes it. */
type MatchSideRead = { id: number; status: string; createdAt: Date | string; mine: number; other: number };

/** The recipient's side of a new match: their own request first. */
function sideOf(e: EventOf<'match.created'>, recipientId: number) {
  const { requestId, matchedRequestId, userIds } = e.match;
  return userIds[0] === recipientId ? { mine: requestId, other: matchedRequestId } : { mine: matchedRequestId, other: requestId };
}

/**
 * The outbox's drafter of new-match mails (registered in server/subscribers.ts): a match's two
 * sides are read now (one read for the batch, with the matches feature's reader, handed in). New
 * matches of one of a reader's requests in one batch are one mail, and a reader gets at most a few
 * an hour about one request (docs/decisions/0042): the rest wait until the hour frees a point and
 * go out together as one mail.
 */
export function matchMailDrafter(
  deps: Pick<Deps, 'orm' | 'limits'>,
  readItems: (em: EntityManager, sides: readonly MatchSideRead[]) => Promise<MatchItem[]>,
): MailDrafter {
  return mailDrafter(['match.created'], async (rows: readonly OutboxRow<EventOf<'match.created'>>[]) => {
    const sides = rows.map((r) => ({
      id: r.event.match.id,
      status: 'pending',
      createdAt: r.event.match.createdAt,
      ...sideOf(r.event, r.recipientId),
    }));
    const items = await readItems(poolEm(deps.orm), sides);
    const groups = new Map<string, { row: OutboxRow; item: MatchItem }[]>();
    for (const row of rows) {
      const item = items.find((i) => i.id === row.event.match.id && i.request.userId === row.recipientId);
      if (!item) continue;
      const key = `${row.recipientId}:${item.request.id}`;
      groups.set(key, [...(groups.get(key) ?? []), { row, item }]);
    }
    const notices: { rowIds: number[]; draft: NotificationDraft }[] = [];
    const held: { id: number; delayMs: number }[] = [];
    for (const [key, group] of groups) {
      // A group that failed to send before was counted when it was first allowed.
      const retry = group.some((g) => g.row.attempts > 1);
      const waitMs = retry ? undefined : await deps.limits.takeOrWait('matchMail', key);
      if (waitMs !== undefined) held.push(...group.map((g) => ({ id: g.row.id, delayMs: Math.max(waitMs, MIN_HOLD_MS) })));
      else notices.push({ rowIds: group.map((g) => g.row.id), draft: matchGroupDraft(group.map((g) => g.item)) });
    }
    return { notices, held };
  });
}
