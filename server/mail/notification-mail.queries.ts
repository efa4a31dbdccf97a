import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from '../db/kysely.ts';

/**
 * The people notification mails name (recipients and the colleagues the mails are about), keyed by
 * id, and the admin-edited templates of these types, keyed by type, in one statement: a commit's
 * notices cost one read, however many mails follow. Each person comes once per template (a
 * handful of rows); a template missing from the table is missing from the map.
 */
export async function mailPeopleAndTemplates(em: EntityManager, userIds: readonly number[], templateTypes: readonly string[]) {
  const rows = await kysely(em)
    .selectFrom('users as u')
    .leftJoin('email_templates as t', (join) => join.on('t.template_type', 'in', [...new Set(templateTypes)]))
    .select([
      'u.id',
      'u.email',
      'u.first_name as firstName',
      'u.last_name as lastName',
      'u.base',
      'u.position',
      'u.employee_number as employeeNumber',
      'u.email_notifications as emailNotifications',
      't.template_type as templateType',
      't.subject_template as subject',
      't.html_template as html',
    ])
    .where('u.id', 'in', [...new Set(userIds)])
    .execute();
  const people = new Map(rows.map(({ templateType: _t, subject: _s, html: _h, ...person }) => [person.id, person]));
  const templates = new Map(
    rows.flatMap((r) => (r.templateType !== null && r.subject !== null && r.html !== null ? [[r.templateType, { subject: r.subject, html: r.html }] as const] : [])),
  );
  return { people, templates };
}

export type MailPerson = NonNullable<ReturnType<Awaited<ReturnType<typeof mailPeopleAndTemplates>>['people']['get']>>;

/** One email_sent activity row per notification mail tried, delivered or not (docs/ARCHITECTURE.md section 6). */
export interface NotificationMailLog {
  userId: number;
  targetId: number;
  referenceId: number;
  referenceType: string;
  emailType: string;
  sent: boolean;
  email: string;
}

export async function logNotificationMails(em: EntityManager, logs: readonly NotificationMailLog[]): Promise<void> {
  if (logs.length === 0) return;
  await kysely(em)
    .insertInto('user_activity_logs')
    .values(
      logs.map((l) => ({
        user_id: l.userId,
        activity_type: 'email_sent',
        target_user_id: l.targetId,
        reference_id: l.referenceId,
        reference_type: l.referenceType,
        email_type: l.emailType,
        email_sent: l.sent,
        email_recipient: l.email,
      })),
    )
    .execute();
}
