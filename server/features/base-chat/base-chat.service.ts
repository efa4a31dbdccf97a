import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChatType } from '#protocol/enums.ts';
import { MESSAGE_PAGE } from '#protocol/limits.ts';
import { MSG } from '#protocol/messages.ts';
import type { ChatMessageBody } from '#protocol/schemas/messages.ts';
import { storedContent } from '#protocol/schemas/messages.ts';
import type { ChatMessage, ChatPage } from '#protocol/shapes.ts';
import type { CursorKey } from '#protocol/paging.ts';
import { messagePageFrom, pageLimit, type MessageWindow } from '../../db/paging.ts';
import type { Deps } from '../../deps.ts';
import type { ChatRoom } from '../../events/domain-events.ts';
import { forbidden, invalid, notFound } from '../../http/errors.ts';
import type { StoredUpload } from '../../storage/file-store.ts';
import type { UserRecord } from '../user-kernel/user.presenter.ts';
import { presentChatMessage } from './base-chat.presenter.ts';
import * as q from './base-chat.queries.ts';
import { chatRoomOf, inRoomsOf } from './chat-room.ts';

type BaseChatDeps = Pick<Deps, 'events'>;

/**
 * Base chat (docs/product-spec.md sections 2, 5 and 7): one room per airline, base, position and chat type. The
 * room is always the caller's own, from their profile; a message is deleted by its poster only.
 * Sockets hear of posts and deletions after the commit (base-chat.subscriber.ts).
 */
export class BaseChatService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: BaseChatDeps,
  ) {}

  /** The caller's room of that type; a profile without a full group has none to post in. */
  requireRoom(user: UserRecord, chatType: ChatType): ChatRoom {
    const room = chatRoomOf(user, chatType);
    if (!room) throw invalid(MSG.profileIncomplete);
    return room;
  }

  /**
   * A page of the caller's room, oldest first: the newest, the one before a message id (Load
   * earlier), or the one after it (catching up); `next` continues in the same direction.
   */
  async page(user: UserRecord, chatType: ChatType, window: MessageWindow): Promise<{ page: ChatPage; next: CursorKey[] | null }> {
    const room = chatRoomOf(user, chatType);
    if (!room) return { page: { messages: [], nextBefore: null }, next: null };
    const cursor = window && (await q.cursorOf(this.em, window.id, window.direction));
    // One more than a page says whether another page follows.
    const page = messagePageFrom(await q.roomPage(this.em, room, cursor, pageLimit(MESSAGE_PAGE)), window, MESSAGE_PAGE);
    return { page: { messages: page.items.map((r) => presentChatMessage(r, user.id)), nextBefore: page.nextBefore }, next: page.next };
  }

  /**
   * Posts to the caller's room. A client key already used by the caller answers with the message
   * stored under it (created: false), and the images of the repeat leave the disk after the commit.
   */
  async post(
    user: UserRecord,
    body: ChatMessageBody,
    images: readonly StoredUpload[],
  ): Promise<{ message: ChatMessage; created: boolean }> {
    if (body.content.trim() === '' && images.length === 0) throw invalid(MSG.messageEmpty, 'content');
    const room = this.requireRoom(user, body.chatType);
    const clientKey = body.clientKey ?? null;
    return this.deps.events.transaction(this.em, async (em, events) => {
      /** The message as its poster sees it, read once inside the transaction: the answer and the room share it. */
      const stored = async (id: number) => {
        const [row] = await q.chatMessagesByIds(em, [id]);
        if (!row) throw notFound(MSG.chatMessageNotFound); // deleted since the key was found
        return presentChatMessage(row, user.id);
      };
      const inserted = await q.insertChatMessage(em, {
        userId: user.id,
        room,
        content: storedContent(body.content, images.length),
        clientKey,
      });
      if (inserted === undefined) {
        // Only a taken client key skips the insert, so the key is there.
        const storedId = await q.messageIdByClientKey(em, user.id, clientKey!);
        if (storedId === undefined) throw new Error('base chat: client key conflict without a stored message');
        if (images.length) events.record({ type: 'files.released', filenames: images.map((i) => i.filename) });
        return { message: await stored(storedId), created: false };
      }
      await q.insertChatAttachments(em, inserted, images);
      const message = await stored(inserted);
      events.record({ type: 'chat.posted', messageId: inserted, room, item: message });
      return { message, created: true };
    });
  }

  /**
   * The poster deletes their message: another's in the caller's rooms is 403, one outside them (or
   * none) 404. Its files leave the disk after the commit; the room hears of it then.
   */
  async remove(user: UserRecord, id: number): Promise<void> {
    await this.deps.events.transaction(this.em, async (em, events) => {
      const message = await q.chatMessageForDelete(em, id);
      if (!message || !inRoomsOf(user, message)) throw notFound(MSG.chatMessageNotFound);
      if (message.userId !== user.id) throw forbidden(MSG.chatDeleteOwnOnly);
      const filenames = await q.deleteChatMessage(em, id);
      const { airline, base, position } = message;
      // The column holds what chatTypeSchema let in.
      events.record({ type: 'chat.deleted', messageId: id, room: { airline, base, position, chatType: message.chatType as ChatType } });
      if (filenames.length) events.record({ type: 'files.released', filenames });
    });
  }
}
