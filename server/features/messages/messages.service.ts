import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGE_PAGE } from '#protocol/limits.ts';
import { MSG } from '#protocol/messages.ts';
import { storedContent, type DirectMessageBody } from '#protocol/schemas/messages.ts';
import type { ConversationSummary, CrewMember, DirectMessage, ThreadPage } from '#protocol/shapes.ts';
import type { CursorKey } from '#protocol/paging.ts';
import { messagePageFrom, pageFrom, pageLimit, type MessageWindow, type Page } from '../../db/paging.ts';
import { isForeignKeyViolation } from '../../db/transient-conflicts.ts';
import type { Deps } from '../../deps.ts';
import { AppError, invalid, notFound } from '../../http/errors.ts';
import type { StoredUpload } from '../../storage/file-store.ts';
import { groupKeyOf } from '../user-kernel/group.ts';
import { hasAdminRights } from '../user-kernel/owner.ts';
import type { UserRecord } from '../user-kernel/user.presenter.ts';
import { findUser } from '../user-kernel/users.queries.ts';
import { presentCrewMember, presentMessage, presentMessageUser } from './messages.presenter.ts';
import {
  clearConversation,
  clearedThroughId,
  crewOfGroup,
  haveConversation,
  insertAttachments,
  insertMessage,
  lastMessageId,
  markRead,
  messageIdByClientKey,
  messagesByIds,
  purgeMessages,
  recentConversations,
  threadPage,
} from './messages.queries.ts';

type MessagesDeps = Pick<Deps, 'events' | 'config'>;

/** The search text of GET /api/crew-members: trimmed and held to a sane length. */
const SEARCH_MAX = 100;

/** The foreign key from a message to its recipient (named by MikroORM's convention). */
const RECIPIENT_FOREIGN_KEY = 'messages_to_user_id_foreign';

/**
 * Direct messages (docs/product-spec.md sections 5 and 7): between crew of one group (airline, base, position,
 * aircraft type), or between anyone and an admin. A conversation deleted by one person stays with
 * the other (conversation_cleared).
 */
export class MessagesService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: MessagesDeps,
  ) {}

  private isAdmin(u: UserRecord): boolean {
    return hasAdminRights(u, this.deps.config.ownerEmail);
  }

  /**
   * Same group; an admin to anyone; anyone to an admin they already have a conversation with (the
   * admin wrote first). Crew do not start conversations with admins of other groups: if they could,
   * a send would tell them which ids are admins (docs/decisions/0019). Contact Support reaches them.
   */
  private async mayMessage(me: UserRecord, other: UserRecord): Promise<boolean> {
    if (this.isAdmin(me)) return true;
    const mine = groupKeyOf(me);
    if (mine !== null && mine === groupKeyOf(other)) return true;
    return this.isAdmin(other) && (await haveConversation(this.em, me.id, other.id));
  }

  /**
   * The recipient of a send, checked before any upload is stored. One answer for every recipient
   * the caller may not message, whether the id exists or not and whoever it is: no oracle.
   */
  async recipient(me: UserRecord, toUserId: number): Promise<UserRecord> {
    if (toUserId === me.id) throw invalid(MSG.messageToSelf, 'toUserId');
    const to = await findUser(this.em, toUserId);
    if (!to || !(await this.mayMessage(me, to))) throw new AppError(403, 'forbidden', MSG.messageRecipientNotAllowed, 'toUserId');
    return to;
  }

  /**
   * Stores the message (201) or, for a client key the sender already used, answers with the message
   * stored then (200: `created` false) and releases this attempt's files.
   */
  async send(
    me: UserRecord,
    to: UserRecord,
    body: DirectMessageBody,
    images: readonly StoredUpload[],
  ): Promise<{ message: DirectMessage; created: boolean }> {
    const clientKey = body.clientKey ?? null;
    return this.deps.events.transaction(this.em, async (em, events) => {
      /** The message as its sender sees it, read once inside the transaction: the answer, the sockets and push share it. */
      const stored = async (id: number) => {
        const [row] = await messagesByIds(em, [id]);
        if (!row) throw notFound(MSG.chatMessageNotFound); // deleted (with a user) since the key was found
        return presentMessage(row, me.id);
      };
      const content = storedContent(body.content, images.length);
      const inserted = await insertMessage(em, { fromUserId: me.id, toUserId: to.id, content, clientKey }).catch((err: unknown) => {
        // The recipient's account was deleted while this ran.
        if (isForeignKeyViolation(err) && (err as { constraint?: string }).constraint === RECIPIENT_FOREIGN_KEY)
          throw notFound(MSG.userNotFound);
        throw err;
      });
      if (inserted !== undefined) {
        await insertAttachments(em, inserted, images);
        const message = await stored(inserted);
        events.record({ type: 'message.sent', messageId: inserted, fromUserId: me.id, toUserId: to.id, item: message });
        return { message, created: true };
      }
      // The key was used: the first send stored the message (and its images); this one's go.
      const storedId = await messageIdByClientKey(em, me.id, clientKey!);
      if (storedId === undefined) throw new Error('messages: client key conflict without a stored message');
      if (images.length) events.record({ type: 'files.released', filenames: images.map((i) => i.filename) });
      return { message: await stored(storedId), created: false };
    });
  }

  /** A page of the caller's conversations, the one with the newest message first. */
  async recent(me: UserRecord, cursor?: { lastId: number }): Promise<Page<ConversationSummary>> {
    const { items: convs, next } = pageFrom(await recentConversations(this.em, me.id, cursor), (c) => [Number(c.lastId)]);
    const rows = await messagesByIds(
      this.em,
      convs.map((c) => c.lastId),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const items = convs.flatMap((c) => {
      const row = byId.get(c.lastId);
      if (!row) return []; // deleted (with its user) between the two reads
      const message = presentMessage(row, me.id);
      return [
        {
          user: message.fromUserId === me.id ? message.toUser : message.fromUser,
          lastMessage: message,
          unreadCount: Number(c.unreadCount ?? 0),
        },
      ];
    });
    return { items, next };
  }

  /** Someone the caller may message, or has a conversation with; anyone else is not found. */
  private async reachable(me: UserRecord, otherId: number): Promise<UserRecord> {
    const other = otherId === me.id ? undefined : await findUser(this.em, otherId);
    if (!other) throw notFound(MSG.userNotFound);
    if (!(await this.mayMessage(me, other)) && !(await haveConversation(this.em, me.id, other.id))) throw notFound(MSG.userNotFound);
    return other;
  }

  /**
   * A page of the conversation, oldest first: the newest, the one before an id, or the one after
   * an id (catching up); `next` continues in the same direction.
   */
  async thread(me: UserRecord, otherId: number, window: MessageWindow): Promise<{ page: ThreadPage; next: CursorKey[] | null }> {
    const other = await this.reachable(me, otherId);
    const clearedThrough = await clearedThroughId(this.em, me.id, other.id);
    const rows = await threadPage(this.em, { userId: me.id, otherId: other.id, clearedThrough, window, limit: pageLimit(MESSAGE_PAGE) });
    const page = messagePageFrom(rows, window, MESSAGE_PAGE);
    return {
      page: { user: presentMessageUser(other), messages: page.items.map((m) => presentMessage(m, me.id)), nextBefore: page.nextBefore },
      next: page.next,
    };
  }

  /** Idempotent: a second call changes nothing and tells no one. */
  async markRead(me: UserRecord, otherId: number): Promise<void> {
    const other = await this.reachable(me, otherId);
    await this.deps.events.transaction(this.em, async (em, events) => {
      if ((await markRead(em, me.id, other.id)) > 0) events.record({ type: 'message.read', readerId: me.id, otherUserId: other.id });
    });
  }

  /**
   * Hides the conversation from the caller up to its newest message; the other person keeps it.
   * What the caller had not read counts as read (it no longer shows anywhere for them). Messages
   * both people have cleared are deleted, with their files.
   */
  async deleteConversation(me: UserRecord, otherId: number): Promise<void> {
    const other = otherId === me.id ? undefined : await findUser(this.em, otherId);
    if (!other) throw notFound(MSG.userNotFound);
    await this.deps.events.transaction(this.em, async (em, events) => {
      const last = await lastMessageId(em, me.id, other.id);
      if (last === undefined) return;
      await clearConversation(em, me.id, other.id, last);
      const theirs = Math.min(last, await clearedThroughId(em, other.id, me.id));
      if (theirs > 0) {
        const filenames = await purgeMessages(em, me.id, other.id, theirs);
        if (filenames.length) events.record({ type: 'files.released', filenames });
      }
      if ((await markRead(em, me.id, other.id, last)) > 0) events.record({ type: 'message.read', readerId: me.id, otherUserId: other.id });
      events.record({ type: 'conversation.deleted', userId: me.id, otherUserId: other.id });
    });
  }

  /** The crew picker: the caller's group (none until the profile names it), the caller excluded. */
  async crew(me: UserRecord, search: string): Promise<CrewMember[]> {
    if (groupKeyOf(me) === null) return [];
    const group = { airline: me.airline!, base: me.base!, position: me.position!, aircraftType: me.aircraftType! };
    const rows = await crewOfGroup(this.em, me.id, group, search.trim().slice(0, SEARCH_MAX));
    return rows.map(presentCrewMember);
  }
}
