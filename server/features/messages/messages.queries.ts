import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { compilePaged } from '../../db/compiled-query.ts';
import { kysely, type DB } from '../../db/kysely.ts';
import { containsPattern, pageLimit, type MessageWindow } from '../../db/paging.ts';
import type { StoredUpload } from '../../storage/file-store.ts';
import type { GroupFields } from '../user-kernel/group.ts';

/** A direct message with both people and its attachments, in one statement. */
function messagesQuery(db: Kysely<DB>) {
  return db
    .selectFrom('messages as m')
    .innerJoin('users as f', 'f.id', 'm.from_user_id')
    .innerJoin('users as t', 't.id', 'm.to_user_id')
    .select((eb) => [
      'm.id',
      'm.from_user_id as fromUserId',
      'm.to_user_id as toUserId',
      'm.content',
      'm.is_read as isRead',
      'm.created_at as createdAt',
      'm.client_key as clientKey',
      'f.first_name as fromFirstName',
      'f.last_name as fromLastName',
      'f.profile_image_url as fromProfileImageUrl',
      'f.employee_number as fromEmployeeNumber',
      't.first_name as toFirstName',
      't.last_name as toLastName',
      't.profile_image_url as toProfileImageUrl',
      't.employee_number as toEmployeeNumber',
      jsonArrayFrom(
        eb
          .selectFrom('message_attachments as a')
          .select(['a.id', 'a.filename', 'a.original_name as originalName'])
          .whereRef('a.message_id', '=', 'm.id')
          .orderBy('a.id'),
      ).as('attachments'),
    ]);
}

export type MessageRow = Awaited<ReturnType<ReturnType<typeof messagesQuery>['execute']>>[number];

export function messagesByIds(em: EntityManager, ids: readonly number[]): Promise<MessageRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return messagesQuery(kysely(em))
    .where('m.id', 'in', [...ids])
    .orderBy('m.id')
    .execute();
}

/** The highest message id the user cleared of the conversation with `otherId` (0: never cleared). */
export async function clearedThroughId(em: EntityManager, userId: number, otherId: number): Promise<number> {
  const row = await kysely(em)
    .selectFrom('conversation_cleared')
    .select('cleared_through_id')
    .where('user_id', '=', userId)
    .where('other_user_id', '=', otherId)
    .executeTakeFirst();
  return row?.cleared_through_id ?? 0;
}

/**
 * Inserts a message unless the sender already stored one with this client key. `undefined` when
 * the key was taken: a concurrent insert with the same key waits for the first to commit, then
 * inserts nothing (unique index messages_sender_client_key_unique), so one row per key whatever
 * the timing.
 */
export async function insertMessage(
  em: EntityManager,
  m: { fromUserId: number; toUserId: number; content: string; clientKey: string | null },
): Promise<number | undefined> {
  const row = await kysely(em)
    .insertInto('messages')
    .values({ from_user_id: m.fromUserId, to_user_id: m.toUserId, content: m.content, client_key: m.clientKey })
    .onConflict((oc) => oc.columns(['from_user_id', 'client_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The message the sender stored with this key (read after a conflicting insert: committed by then). */
export async function messageIdByClientKey(em: EntityManager, fromUserId: number, clientKey: string): Promise<number | undefined> {
  const row = await kysely(em)
    .selectFrom('messages')
    .select('id')
    .where('from_user_id', '=', fromUserId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst();
  return row?.id;
}

export async function insertAttachments(em: EntityManager, messageId: number, images: readonly StoredUpload[]): Promise<void> {
  if (images.length === 0) return;
  await kysely(em)
    .insertInto('message_attachments')
    .values(
      images.map((i) => ({
        message_id: messageId,
        filename: i.filename,
        original_name: i.originalName,
        mime_type: i.mimeType,
        size: i.size,
      })),
    )
    .execute();
}

/**
 * One page of the conversation of `userId` with `otherId`, `limit` rows above what the user cleared
 * (`clearedThrough`): the newest, newest first; below the window's id, newest first; or above it,
 * oldest first (catching up). Both halves of the pair are ranges of messages_recipient_sender_index
 * (recipient, sender, id).
 */
export function threadPage(
  em: EntityManager,
  a: { userId: number; otherId: number; clearedThrough: number; window: MessageWindow; limit: number },
) {
  const after = a.window?.direction === 'after';
  return messagesQuery(kysely(em))
    .where((eb) =>
      eb.or([
        eb.and([eb('m.to_user_id', '=', a.otherId), eb('m.from_user_id', '=', a.userId)]),
        eb.and([eb('m.to_user_id', '=', a.userId), eb('m.from_user_id', '=', a.otherId)]),
      ]),
    )
    .where('m.id', '>', a.clearedThrough)
    .$if(a.window !== null, (q) => q.where('m.id', after ? '>' : '<', a.window!.id))
    .orderBy('m.id', after ? 'asc' : 'desc')
    .limit(a.limit)
    .execute();
}

/** Whether the two have exchanged any message (either direction). */
export async function haveConversation(em: EntityManager, userId: number, otherId: number): Promise<boolean> {
  const row = await kysely(em)
    .selectFrom('messages')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('to_user_id', '=', otherId), eb('from_user_id', '=', userId)]),
        eb.and([eb('to_user_id', '=', userId), eb('from_user_id', '=', otherId)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The latest message id of each conversation of the user, newest first, with the number of
 * messages from the other person the user has not read. A conversation the user cleared comes back
 * only with a message newer than what was cleared. The user's messages are two index ranges (as
 * sender: messages_pair_index; as recipient: messages_recipient_sender_index) grouped by the other
 * person; the latest messages are then read in full by id (messagesByIds). Compiled once: it is
 * the Messages screen's hot read.
 */
const recent = compilePaged(['userId'], ['lastId'], (db, a: { userId: number }, c: { lastId: number } | null) =>
  db
    .with('sides', (d) =>
      d
        .selectFrom('messages')
        .select(['to_user_id as other', 'id'])
        .where('from_user_id', '=', a.userId)
        .unionAll(d.selectFrom('messages').select(['from_user_id as other', 'id']).where('to_user_id', '=', a.userId)),
    )
    .with('conv', (d) =>
      d
        .selectFrom('sides as s')
        .leftJoin('conversation_cleared as c', (j) => j.onRef('c.other_user_id', '=', 's.other').on('c.user_id', '=', a.userId))
        .where((eb) => eb('s.id', '>', eb.fn.coalesce('c.cleared_through_id', sql.lit(0))))
        .groupBy('s.other')
        .select((eb) => [
          's.other',
          eb.fn.max('s.id').as('lastId'),
          eb.fn.max(eb.fn.coalesce('c.cleared_through_id', sql.lit(0))).as('cleared'),
        ]),
    )
    .selectFrom('conv')
    .select((eb) => [
      'conv.other',
      'conv.lastId',
      eb
        .selectFrom('messages as u')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('u.to_user_id', '=', a.userId)
        .whereRef('u.from_user_id', '=', 'conv.other')
        .whereRef('u.id', '>', 'conv.cleared')
        .where('u.is_read', '=', false)
        .as('unreadCount'),
    ])
    .$if(c !== null, (q) => q.where('conv.lastId', '<', c!.lastId))
    .orderBy('conv.lastId', 'desc')
    .limit(pageLimit()),
);

/** A page of the user's conversations, newest first (PAGE_SIZE + 1 rows below the cursor's last message id: pageFrom). */
export function recentConversations(em: EntityManager, userId: number, cursor?: { lastId: number }) {
  return recent(em, { userId }, cursor);
}

/** Marks read what `otherId` sent `userId` (up to `throughId` when given); how many changed. */
export async function markRead(em: EntityManager, userId: number, otherId: number, throughId?: number): Promise<number> {
  let q = kysely(em)
    .updateTable('messages')
    .set({ is_read: true })
    .where('to_user_id', '=', userId)
    .where('from_user_id', '=', otherId)
    .where('is_read', '=', false);
  if (throughId !== undefined) q = q.where('id', '<=', throughId);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** The newest message id of the pair, either direction. */
export async function lastMessageId(em: EntityManager, userId: number, otherId: number): Promise<number | undefined> {
  const row = await kysely(em)
    .selectFrom('messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where((eb) =>
      eb.or([
        eb.and([eb('to_user_id', '=', otherId), eb('from_user_id', '=', userId)]),
        eb.and([eb('to_user_id', '=', userId), eb('from_user_id', '=', otherId)]),
      ]),
    )
    .executeTakeFirst();
  return row?.id ?? undefined;
}

/** Hides the pair's messages up to `throughId` from `userId` only; never lowers an earlier mark. */
export async function clearConversation(em: EntityManager, userId: number, otherId: number, throughId: number): Promise<void> {
  await kysely(em)
    .insertInto('conversation_cleared')
    .values({ user_id: userId, other_user_id: otherId, cleared_through_id: throughId })
    .onConflict((oc) =>
      oc.columns(['user_id', 'other_user_id']).doUpdateSet((eb) => ({
        cleared_through_id: sql<number>`greatest(${eb.ref('conversation_cleared.cleared_through_id')}, ${eb.ref('excluded.cleared_through_id')})`,
        cleared_at: sql<string>`now()`,
      })),
    )
    .execute();
}

/**
 * Deletes the pair's messages up to `throughId` (both people have cleared them: no one can see them
 * again) with their attachments; the attachments' stored file names, for removal after commit.
 */
export async function purgeMessages(em: EntityManager, userId: number, otherId: number, throughId: number): Promise<string[]> {
  const db = kysely(em);
  const ids = db
    .selectFrom('messages')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('to_user_id', '=', otherId), eb('from_user_id', '=', userId)]),
        eb.and([eb('to_user_id', '=', userId), eb('from_user_id', '=', otherId)]),
      ]),
    )
    .where('id', '<=', throughId);
  const files = await db.deleteFrom('message_attachments').where('message_id', 'in', ids).returning('filename').execute();
  await db.deleteFrom('messages').where('id', 'in', ids).execute();
  return files.map((f) => f.filename);
}

export const CREW_LIMIT = 50;

/** Crew of the group, the user excluded, optionally searched; by name, at most CREW_LIMIT. */
export function crewOfGroup(em: EntityManager, userId: number, group: Required<{ [K in keyof GroupFields]: string }>, search: string) {
  let q = kysely(em)
    .selectFrom('users')
    .select([
      'id',
      'first_name as firstName',
      'last_name as lastName',
      'employee_number as employeeNumber',
      'airline',
      'position',
      'profile_image_url as profileImageUrl',
    ])
    .where('airline', '=', group.airline)
    .where('base', '=', group.base)
    .where('position', '=', group.position)
    .where('aircraft_type', '=', group.aircraftType)
    .where('id', '<>', userId);
  if (search !== '') {
    const pattern = containsPattern(search);
    q = q.where((eb) =>
      eb.or([
        eb('first_name', 'ilike', pattern),
        eb('last_name', 'ilike', pattern),
        eb('airline', 'ilike', pattern),
        eb('position', 'ilike', pattern),
        eb('employee_number', 'ilike', pattern),
      ]),
    );
  }
  // By name as people read it: case-insensitive (the database's collation may be "C").
  return q
    .orderBy((eb) => eb.fn('lower', ['first_name']))
    .orderBy((eb) => eb.fn('lower', ['last_name']))
    .orderBy('id')
    .limit(CREW_LIMIT)
    .execute();
}

export type CrewRow = Awaited<ReturnType<typeof crewOfGroup>>[number];
