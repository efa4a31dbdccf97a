import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from '../../db/kysely.ts';
import { groupKeyOf } from '../user-kernel/group.ts';

/**
 * The stored files of everything that goes with an account: its trip images, schedule images and
 * chat photos, and the attachments of every direct message and offer it sent or received (those
 * rows cascade too). The tables are named one by one; user-deletion.test.ts holds this list to the
 * ORM's list of file tables, so a new one cannot be forgotten here.
 */
export const FILE_TABLES_OF_A_USER = [
  'trip_images',
  'schedule_images',
  'base_chat_message_attachments',
  'message_attachments',
  'trade_request_images',
] as const;

export async function storedFilesOfUser(em: EntityManager, userId: number): Promise<string[]> {
  const db = kysely(em);
  const rows = await db
    .selectFrom('trip_images as f')
    .innerJoin('requests as r', 'r.id', 'f.request_id')
    .select('f.filename')
    .where('r.user_id', '=', userId)
    .unionAll(db.selectFrom('schedule_images').select('filename').where('user_id', '=', userId))
    .unionAll(
      db
        .selectFrom('base_chat_message_attachments as f')
        .innerJoin('base_chat_messages as m', 'm.id', 'f.message_id')
        .select('f.filename')
        .where('m.user_id', '=', userId),
    )
    .unionAll(
      db
        .selectFrom('message_attachments as f')
        .innerJoin('messages as m', 'm.id', 'f.message_id')
        .select('f.filename')
        .where((eb) => eb.or([eb('m.from_user_id', '=', userId), eb('m.to_user_id', '=', userId)])),
    )
    .unionAll(
      db
        .selectFrom('trade_request_images as f')
        .innerJoin('trade_requests as o', 'o.id', 'f.trade_request_id')
        .select('f.filename')
        .where((eb) => eb.or([eb('o.from_user_id', '=', userId), eb('o.to_user_id', '=', userId)])),
    )
    .execute();
  return rows.map((r) => r.filename);
}

/**
 * The account, locked until the transaction ends: of two admins deleting it at once, the second
 * waits, then finds nothing (read committed re-reads the row, which is gone).
 */
export function lockUserForDeletion(em: EntityManager, userId: number) {
  return kysely(em)
    .selectFrom('users')
    .select([
      'id',
      'email',
      'email_verified as emailVerified',
      'first_name as firstName',
      'last_name as lastName',
      'airline',
      'base',
      'position',
      'aircraft_type as aircraftType',
    ])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** The groups of the account and of its requests, read without a lock (to take their matching locks first), in one statement. */
export async function groupsOfUser(em: EntityManager, userId: number): Promise<string[]> {
  const rows = await kysely(em)
    .selectFrom('users as u')
    .leftJoin('requests as r', 'r.user_id', 'u.id')
    .select(['u.airline', 'u.base', 'u.position', 'u.aircraft_type as aircraftType', 'r.group_key as requestGroup'])
    .distinct()
    .where('u.id', '=', userId)
    .execute();
  return rows.flatMap((r) => [groupKeyOf(r), r.requestGroup]).filter((g): g is string => !!g);
}

/** The account's requests and the boards they are on (each leaves its board). */
export function requestsOfUser(em: EntityManager, userId: number) {
  return kysely(em).selectFrom('requests').select(['id', 'group_key as groupKey']).where('user_id', '=', userId).execute();
}

/** Matches with one side the account's, with the other side's user (their lists and bells follow). */
export function matchesOfUser(em: EntityManager, userId: number) {
  return kysely(em)
    .selectFrom('matches as m')
    .innerJoin('requests as a', 'a.id', 'm.request_id')
    .innerJoin('requests as b', 'b.id', 'm.matched_request_id')
    .select(['m.id', 'a.user_id as userA', 'b.user_id as userB'])
    .where((eb) => eb.or([eb('a.user_id', '=', userId), eb('b.user_id', '=', userId)]))
    .execute();
}

/** Everyone whose offers or messages name the account: their counts and lists change with it. */
export async function counterpartsOfUser(em: EntityManager, userId: number): Promise<number[]> {
  const db = kysely(em);
  const rows = await db
    .selectFrom('trade_requests')
    .select('to_user_id as other')
    .where('from_user_id', '=', userId)
    .union(db.selectFrom('trade_requests').select('from_user_id as other').where('to_user_id', '=', userId))
    .union(db.selectFrom('messages').select('to_user_id as other').where('from_user_id', '=', userId))
    .union(db.selectFrom('messages').select('from_user_id as other').where('to_user_id', '=', userId))
    .execute();
  return rows.map((r) => r.other).filter((id) => id !== userId);
}

/** Deletes the account: every row that is its own goes by the foreign keys' cascades. */
export async function deleteUserRow(em: EntityManager, userId: number): Promise<void> {
  await kysely(em).deleteFrom('users').where('id', '=', userId).execute();
}
