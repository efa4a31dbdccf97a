import type { MatchItem } from '../../../protocol/shapes.ts';
import type { Deps } from '../../deps.ts';
import { pgArray } from '../../db/pg-array.ts';
import { renderTemplate } from '../../mail/render.ts';
import { fullName } from '../users/user.presenter.ts';
import { actionLabel, displayDate, displayPosition } from './matching.rules.ts';

type MailDeps = Pick<Deps, 'mailer' | 'orm' | 'log'>;

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

/**
 * The match_notification mail to each user of the new matches who allows e-mail, logged as
 * email_sent activity (delivered or not). Runs after the commit, off the request's path.
 */
export async function sendMatchMails(deps: MailDeps, items: readonly MatchItem[]): Promise<void> {
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
