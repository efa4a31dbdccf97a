import type { EntityManager } from '@mikro-orm/postgresql';
import type { MatchItem } from '../../../protocol/shapes.ts';
import type { Deps } from '../../deps.ts';
import { pgArray } from '../../db/pg-array.ts';
import { renderTemplate } from '../../mail/render.ts';
import { rooms } from '../../realtime/rooms.ts';
import { pushBadges } from '../dashboard/badges.ts';
import { presentMatches, type MatchSide } from '../matches/matches.presenter.ts';
import { fullName } from '../users/user.presenter.ts';
import { actionLabel, displayDate, displayPosition } from './matching.rules.ts';
import type { NewMatch } from './matching.service.ts';

type NotifierDeps = Pick<Deps, 'publisher' | 'mailer' | 'orm' | 'log'>;

interface Recipient {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  base: string | null;
  position: string | null;
  employeeNumber: string | null;
  emailNotifications: boolean;
}

/** Each new match from both users' sides: [user, MatchSide]. */
const sidesOf = (m: NewMatch): [number, MatchSide][] => [
  [m.userIds[0], { id: m.id, status: 'pending', createdAt: m.createdAt, mine: m.requestId, other: m.matchedRequestId }],
  [m.userIds[1], { id: m.id, status: 'pending', createdAt: m.createdAt, mine: m.matchedRequestId, other: m.requestId }],
];

/**
 * After the commit that created matches: both users get the match live, their notification list
 * and badges refresh, and e-mail goes out in the background (a slow or failing mail server never
 * holds up or fails the request that caused it).
 */
export async function announceNewMatches(deps: NotifierDeps, em: EntityManager, matches: readonly NewMatch[]): Promise<void> {
  if (matches.length === 0) return;
  const sides = matches.flatMap(sidesOf);
  const items = await presentMatches(
    em,
    sides.map(([, s]) => s),
  );
  // Each item is oriented for one user: its request is theirs.
  items.forEach((item) => {
    const userId = item.request.userId;
    deps.publisher.publish(rooms.user(userId), 'match:new', item);
    deps.publisher.publish(rooms.user(userId), 'notifications:changed');
  });
  await pushBadges(deps, em, [...new Set(sides.map(([u]) => u))]);
  void sendMatchMails(deps, items).catch((err) => deps.log.warn({ err }, 'match notification mail failed'));
}

async function sendMatchMails(deps: NotifierDeps, items: readonly MatchItem[]): Promise<void> {
  const em = deps.orm.em.fork();
  const users = await em.execute<Recipient[]>(
    `select id, email, first_name as "firstName", last_name as "lastName", base, position,
            employee_number as "employeeNumber", email_notifications as "emailNotifications"
     from users where id = any(?::int[])`,
    [pgArray([...new Set(items.map((i) => String(i.request.userId)))])],
  );
  const byId = new Map(users.map((u) => [u.id, u]));
  if (!users.some((u) => u.emailNotifications)) return;
  const templates = await em.execute<{ subject: string; html: string }[]>(
    `select subject_template as subject, html_template as html from email_templates where template_type = 'match_notification'`,
  );
  const template = templates[0];
  if (!template) {
    deps.log.warn('match_notification template missing: no match mail sent');
    return;
  }
  const logs: { userId: number; targetId: number; matchId: number; sent: boolean; email: string }[] = [];
  for (const item of items) {
    const recipient = byId.get(item.request.userId);
    const other = byId.get(item.matchedRequest.userId);
    if (!recipient?.emailNotifications || !other) continue;
    const mine = item.request;
    const theirs = item.matchedRequest;
    const vars = {
      recipientName: fullName(recipient) || 'there',
      matchedUserName: fullName(other),
      userAction: actionLabel(mine.type),
      userRoute: mine.route ?? mine.reservePeriod,
      userDate: displayDate(mine.date),
      matchedAction: actionLabel(theirs.type),
      matchedRoute: theirs.route ?? theirs.reservePeriod,
      matchedDate: displayDate(theirs.date),
      matchedBase: other.base,
      matchedPosition: displayPosition(other.position),
      matchedEmployeeNumber: other.employeeNumber,
    };
    const { delivered } = await deps.mailer.send({
      to: recipient.email,
      subject: renderTemplate(template.subject, vars, false),
      html: renderTemplate(template.html, vars, true),
    });
    logs.push({ userId: recipient.id, targetId: other.id, matchId: item.id, sent: delivered, email: recipient.email });
  }
  if (logs.length === 0) return;
  await em.execute(
    `insert into user_activity_logs (user_id, activity_type, target_user_id, reference_id, reference_type, email_type, email_sent, email_recipient)
     select x.user_id, 'email_sent', x.target_id, x.match_id, 'match', 'match_notification', x.sent, x.email
     from unnest(?::int[], ?::int[], ?::int[], ?::boolean[], ?::text[]) as x(user_id, target_id, match_id, sent, email)`,
    [
      pgArray(logs.map((l) => String(l.userId))),
      pgArray(logs.map((l) => String(l.targetId))),
      pgArray(logs.map((l) => String(l.matchId))),
      pgArray(logs.map((l) => String(l.sent))),
      pgArray(logs.map((l) => l.email)),
    ],
  );
}
