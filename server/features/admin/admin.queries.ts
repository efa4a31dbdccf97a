import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { EmailTemplateBody } from '#protocol/schemas/support.ts';
import { kysely } from '../../db/kysely.ts';
import { microsOf, pageLimit, pastTimeCursor, type TimeCursor } from '../../db/paging.ts';
import { personFields } from '../user-kernel/person.fields.ts';

/** A page of every account for the Users tab, newest first (PAGE_SIZE + 1 rows from the cursor: pageFrom). */
export function allUsers(em: EntityManager, cursor?: TimeCursor) {
  return kysely(em)
    .selectFrom('users')
    .select([
      'id',
      'first_name as firstName',
      'last_name as lastName',
      'email',
      'employee_number as employeeNumber',
      'airline',
      'position',
      'base',
      'aircraft_type as aircraftType',
      'is_admin as isAdmin',
      'email_verified as emailVerified',
      'created_at as createdAt',
      microsOf('created_at').as('sortMicros'),
    ])
    .where(pastTimeCursor('created_at', 'id', cursor ?? null))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageLimit())
    .execute();
}

/** How many rows a table holds (the summary cards count every account and every admin action). */
export async function countOf(em: EntityManager, table: 'users' | 'admin_logs'): Promise<number> {
  const row = await kysely(em)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
export type AdminUserRow = Awaited<ReturnType<typeof allUsers>>[number];

/** System Activity: a page of the admin actions with both people (null once deleted), newest first. */
export function adminLogs(em: EntityManager, cursor?: TimeCursor) {
  return kysely(em)
    .selectFrom('admin_logs as l')
    .leftJoin('users as a', 'a.id', 'l.admin_id')
    .leftJoin('users as t', 't.id', 'l.target_user_id')
    .select(['l.id', 'l.action', 'l.details', 'l.created_at as createdAt', ...personFields('a', 'admin'), ...personFields('t', 'target')])
    .select(microsOf('l.created_at').as('sortMicros'))
    .where(pastTimeCursor('l.created_at', 'l.id', cursor ?? null))
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(pageLimit())
    .execute();
}
export type AdminLogRow = Awaited<ReturnType<typeof adminLogs>>[number];

/** The newest activity entries with both people: the created_at index, read backwards, `limit` rows. */
export function recentActivity(em: EntityManager, limit: number) {
  return kysely(em)
    .selectFrom('user_activity_logs as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .leftJoin('users as t', 't.id', 'l.target_user_id')
    .select([
      'l.id',
      'l.activity_type as activityType',
      'l.reference_id as referenceId',
      'l.reference_type as referenceType',
      'l.email_type as emailType',
      'l.email_sent as emailSent',
      'l.email_recipient as emailRecipient',
      'l.metadata',
      'l.created_at as createdAt',
      ...personFields('u', 'user'),
      ...personFields('t', 'target'),
    ])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
}
export type ActivityRow = Awaited<ReturnType<typeof recentActivity>>[number];

/**
 * Counts per month and type: the trigger-kept rollup summed over its shards (a few rows per month),
 * so the cost does not grow with the log. month as YYYY-MM-01.
 */
export function monthlyActivity(em: EntityManager) {
  return kysely(em)
    .selectFrom('user_activity_monthly')
    .select((eb) => [
      sql<string>`to_char(month, 'YYYY-MM-DD')`.as('month'),
      'activity_type as activityType',
      eb.fn.sum<string>('count').as('count'),
      eb.fn.sum<string>('emails_sent').as('emailsSent'),
    ])
    .groupBy(['month', 'activity_type'])
    .having((eb) => eb.fn.sum('count'), '>', 0)
    .orderBy('month', 'desc')
    .orderBy('activity_type')
    .execute();
}

/** Counts per type over every month, from the same rollup. */
export function totalActivity(em: EntityManager) {
  return kysely(em)
    .selectFrom('user_activity_monthly')
    .select((eb) => [
      'activity_type as activityType',
      eb.fn.sum<string>('count').as('count'),
      eb.fn.sum<string>('emails_sent').as('emailsSent'),
    ])
    .groupBy('activity_type')
    .having((eb) => eb.fn.sum('count'), '>', 0)
    .orderBy('count', 'desc')
    .execute();
}

export function emailTemplates(em: EntityManager) {
  return kysely(em)
    .selectFrom('email_templates')
    .select([
      'id',
      'template_type as templateType',
      'template_name as templateName',
      'subject_template as subjectTemplate',
      'html_template as htmlTemplate',
      'variables',
      'created_at as createdAt',
      'updated_at as updatedAt',
    ])
    .orderBy('id')
    .execute();
}
export type EmailTemplateRow = Awaited<ReturnType<typeof emailTemplates>>[number];

/** The template's variables (what an edit may name), or undefined when there is no such template. */
export async function templateVariables(em: EntityManager, templateType: string): Promise<string[] | undefined> {
  const row = await kysely(em)
    .selectFrom('email_templates')
    .select('variables')
    .where('template_type', '=', templateType)
    .executeTakeFirst();
  return row?.variables;
}

export async function updateEmailTemplate(em: EntityManager, templateType: string, body: EmailTemplateBody): Promise<boolean> {
  const result = await kysely(em)
    .updateTable('email_templates')
    .set((eb) => ({
      template_name: body.templateName,
      subject_template: body.subjectTemplate,
      html_template: body.htmlTemplate,
      updated_at: eb.fn<string>('now'),
    }))
    .where('template_type', '=', templateType)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
