import type { Deps } from '../../deps.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { rooms } from '../../realtime/rooms.ts';
import { moveUserRooms } from '../../realtime/socket-server.ts';
import { presentChatMessage } from './base-chat.presenter.ts';
import { chatMessagesByIds } from './base-chat.queries.ts';
import { chatRoomName, chatRoomNamesOf } from './chat-room.ts';

/**
 * After the commit, a chat room hears of its new and deleted messages, on every instance (the
 * Redis adapter carries io's broadcasts). Each message is loaded and encoded once for the whole
 * room; the poster's own sockets get it with their client key (to settle the send they show as
 * pending), everyone else's without it. A profile change that moves the user to another airline,
 * base or position moves their sockets to its chat rooms (the board's room follows user.groupMoved
 * in realtime/socket-rooms.subscriber.ts; the chat rule lives here, realtime/ knows no features).
 */
export const baseChatSubscriber = (deps: Pick<Deps, 'io' | 'orm'>) =>
  defineSubscriber({
    name: 'base-chat',
    handles: ['chat.posted', 'chat.deleted', 'profile.changed'],
    async handle(events) {
      for (const e of events) {
        if (e.type === 'profile.changed') moveUserRooms(deps.io, e.userId, chatRoomNamesOf(e.before), chatRoomNamesOf(e.after));
      }
      const posted = events.flatMap((e) => (e.type === 'chat.posted' ? [e] : []));
      if (posted.length) {
        const rows = new Map((await chatMessagesByIds(deps.orm.em.fork(), posted.map((e) => e.messageId))).map((r) => [r.id, r]));
        for (const e of posted) {
          const row = rows.get(e.messageId);
          if (!row) continue; // deleted since: its chat:deleted follows
          const poster = rooms.user(row.userId);
          deps.io.to(chatRoomName(e.room)).except(poster).emit('chat:new', presentChatMessage(row, null));
          deps.io.to(poster).emit('chat:new', presentChatMessage(row, row.userId));
        }
      }
      for (const e of events) {
        if (e.type === 'chat.deleted') deps.io.to(chatRoomName(e.room)).emit('chat:deleted', { id: e.messageId, chatType: e.room.chatType });
      }
    },
  });
