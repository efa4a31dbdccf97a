import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProfileBody } from '#protocol/schemas/profile.ts';
import { PAGE_SIZE } from '#protocol/paging.ts';
import { kysely } from '../../db/kysely.ts';
import { userFields, type UserRecord } from '../user-kernel/users.queries.ts';

export async function employeeNumberTaken(em: EntityManager, employeeNumber: string, exceptUserId: number): Promise<boolean> {
  const row = await kysely(em)
    .selectFrom('users')
    .select('id')
    .where('employee_number', '=', employeeNumber)
    .where('id', '<>', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Saves the form; e-mail notifications stay as they are when the body leaves them out (the setup form). */
export function updateProfile(em: EntityManager, userId: number, body: ProfileBody): Promise<UserRecord> {
  return kysely(em)
    .updateTable('users')
    .set((eb) => ({
      first_name: body.firstName,
      last_name: body.lastName,
      airline: body.airline,
      position: body.position,
      employee_number: body.employeeNumber,
      base: body.base,
      aircraft_type: body.aircraftType,
      ...(body.emailNotifications !== undefined && { email_notifications: body.emailNotifications }),
      ...(body.timeZone !== undefined && { time_zone: body.timeZone }),
      updated_at: eb.fn<string>('now'),
    }))
    .where('users.id', '=', userId)
    .returning(userFields)
    .executeTakeFirstOrThrow();
}

/** The groups a user's requests are on, other than `except`. */
export async function requestGroupsOf(em: EntityManager, userId: number, except: string): Promise<string[]> {
  const rows = await kysely(em)
    .selectFrom('requests')
    .select('group_key')
    .distinct()
    .where('user_id', '=', userId)
    .where('group_key', '<>', except)
    .execute();
  return rows.map((r) => r.group_key);
}

/**
 * The schedule images a profile shows, newest first (ids break ties between uploads of the same
 * instant): at most a page of them, like every list (docs/decisions/0020); the owner pages through
 * the rest on /schedule.
 */
export function scheduleImagesOf(em: EntityManager, userId: number) {
  return kysely(em)
    .selectFrom('schedule_images')
    .select(['id', 'filename', 'original_name as originalName', 'uploaded_at as uploadedAt'])
    .where('user_id', '=', userId)
    .orderBy('uploaded_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE)
    .execute();
}
