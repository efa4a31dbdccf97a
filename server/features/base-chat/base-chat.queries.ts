import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { kysely, type DB } from '../../db/kysely.ts';
import type { ChatRoom } from '../../events/domain-events.ts';
import type { StoredUpload } from '../../storage/file-store.ts';

/** A chat message with its poster's name and its attachments, in one statement. */
function chatMessagesQuery(db: Kysely<DB>) {
  return db
    .selectFrom('base_chat_messages as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select((eb) => [
      'm.id',
      'm.user_id as userId',
      'm.chat_type as chatType',
      'm.content',
      'm.created_at as createdAt',
      'm.client_key as clientKey',
      'u.first_name as firstName',
      'u.last_name as lastName',
      'u.profile_image_url as profileImageUrl',
      'u.employee_number as employeeNumber',
      jsonArrayFrom(
        eb
          .selectFrom('base_chat_message_attachments as a')
          .select(['a.id', 'a.filename', 'a.original_name as originalName'])
          .whereRef('a.message_id', '=', 'm.id')
          .orderBy('a.id'),
      ).as('attachments'),
    ]);
}

export type ChatMessageRow = Awaited<ReturnType<ReturnType<typeof chatMessagesQuery>['execute']>>[number];

export function chatMessagesByIds(em: EntityManager, ids: readonly number[]): Promise<ChatMessageRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return chatMessagesQuery(kysely(em))
    .where('m.id', 'in', [...ids])
    .orderBy('m.id')
    .execute();
}

/** Where a page starts: the message the client names, by its time (ids break ties). */
export interface PageCursor {
  id: number;
  /** The named message's created_at; null when it is gone (deleted since), then the id alone bounds the page. */
  createdAt: string | null;
  /** 'before': older messages, newest first; 'after': newer ones, oldest first (catching up). */
  direction: 'before' | 'after';
}

export async function cursorOf(em: EntityManager, id: number, direction: PageCursor['direction']): Promise<PageCursor> {
  const row = await kysely(em).selectFrom('base_chat_messages').select('created_at').where('id', '=', id).executeTakeFirst();
  return { id, createdAt: row?.created_at ?? null, direction };
}

/**
 * Up to `limit` messages of a room: the newest, newest first; before the cursor, newest first; or
 * after it, oldest first. The room's equality and the time order are base_chat_room_index
 * (airline, base, position, chat_type, created_at): an index scan from the cursor, stopping after
 * `limit` rows.
 */
export function roomPageQuery(em: EntityManager, room: ChatRoom, cursor: PageCursor | null, limit: number) {
  const after = cursor?.direction === 'after';
  const beyond = after ? '>' : '<';
  let q = chatMessagesQuery(kysely(em))
    .where('m.airline', '=', room.airline)
    .where('m.base', '=', room.base)
    .where('m.position', '=', room.position)
    .where('m.chat_type', '=', room.chatType);
  if (cursor?.createdAt) {
    const at = cursor.createdAt;
    q = q
      .where('m.created_at', after ? '>=' : '<=', at)
      .where((eb) => eb.or([eb('m.created_at', beyond, at), eb('m.id', beyond, cursor.id)]));
  } else if (cursor) {
    q = q.where('m.id', beyond, cursor.id);
  }
  const order = after ? 'asc' : 'desc';
  return q.orderBy('m.created_at', order).orderBy('m.id', order).limit(limit);
}

export const roomPage = (em: EntityManager, room: ChatRoom, cursor: PageCursor | null, limit: number): Promise<ChatMessageRow[]> =>
  roomPageQuery(em, room, cursor, limit).execute();

/**
 * Inserts a message unless the poster already stored one with this client key: then `undefined`.
 * A concurrent insert with the same key waits for the first to commit and then inserts nothing
 * (unique index base_chat_messages_sender_client_key_unique), so one row per key whatever the timing.
 */
export async function insertChatMessage(
  em: EntityManager,
  m: { userId: number; room: ChatRoom; content: string; clientKey: string | null },
): Promise<number | undefined> {
  const row = await kysely(em)
    .insertInto('base_chat_messages')
    .values({
      user_id: m.userId,
      airline: m.room.airline,
      base: m.room.base,
      position: m.room.position,
      chat_type: m.room.chatType,
      content: m.content,
      client_key: m.clientKey,
    })
    .onConflict((oc) => oc.columns(['user_id', 'client_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The id of the poster's message stored under this client key. */
export async function messageIdByClientKey(em: EntityManager, userId: number, clientKey: string): Promise<number | undefined> {
  const row = await kysely(em)
    .selectFrom('base_chat_messages')
    .select('id')
    .where('user_id', '=', userId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst();
  return row?.id;
}

export async function insertChatAttachments(em: EntityManager, messageId: number, images: readonly StoredUpload[]): Promise<void> {
  if (images.length === 0) return;
  await kysely(em)
    .insertInto('base_chat_message_attachments')
    .values(
      images.map((i) => ({ message_id: messageId, filename: i.filename, original_name: i.originalName, mime_type: i.mimeType, size: i.size })),
    )
    .execute();
}

/** Who posted a message and where, locked against a concurrent delete; undefined when there is none. */
export function chatMessageForDelete(em: EntityManager, id: number) {
  return kysely(em)
    .selectFrom('base_chat_messages')
    .select(['id', 'user_id as userId', 'airline', 'base', 'position', 'chat_type as chatType'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Deletes a message and its attachment rows; the stored file names they held. */
export async function deleteChatMessage(em: EntityManager, id: number): Promise<string[]> {
  const db = kysely(em);
  const files = await db.deleteFrom('base_chat_message_attachments').where('message_id', '=', id).returning('filename').execute();
  await db.deleteFrom('base_chat_messages').where('id', '=', id).execute();
  return files.map((f) => f.filename);
}
